/**
 * A raw audio upload sent without a payment (the first of x402's two
 * requests) is checked from its first bytes and not held: the paid request
 * that follows holds the upload once, instead of a second copy beside the
 * first one's garbage. What those first bytes prove wrong is still refused
 * with a JSON `{error, requestId}` before any 402, and what only the whole
 * upload shows is refused when it is paid for, before the payment is touched
 * (the service's USDC balance, read back from the local chain, does not move).
 *
 * @module
 */
import assert from "node:assert/strict";
import { wrapFetchWithPayment } from "@x402/fetch";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { until } from "../_support/until.ts";
import { payToBalance, sleep } from "./_hang_up.ts";

const MB = 1024 * 1024;
const PATH = "/v1/audio/normalize";
const ENV = { MEMORY_BUDGET_MB: "4096", AUDIO_MAX_BYTES: String(256 * MB), AUDIO_MAX_SECONDS: "3600" };

/** A 48 kHz stereo 16-bit WAV header: `fmt ` (with `channels`), a `LIST` chunk of `padBytes`, then `data`. */
function wavHead(dataBytes: number, options: { channels?: number; padBytes?: number } = {}): Uint8Array {
  const { channels = 2, padBytes = 0 } = options;
  const pad = padBytes > 0 ? 8 + padBytes : 0;
  const head = new Uint8Array(44 + pad);
  const view = new DataView(head.buffer);
  const ascii = (at: number, text: string) => head.set(new TextEncoder().encode(text), at);
  ascii(0, "RIFF");
  view.setUint32(4, 36 + pad + dataBytes, true);
  ascii(8, "WAVE");
  let at = 12;
  if (pad) {
    ascii(at, "LIST");
    view.setUint32(at + 4, padBytes, true);
    at += pad;
  }
  ascii(at, "fmt ");
  view.setUint32(at + 4, 16, true);
  view.setUint16(at + 8, 1, true);
  view.setUint16(at + 10, channels, true);
  view.setUint32(at + 12, 48_000, true);
  view.setUint32(at + 16, 48_000 * 2 * channels, true);
  view.setUint16(at + 20, 2 * channels, true);
  view.setUint16(at + 22, 16, true);
  ascii(at + 24, "data");
  view.setUint32(at + 28, dataBytes, true);
  return head;
}

/** A WAV of `dataBytes` of silence after `wavHead`. */
function silentWav(
  dataBytes: number,
  options: { channels?: number; padBytes?: number } = {},
): Uint8Array<ArrayBuffer> {
  const head = wavHead(dataBytes, options);
  const bytes = new Uint8Array(head.length + dataBytes);
  bytes.set(head);
  return bytes;
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let offset = 0; offset < bytes.byteLength;) offset += await conn.write(bytes.subarray(offset));
}

/** The status line's code of the answer on `conn`. */
async function answerStatus(conn: Deno.Conn): Promise<number> {
  const buffer = new Uint8Array(16);
  let read = 0;
  while (read < 12) {
    const n = await conn.read(buffer.subarray(read));
    if (n === null) break;
    read += n;
  }
  return Number(new TextDecoder().decode(buffer.subarray(9, 12)));
}

Deno.test("[e2e] an unpaid raw audio upload is checked from its first bytes and not held", async () => {
  const service = await startTestService({ env: ENV });
  try {
    const declared = 160 * MB;
    const head = wavHead(declared - 44);
    // Load the route's modules first, so that only the upload is counted below.
    const warm = await fetch(service.base + PATH, {
      method: "POST",
      headers: { "content-type": "audio/wav" },
      body: silentWav(64 * 1024),
    });
    await warm.body?.cancel();
    assert.equal(warm.status, 402);

    const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(service.base).port) });
    try {
      const before = Deno.memoryUsage().external;
      let growth = 0;
      await writeAll(
        conn,
        new TextEncoder().encode(
          `POST ${PATH} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: audio/wav\r\n` +
            `content-length: ${declared}\r\nconnection: close\r\n\r\n`,
        ),
      );
      await writeAll(conn, head);
      // The rest from one reused buffer: what the test process gains is what the service holds of the upload.
      const piece = new Uint8Array(MB);
      for (let sent = head.length; sent < declared;) {
        const size = Math.min(piece.length, declared - sent);
        await writeAll(conn, piece.subarray(0, size));
        sent += size;
        growth = Math.max(growth, Deno.memoryUsage().external - before);
      }
      assert.equal(await answerStatus(conn), 402, "the upload is offered its price");
      // Held, the upload would be 160 MB at once (read into a buffer of its declared length); its first
      // megabyte and one scratch buffer are what reading it without a payment may take.
      assert.ok(
        growth < declared / 4,
        `grew by ${(growth / MB).toFixed(0)} MB for a ${declared / MB} MB upload`,
      );
    } finally {
      conn.close();
    }
    await until(() => service.runtime.bodyBudget.inFlight === 0, "the body budget to be whole again");
  } finally {
    await service.close();
  }
});

Deno.test("[e2e] unpaid raw audio: what the first bytes show wrong is refused before any 402", async () => {
  const service = await startTestService({ env: { ...ENV, AUDIO_MAX_SECONDS: "60" } });
  try {
    const cases = [
      { name: "a header declaring 0 channels", body: silentWav(4 * MB, { channels: 0 }), status: 400 },
      { name: "no audio signature", body: new Uint8Array(4 * MB).fill(0x41), status: 400 },
      { name: "a declared duration over the limit", body: silentWav(12 * MB), status: 413 },
    ];
    for (const { name, body, status } of cases) {
      const answer = await fetch(service.base + PATH, {
        method: "POST",
        headers: { "content-type": "audio/wav" },
        body,
      });
      const refusal = await answer.json();
      assert.equal(answer.status, status, `${name}: ${JSON.stringify(refusal)}`);
      assert.ok(typeof refusal.error === "string" && typeof refusal.requestId === "string", name);
      assert.equal(answer.headers.get("payment-required"), null, name);
    }
  } finally {
    await service.close();
  }
});

Deno.test("[e2e] unpaid raw audio: a header past the first bytes is judged whole when paid, uncharged", async () => {
  const service = await startTestService({ env: ENV });
  try {
    const { client } = await fundedBuyer(service, "1");
    const pay = wrapFetchWithPayment(fetch, client);
    const before = payToBalance(service);
    // A 2 MB LIST chunk before a fmt chunk that declares no channels: the first megabyte cannot tell.
    const body = silentWav(MB, { channels: 0, padBytes: 2 * MB });
    const unpaid = await fetch(service.base + PATH, {
      method: "POST",
      headers: { "content-type": "audio/wav" },
      body,
    });
    await unpaid.body?.cancel();
    assert.equal(unpaid.status, 402, "the first megabyte cannot tell");
    const answer = await pay(service.base + PATH, {
      method: "POST",
      headers: { "content-type": "audio/wav" },
      body,
    });
    const refusal = await answer.json();
    assert.equal(answer.status, 400, JSON.stringify(refusal));
    assert.match(refusal.error, /0 channels/);
    assert.ok(typeof refusal.requestId === "string");
    assert.equal(answer.headers.get("payment-response"), null);
    // Give a wrongly started settlement time to land before reading the chain.
    await sleep(500);
    assert.equal(payToBalance(service), before, "nothing charged");
  } finally {
    await service.close();
  }
});

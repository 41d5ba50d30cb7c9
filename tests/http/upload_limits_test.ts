/**
 * Uploads as people send them, against the running service on loopback: raw
 * bodies (`audio/wav`, `application/pdf`) and JSON with base64, declared or
 * chunked, honest or hostile. A declared size over the cap is answered 413
 * before a byte of the body is sent; a chunked body is counted as it arrives
 * and refused once over the cap, long before its end; a lying
 * `Content-Length` gets no more than it declared. Every refusal is JSON
 * `{error, requestId}`, comes before any 402 (nothing is asked for or
 * charged), and the body budget is whole again afterwards.
 *
 * @module
 */
import assert from "node:assert/strict";
import { startTestService, type TestService } from "../_support/service.ts";
import { until } from "../_support/until.ts";

/** Small caps, so that over-the-cap bodies are cheap to send. */
const CAP_BYTES = 64 * 1024;
const ENV = { AUDIO_MAX_BYTES: String(CAP_BYTES), PDF_MAX_BYTES: String(CAP_BYTES) };

/** The answer to 1,024 bytes of `%` sent as a PDF. */
const LYING_STATUS = 400;

const UPLOADS = [
  { path: "/v1/audio/normalize", type: "audio/wav" },
  { path: "/v1/pdf/to-markdown", type: "application/pdf" },
  { path: "/v1/audio/normalize", type: "application/json" },
  { path: "/v1/pdf/to-markdown", type: "application/json" },
] as const;

/** An HTTP/1.1 answer read off a raw socket. */
interface RawAnswer {
  status: number;
  body: string;
}

/** Reads one HTTP/1.1 answer from `conn`, closing it (and failing) if none comes within 10 s. */
async function readAnswer(conn: Deno.Conn): Promise<RawAnswer> {
  const timer = setTimeout(() => conn.close(), 10_000);
  try {
    return await readWholeAnswer(conn);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads one HTTP/1.1 answer (with a `Content-Length`) from `conn`. */
async function readWholeAnswer(conn: Deno.Conn): Promise<RawAnswer> {
  const decoder = new TextDecoder();
  let text = "";
  const buffer = new Uint8Array(64 * 1024);
  while (true) {
    const headEnd = text.indexOf("\r\n\r\n");
    if (headEnd >= 0) {
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, headEnd))?.[1] ?? 0);
      const body = text.slice(headEnd + 4);
      if (new TextEncoder().encode(body).byteLength >= length) {
        return { status: Number(text.slice(9, 12)), body: body.slice(0, length) };
      }
    }
    const n = await conn.read(buffer);
    if (n === null) throw new Error(`connection closed before a whole answer: ${JSON.stringify(text)}`);
    text += decoder.decode(buffer.subarray(0, n), { stream: true });
  }
}

/** Opens a socket to `service` and writes a request head. */
async function sendHead(
  service: TestService,
  path: string,
  headers: Record<string, string>,
): Promise<Deno.Conn> {
  const url = new URL(service.base);
  const conn = await Deno.connect({ hostname: url.hostname, port: Number(url.port) });
  const head = [
    `POST ${path} HTTP/1.1`,
    `Host: ${url.host}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n");
  await writeAll(conn, new TextEncoder().encode(head));
  return conn;
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  for (let offset = 0; offset < bytes.byteLength;) offset += await conn.write(bytes.subarray(offset));
}

/** Asserts a refusal is JSON `{error, requestId}` with `status`. */
function assertRefusal(status: number, body: string, expected: number, where: string): void {
  assert.equal(status, expected, `${where}: ${body}`);
  const parsed = JSON.parse(body);
  assert.ok(parsed.error, `${where}: error`);
  assert.equal(typeof parsed.requestId, "string", `${where}: requestId`);
}

/** Waits until no request body holds any of the budget. */
async function budgetWhole(service: TestService): Promise<void> {
  await until(() => service.runtime.bodyBudget.inFlight === 0, "the body budget to be whole again");
}

Deno.test("[e2e] uploads: over-the-cap, chunked and lying bodies are refused with 413 before any 402", async (t) => {
  const service = await startTestService({ env: ENV });
  try {
    for (const { path, type } of UPLOADS) {
      await t.step(
        `${type} to ${path}: a Content-Length over the cap is refused before the body is sent`,
        async () => {
          const conn = await sendHead(service, path, {
            "Content-Type": type,
            "Content-Length": String(100 * 1024 * 1024),
          });
          try {
            // Not a byte of the body is written: the answer must come from the head alone.
            const answer = await readAnswer(conn);
            assertRefusal(answer.status, answer.body, 413, `${type} ${path}`);
          } finally {
            conn.close();
          }
          await budgetWhole(service);
        },
      );

      await t.step(
        `${type} to ${path}: a chunked body is counted as it arrives and refused at the cap`,
        async () => {
          const total = 32 * 1024 * 1024;
          const chunk = new Uint8Array(16 * 1024).fill(0x41);
          let sent = 0;
          const body = new ReadableStream<Uint8Array>({
            pull(controller) {
              if (sent >= total) return controller.close();
              sent += chunk.byteLength;
              controller.enqueue(chunk);
            },
          });
          const response = await fetch(`${service.base}${path}`, {
            method: "POST",
            headers: { "content-type": type },
            body,
          });
          assertRefusal(response.status, await response.text(), 413, `${type} ${path}`);
          assert.ok(sent < total / 4, `refused after ${sent} of ${total} bytes, not at the end`);
          await budgetWhole(service);
        },
      );
    }

    await t.step(
      "a Content-Length smaller than the body sent: the service reads what was declared, no more",
      async () => {
        // 1 KB declared, then 1 MB written on the same connection: the rest is never taken as this body.
        const conn = await sendHead(service, "/v1/pdf/to-markdown", {
          "Content-Type": "application/pdf",
          "Content-Length": "1024",
        });
        try {
          const junk = new Uint8Array(1024 * 1024).fill(0x25);
          await writeAll(conn, junk.subarray(0, 1024));
          const answer = await readAnswer(conn);
          // The 1,024 declared bytes are judged alone: not a PDF, refused before any payment is asked for.
          assertRefusal(answer.status, answer.body, LYING_STATUS, "lying Content-Length");
          await writeAll(conn, junk.subarray(1024)).catch(() => {});
        } finally {
          conn.close();
        }
        await budgetWhole(service);
      },
    );

    await t.step(
      "a Content-Length larger than the body sent, then a hang-up: nothing held afterwards",
      async () => {
        const conn = await sendHead(service, "/v1/audio/normalize", {
          "Content-Type": "audio/wav",
          "Content-Length": String(CAP_BYTES),
        });
        await writeAll(conn, new Uint8Array(1024));
        conn.close();
        await budgetWhole(service);
      },
    );

    await t.step("a body under the cap, sent raw and unpaid, gets the 402 and nothing is held", async () => {
      const response = await fetch(`${service.base}/v1/pdf/to-markdown`, {
        method: "POST",
        headers: { "content-type": "application/pdf" },
        body: new TextEncoder().encode("%PDF-1.4\n%%EOF\n"),
      });
      await response.body?.cancel();
      assert.equal(response.status, 402, "a well-formed small body is offered for sale");
      await budgetWhole(service);
    });
  } finally {
    await service.close();
  }
});

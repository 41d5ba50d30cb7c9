import assert from "node:assert/strict";
import {
  reusesPieces,
  SEND_PIECE_BYTES,
  SEND_RING_BYTES,
  type SendPieces,
  sendPieces,
} from "../../../lib/shared/send_ring.ts";

const MB = 1024 * 1024;

/** A ring of `count` pieces of {@linkcode SEND_PIECE_BYTES}: the control, too small for the runtime. */
function smallRing(count: number): SendPieces {
  const ring = new Uint8Array(count * SEND_PIECE_BYTES);
  let at = 0;
  return {
    take(length) {
      if (at + length > ring.length) at = 0;
      at += length;
      return ring.subarray(at - length, at);
    },
  };
}

/**
 * Sends `total` bytes through `Deno.serve` as pieces from `pieces`, each
 * filled with its index, to a reader slower than the sender (over HTTP/2
 * when `http2`), and returns how many bytes arrived other than sent: a piece
 * filled again before the runtime had written it arrives as a later one.
 */
async function sendThrough(pieces: SendPieces, total: number, http2: boolean): Promise<number> {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
    let sent = 0;
    let index = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        const piece = pieces.take(Math.min(SEND_PIECE_BYTES, total - sent));
        piece.fill(index++ & 0xff);
        sent += piece.length;
        controller.enqueue(piece);
      },
    });
    return new Response(body, { headers: { "Content-Length": String(total) } });
  });
  const client = Deno.createHttpClient(http2 ? { http1: false, http2: true } : {});
  try {
    const response = await fetch(`http://127.0.0.1:${server.addr.port}/`, { client });
    let at = 0;
    let wrong = 0;
    let read = 0;
    for await (const chunk of response.body!) {
      for (let i = 0; i < chunk.length; i++, at++) {
        if (chunk[i] !== (Math.floor(at / SEND_PIECE_BYTES) & 0xff)) wrong++;
      }
      // A slow reader: the runtime holds what the connection has not taken.
      if (++read % 4 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    assert.equal(at, total);
    return wrong;
  } finally {
    client.close();
    await server.shutdown();
  }
}

Deno.test("a large answer's pieces come from one ring, each handed out again only once the ring has been", () => {
  assert.equal(reusesPieces(SEND_RING_BYTES), false);
  assert.equal(reusesPieces(SEND_RING_BYTES + 1), true);
  const pieces = sendPieces(32 * MB);
  const handed: Uint8Array[] = [];
  for (let sent = 0; sent < 32 * MB; sent += SEND_PIECE_BYTES - 3) {
    handed.push(pieces.take(SEND_PIECE_BYTES - 3));
  }
  // 32 MB sent from one buffer of the ring's size: nothing per byte left for the collector.
  assert.equal(new Set(handed.map((piece) => piece.buffer)).size, 1);
  assert.equal(handed[0]!.buffer.byteLength, SEND_RING_BYTES);
  // A piece's bytes are handed out again only after at least the ring's size less one piece.
  const perRing = Math.floor(SEND_RING_BYTES / (SEND_PIECE_BYTES - 3));
  for (let i = 1; i < perRing; i++) assert.notEqual(handed[i]!.byteOffset, handed[0]!.byteOffset);
  assert.equal(handed[perRing]!.byteOffset, 0);
  assert.throws(() => pieces.take(SEND_PIECE_BYTES + 1), RangeError);
});

Deno.test("a small answer's pieces are buffers of their own (its garbage is bounded by the ring's size)", () => {
  const pieces = sendPieces(SEND_RING_BYTES);
  const a = pieces.take(10);
  const b = pieces.take(10);
  assert.notEqual(a.buffer, b.buffer);
});

for (const http2 of [false, true]) {
  Deno.test(
    `the runtime has written a piece before the ring hands it out again (HTTP/${http2 ? "2" : "1.1"})`,
    async () => {
      // The control: a ring of two pieces is filled again while the runtime still holds them, so this
      // check sees what reuse too early does.
      assert.ok(await sendThrough(smallRing(2), 8 * MB, http2) > 0, "a two-piece ring arrived intact");
      assert.equal(await sendThrough(sendPieces(24 * MB), 24 * MB, http2), 0);
    },
  );
}

import assert from "node:assert/strict";
import { streamBytes, streamJson } from "../../../lib/operation/binary_output.ts";
import { SEND_RING_BYTES } from "../../../lib/shared/send_ring.ts";

/** Bytes that are not all alike, so a misplaced slice shows. */
function pattern(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (i * 7919 + (i >> 10)) & 0xff);
}

Deno.test("a streamed JSON answer is byte for byte JSON.stringify of the base64 answer", async () => {
  const slice = 3 * 16 * 1024;
  for (const length of [0, 1, 2, 3, 4, slice - 1, slice, slice + 1, 2 * slice + 2]) {
    const bytes = pattern(length);
    const body = {
      audio: "",
      mimeType: "audio/wav",
      note: 'quotes " and \\ and \u0000',
      n: 1.5,
      requestId: "r",
    };
    const { stream, length: declared } = streamJson(body, "audio", bytes);
    const sent = new Uint8Array(await new Response(stream).arrayBuffer());
    const expected = new TextEncoder().encode(JSON.stringify({ ...body, audio: bytes.toBase64() }));
    assert.deepStrictEqual(sent.length, declared, `declared length, ${length} bytes`);
    assert.deepStrictEqual(sent, expected, `${length} bytes`);
    assert.deepStrictEqual(Uint8Array.fromBase64(JSON.parse(new TextDecoder().decode(sent)).audio), bytes);
  }
});

Deno.test("a streamed binary answer carries every byte once, in order", async () => {
  for (const length of [0, 1, 3 * 256 * 1024, 3 * 256 * 1024 + 5]) {
    const bytes = pattern(length);
    const sent = new Uint8Array(await new Response(streamBytes(bytes)).arrayBuffer());
    assert.deepStrictEqual(sent, bytes, `${length} bytes`);
  }
});

Deno.test("a streamed JSON answer of a stream regroups its pieces into slices, every slice read before the next", async () => {
  const bytes = pattern(3 * (3 * 256 * 1024) + 11);
  // Pieces of odd sizes, as a pipe hands them out.
  const value = {
    byteLength: bytes.length,
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0, size = 1; at < bytes.length; at += size, size = (size * 7 + 13) % 300_000 + 1) {
            controller.enqueue(bytes.slice(at, at + size));
          }
          controller.close();
        },
      }),
  };
  const { stream, length } = streamJson({ audio: "" }, "audio", value);
  const sent = new Uint8Array(await new Response(stream).arrayBuffer());
  assert.equal(sent.length, length);
  assert.deepStrictEqual(sent, new TextEncoder().encode(JSON.stringify({ audio: bytes.toBase64() })));
});

Deno.test("a large streamed JSON answer is sent from one ring of pieces, the bytes each piece held when it was read", async () => {
  const bytes = pattern(6 * 1024 * 1024 + 5);
  const value = {
    byteLength: bytes.length,
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 100_003) {
            controller.enqueue(bytes.subarray(at, at + 100_003));
          }
          controller.close();
        },
      }),
  };
  const { stream, length } = streamJson({ audio: "" }, "audio", value);
  // Read as the runtime sends a body: each piece copied (written) before the next is asked for.
  const sent = new Uint8Array(length);
  const buffers = new Set<ArrayBufferLike>();
  let at = 0;
  for await (const piece of stream) {
    buffers.add(piece.buffer);
    sent.set(piece, at);
    at += piece.length;
  }
  assert.equal(at, length);
  // The head, the tail and one ring: not a fresh buffer for every slice of base64 (8 MB of them here).
  assert.ok(buffers.size <= 3, `${buffers.size} buffers`);
  assert.ok([...buffers].every((buffer) => buffer.byteLength <= SEND_RING_BYTES));
  assert.deepStrictEqual(JSON.parse(new TextDecoder().decode(sent)), { audio: bytes.toBase64() });
});

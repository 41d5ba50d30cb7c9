import assert from "node:assert/strict";
import { createFingerprint, encodedAudio, type ReplaySpec } from "../../../lib/audio/encoded_result.ts";
import { SEND_PIECE_BYTES, SEND_RING_BYTES } from "../../../lib/shared/send_ring.ts";

const MB = 1024 * 1024;

/**
 * A replay of `length` bytes written as ffmpeg's stdout is read: into one
 * scratch buffer filled again for every chunk (of Ogg-page-like odd sizes),
 * each chunk valid only until `emit` settles. Its fingerprint is `print`'s.
 */
function scratchReplay(length: number, print = length): ReplaySpec {
  const made = new Uint8Array(length);
  for (let at = 0; at < length; at++) made[at] = (at * 31 + (at >> 12)) & 0xff;
  const fingerprint = createFingerprint();
  fingerprint.push(made.subarray(0, print));
  return {
    byteLength: length,
    fingerprint: fingerprint.result().fingerprint,
    async run(emit) {
      const scratch = new Uint8Array(256 * 1024);
      for (let at = 0, size = 11_001; at < length; at += size, size = (size * 7 + 13) % 250_000 + 1) {
        const chunk = scratch.subarray(0, Math.min(size, length - at));
        chunk.set(made.subarray(at, at + chunk.length));
        await emit(chunk);
      }
    },
  };
}

/** Reads `stream` as the runtime sends a body (each piece copied out before the next is asked for). */
async function send(stream: ReadableStream<Uint8Array>, length: number) {
  const sent = new Uint8Array(length);
  const buffers = new Set<ArrayBufferLike>();
  let at = 0;
  let pieces = 0;
  for await (const piece of stream) {
    assert.ok(piece.length <= SEND_PIECE_BYTES);
    buffers.add(piece.buffer);
    sent.set(piece, at);
    at += piece.length;
    pieces++;
  }
  return { sent: sent.subarray(0, at), buffers: buffers.size, pieces };
}

Deno.test("a large replay sent to a connection hands out pieces of one ring, not a buffer per chunk", async () => {
  const length = 12 * MB + 7;
  const spec = scratchReplay(length);
  const audio = encodedAudio(spec);
  const reused = await send(audio.stream({ reusePieces: true }), length);
  // The first 4 KB are held back and joined (a WAV's sizes are patched there), then one ring.
  assert.ok(reused.buffers <= 2, `${reused.buffers} buffers for ${reused.pieces} pieces`);
  assert.equal(reused.sent.length, length);
  const print = createFingerprint();
  print.push(reused.sent);
  assert.equal(print.result().fingerprint, spec.fingerprint);
  // A reader that keeps pieces (the default) gets buffers of its own, the same bytes.
  const own = await send(audio.stream(), length);
  assert.equal(own.buffers, own.pieces);
  assert.deepStrictEqual(own.sent, reused.sent);
  assert.ok(SEND_RING_BYTES < length);
});

Deno.test("a replay that makes other bytes holds its last piece back: the answer ends short, never complete", async () => {
  const length = 2 * MB + 3;
  // Measured one byte shorter: the bytes made again differ in their fingerprint, not their length.
  const audio = encodedAudio(scratchReplay(length, length - 1));
  for (const reusePieces of [false, true]) {
    let received = 0;
    await assert.rejects(
      (async () => {
        for await (const piece of audio.stream({ reusePieces })) received += piece.length;
      })(),
      /differs from the one measured/,
    );
    assert.ok(received < length, `${received} of ${length} bytes sent`);
  }
});

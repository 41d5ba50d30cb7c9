import assert from "node:assert/strict";
import { moovFirst } from "../../../lib/audio/mp4_faststart.ts";
import { ffmpeg, makeAudio } from "../../_support/audio_material.ts";

/** Top-level box types of an MP4 file, in order. */
function topLevel(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const types: string[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    types.push(new TextDecoder().decode(bytes.subarray(at + 4, at + 8)));
    at += view.getUint32(at);
  }
  return types;
}

/** Decodes an M4A from a pipe to raw PCM, as the service reads it. */
async function decodeFromPipe(bytes: Uint8Array): Promise<Uint8Array> {
  const run = await ffmpeg(["-f", "mov", "-i", "pipe:0", "-f", "s16le", "pipe:1"], bytes);
  return run.stdout;
}

Deno.test("moovFirst() makes an M4A with its index at the end decodable from a pipe", async () => {
  const m4a = await makeAudio("music", { seconds: 10, format: "m4a" });
  const types = topLevel(m4a);
  assert.ok(types.indexOf("moov") > types.indexOf("mdat"), types.join(","));
  assert.equal((await decodeFromPipe(m4a)).length, 0);

  const streamable = moovFirst(m4a);
  const moved = topLevel(streamable);
  assert.ok(moved.indexOf("moov") < moved.indexOf("mdat"), moved.join(","));
  assert.equal(streamable.length, m4a.length);

  // The same samples as ffmpeg decoding the original from a seekable file.
  const path = await Deno.makeTempFile({ suffix: ".m4a" });
  try {
    await Deno.writeFile(path, m4a);
    const fromFile = await ffmpeg(["-i", path, "-f", "s16le", "pipe:1"]);
    const fromPipe = await decodeFromPipe(streamable);
    assert.ok(fromFile.stdout.length > 10 * 48000 * 4 * 0.9);
    assert.deepEqual(fromPipe, fromFile.stdout);
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("moovFirst() leaves files that already stream, and malformed ones, untouched", async () => {
  const fragmented = await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "sine=d=2",
    "-c:a",
    "aac",
    "-f",
    "mp4",
    "-movflags",
    "+empty_moov",
    "-frag_duration",
    "1000000",
    "pipe:1",
  ]);
  assert.equal(fragmented.code, 0, fragmented.stderr);
  assert.equal(moovFirst(fragmented.stdout), fragmented.stdout);
  const truncated = (await makeAudio("speech", { seconds: 1, format: "m4a" })).subarray(0, 100);
  assert.equal(moovFirst(truncated), truncated);
  const notMp4 = new TextEncoder().encode("\0\0\0\x10ftypM4A \0\0\0\0garbage");
  assert.equal(moovFirst(notMp4), notMp4);
});

import assert from "node:assert/strict";
import { DEFAULT_AUDIO_LIMITS } from "../../../lib/audio/limits.ts";
import {
  normalizeAudio,
  normalizeAudioStreamed,
  type NormalizeRequest,
} from "../../../lib/audio/normalize.ts";
import { createChunkPipe, createFingerprint, encodedAudio } from "../../../lib/audio/encoded_result.ts";
import { createGate } from "../../../lib/shared/concurrency.ts";
import { UnavailableError } from "../../../lib/shared/errors.ts";
import { makeAudio, type Material, type MaterialOptions } from "../../_support/audio_material.ts";

const limits = { ...DEFAULT_AUDIO_LIMITS };

/** The bytes of a streamed result, read as an answer would read them. */
async function bytesOf(audio: Uint8Array | { stream(): ReadableStream<Uint8Array> }): Promise<Uint8Array> {
  return audio instanceof Uint8Array
    ? audio
    : new Uint8Array(await new Response(audio.stream()).arrayBuffer());
}

const CASES: { name: string; material: Material; options: MaterialOptions; request: NormalizeRequest }[] = [
  {
    name: "an MP3 (the result measured as it streams)",
    material: "speech",
    options: { format: "mp3" },
    request: {},
  },
  {
    name: "an M4A with its index at the end (fed as pieces)",
    material: "speech",
    options: { format: "m4a", gainDb: -9 },
    request: {},
  },
  {
    name: "a FLAC (a plain gain, figures by arithmetic)",
    material: "music",
    options: { format: "flac" },
    request: {},
  },
  {
    name: "a 24-bit WAV that needs the limiter (a WAV header patched as it is sent)",
    material: "peaky",
    options: { format: "wav24", channels: 1, gainDb: -4 },
    request: {},
  },
  {
    name: "an Opus",
    material: "music",
    options: { format: "opus", gainDb: -3 },
    request: { preset: "atsc" },
  },
];

for (const c of CASES) {
  Deno.test(`normalizeAudioStreamed() sends ${c.name} byte for byte as normalizeAudio() holds it`, async () => {
    const input = await makeAudio(c.material, c.options);
    const held = await normalizeAudio(input.slice(), c.request, { limits });
    const streamed = await normalizeAudioStreamed(input.slice(), c.request, { limits });
    assert.ok(!(streamed.audio instanceof Uint8Array), "an ffmpeg-encoded result is not held");
    assert.equal(streamed.audio.byteLength, held.audio.length);
    assert.deepEqual(await bytesOf(streamed.audio), held.audio);
    assert.deepEqual({ ...streamed, audio: undefined }, { ...held, audio: undefined });
  });
}

Deno.test("normalizeAudioStreamed() writes a plain gain on a 16-bit WAV in place, held", async () => {
  const input = await makeAudio("speech", { format: "wav", gainDb: -8 });
  const held = await normalizeAudio(input.slice(), {}, { limits });
  const streamed = await normalizeAudioStreamed(input, {}, { limits, reuseInput: true });
  assert.ok(streamed.audio instanceof Uint8Array);
  assert.equal(streamed.audio.buffer, input.buffer, "the upload's own buffer");
  assert.deepEqual(streamed.audio, held.audio);
});

Deno.test("a replay that makes other bytes than were measured fails rather than sending them", async () => {
  const made = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  const audio = encodedAudio({
    byteLength: made.length,
    fingerprint: 12345,
    async run(emit) {
      await emit(made);
    },
  });
  await assert.rejects(new Response(audio.stream()).arrayBuffer(), /differs from the one measured/);
});

Deno.test("a streamed job keeps its slot of the gate until its answer has been read or cancelled", async () => {
  const input = await makeAudio("speech", { format: "mp3" });
  const gate = createGate({ concurrency: 1, queue: 0, name: "audio normalisation" });
  const first = await normalizeAudioStreamed(input, {}, { limits, gate });
  assert.ok(!(first.audio instanceof Uint8Array));
  assert.equal(gate.load.running, 1);
  await assert.rejects(normalizeAudioStreamed(input, {}, { limits, gate }), UnavailableError);
  await bytesOf(first.audio);
  assert.equal(gate.load.running, 0);
  const second = await normalizeAudioStreamed(input, {}, { limits, gate });
  assert.ok(!(second.audio instanceof Uint8Array));
  await second.audio.stream().cancel();
  assert.equal(gate.load.running, 0);
});

Deno.test("a chunk handed over is the writer's again only once the reader has finished with it", async () => {
  const pipe = createChunkPipe();
  const scratch = new Uint8Array([1, 2, 3]);
  const seen: number[][] = [];
  let handed = false;
  const reading = (async () => {
    for await (const chunk of pipe) {
      // The writer waits while the reader still works on the chunk (here: a write that takes a while).
      await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(handed, false, "handed back before the reader was done");
      seen.push([...chunk]);
    }
  })();
  for (const first of [1, 7]) {
    scratch[0] = first; // the one buffer, filled again as ffmpeg's stdout is
    handed = false;
    const done = pipe.handOver(scratch).then(() => handed = true);
    await done;
    assert.equal(seen.length, first === 1 ? 1 : 2);
  }
  pipe.close();
  await reading;
  assert.deepEqual(seen, [[1, 2, 3], [7, 2, 3]]);
  // A reader that stops early lets a waiting writer go.
  const stopped = createChunkPipe();
  const handing = stopped.handOver(new Uint8Array(1));
  for await (const _ of stopped) break;
  await handing;
});

/** The fingerprint of `bytes` pushed in pieces of the given lengths, in turn. */
function fingerprintOf(bytes: Uint8Array, pieces: number[]) {
  const print = createFingerprint();
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const end = Math.min(bytes.length, at + pieces[i % pieces.length]!);
    print.push(bytes.subarray(at, end));
    at = end;
  }
  return print.result();
}

Deno.test("a fingerprint is the same however the stream is cut, and tells other bytes apart", () => {
  const bytes = new Uint8Array(10_007).map((_, i) => (i * 131 + (i >> 7)) & 0xff);
  const whole = fingerprintOf(bytes, [bytes.length]);
  assert.equal(whole.length, bytes.length);
  // Ogg pages are cut at any byte: words that straddle one, two or three chunks.
  for (const pieces of [[1], [2], [3], [5], [4093], [1, 2, 3, 4, 7], [3, 1], [121, 11_174, 10_910]]) {
    assert.deepEqual(fingerprintOf(bytes, pieces), whole, `cut into ${pieces.join(", ")}`);
  }
  for (const at of [0, 4, 5_000, 10_006]) {
    const other = bytes.slice();
    other[at]! ^= 1;
    assert.notEqual(fingerprintOf(other, [3, 5]).fingerprint, whole.fingerprint, `byte ${at} changed`);
  }
  // A tail of one to three bytes counts, zeros too.
  assert.notEqual(
    fingerprintOf(new Uint8Array(5), [5]).fingerprint,
    fingerprintOf(new Uint8Array(4), [4]).fingerprint,
  );
});

Deno.test("a fingerprint reads each chunk where it lies: chunks of odd lengths leave no copies behind", () => {
  const chunk = new Uint8Array(1024 * 1024 + 1).fill(7);
  const print = createFingerprint();
  const before = Deno.memoryUsage().external;
  // Each push but every fourth starts in the middle of a word; joining the carried bytes to the chunk
  // allocated a chunk-sized buffer each time (24 MB here), left for the collector.
  for (let i = 0; i < 32; i++) print.push(chunk);
  const grown = Deno.memoryUsage().external - before;
  assert.ok(grown < 2 * 1024 * 1024, `external memory grew by ${grown} bytes`);
  assert.equal(print.result().length, 32 * chunk.length);
});

Deno.test("a streamed job keeps no decoded PCM: its work leaves the collector no floats of the programme", async () => {
  // Two minutes of Opus decode to 46 MB of floats. The job used to keep them until they passed 8 MB and then
  // drop them: 8 MB for the collector, which took it only at its next full collection, often after the job's peak.
  const input = await makeAudio("speech", { format: "opus", seconds: 120 });
  const before = Deno.memoryUsage().external;
  let peak = before;
  const sampler = setInterval(() => peak = Math.max(peak, Deno.memoryUsage().external), 5);
  try {
    const result = await normalizeAudioStreamed(input, {}, { limits });
    peak = Math.max(peak, Deno.memoryUsage().external);
    assert.ok(!(result.audio instanceof Uint8Array));
    await result.audio.stream().cancel();
  } finally {
    clearInterval(sampler);
  }
  const grown = peak - before;
  assert.ok(grown < 5 * 1024 * 1024, `external memory grew by ${(grown / 1024 / 1024).toFixed(1)} MB`);
});

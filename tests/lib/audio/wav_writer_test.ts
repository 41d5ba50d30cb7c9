import assert from "node:assert/strict";
import { DEFAULT_AUDIO_LIMITS } from "../../../lib/audio/limits.ts";
import { normalizeAudio } from "../../../lib/audio/normalize.ts";
import { wavPcm } from "../../../lib/audio/wav_pcm.ts";
import { rescaleWav16 } from "../../../lib/audio/wav_writer.ts";
import { makeAudio, measureIndependently } from "../../_support/audio_material.ts";

const limits = { ...DEFAULT_AUDIO_LIMITS };

Deno.test("rescaleWav16() writes the same WAV over its input as beside it", async () => {
  const input = await makeAudio("speech", { format: "wav", seconds: 2, gainDb: -6 });
  const wav = wavPcm(input)!;
  const beside = rescaleWav16(input, wav, 4.5)!;
  assert.notEqual(beside.buffer, input.buffer);
  const copy = input.slice();
  const over = rescaleWav16(copy, wav, 4.5, true)!;
  assert.equal(over.buffer, copy.buffer, "a view of the input");
  assert.deepEqual(over, beside);
});

Deno.test("normalizeAudio() writes a plain gain over the input only when the caller gives it up", async () => {
  const input = await makeAudio("speech", { format: "wav", seconds: 3, gainDb: -8 });
  const kept = input.slice();
  const plain = await normalizeAudio(kept, {}, { limits });
  assert.deepEqual(kept, input, "the input is untouched by default");
  const given = input.slice();
  const reused = await normalizeAudio(given, {}, { limits, reuseInput: true });
  assert.equal(reused.audio.buffer, given.buffer, "the result is written over the input");
  assert.deepEqual(reused.audio, plain.audio);
  const check = await measureIndependently(reused.audio);
  assert.ok(Math.abs(check.i - reused.target.i) <= 0.5, `${check.i} LUFS`);
  assert.ok(check.tp <= reused.target.tp, `${check.tp} dBTP`);
});

Deno.test("normalizeAudio() leaves the input alone when the result needs a limiter, even if given up", async () => {
  // Loud clicks over a quiet bed: a plain gain would clip, so the limiter pass reads the input again.
  const input = await makeAudio("peaky", { format: "wav", seconds: 4, gainDb: -6 });
  const given = input.slice();
  const result = await normalizeAudio(given, {}, { limits, reuseInput: true });
  assert.equal(result.normalizationType, "limited");
  assert.notEqual(result.audio.buffer, given.buffer);
  assert.deepEqual(given, input);
});

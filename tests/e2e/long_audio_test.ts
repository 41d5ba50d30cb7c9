/**
 * Long programmes at the default memory budget, end to end: an MP3 at 128
 * kbps and a 48 kHz stereo WAV sent as raw bytes, paid with `@x402/fetch`,
 * brought within 0.5 LU of the podcast target and under its true-peak
 * ceiling as ffmpeg's `ebur128` measures the answer, with the service and its
 * ffmpeg children under the budget. CI runs them scaled (a 5-minute MP3, a
 * 1-minute WAV: the same path per byte); `bench/long_audio.ts` runs the full
 * 90-minute MP3 and 10-minute WAV (`LONG_AUDIO_FULL=1` does so here).
 */
import assert from "node:assert/strict";
import { normaliseLongProgramme } from "../_support/long_audio.ts";

const FULL = Deno.env.get("LONG_AUDIO_FULL") === "1";
/** Podcast preset: -16 LUFS, -1 dBTP. */
const TARGET = { i: -16, tp: -1 };

for (
  const { name, seconds, format, type } of [
    { name: "an MP3 at 128 kbps", seconds: FULL ? 90 * 60 : 5 * 60, format: "mp3", type: "audio/mpeg" },
    { name: "a 48 kHz stereo WAV", seconds: FULL ? 10 * 60 : 60, format: "wav", type: "audio/wav" },
  ] as const
) {
  Deno.test(`[e2e] ${name} of ${seconds / 60} minutes is normalised at the default budget, paid`, async () => {
    const run = await normaliseLongProgramme(seconds, format, type);
    const label = `${name}: ${JSON.stringify({ ...run, measured: run.measured })}`;
    assert.equal(run.status, 200, label);
    assert.ok(run.inputBytes <= run.audioMaxBytes, label);
    assert.ok(run.settled, label);
    const measured = run.measured!;
    assert.ok(Math.abs(measured.seconds - seconds) < 1, label);
    assert.ok(Math.abs(measured.i - TARGET.i) <= 0.5, label);
    assert.ok(measured.tp <= TARGET.tp, label);
    assert.ok(Math.abs(run.reported.integrated - measured.i) <= 0.2, label);
    assert.equal(run.reported.target, "I=-16;TP=-1;LRA=11");
    assert.ok(run.peakTogether < run.budgetBytes, label);
    console.log(
      `${name}, ${(run.inputBytes / 2 ** 20).toFixed(1)} MB: made in ${run.seconds.make.toFixed(0)} s, ` +
        `normalised in ${
          run.seconds.normalise.toFixed(0)
        } s, I ${measured.i} LUFS, TP ${measured.tp} dBTP, ` +
        `peak RSS + ffmpeg ${(run.peakTogether / 2 ** 20).toFixed(0)} MB of ${run.budgetBytes / 2 ** 20} MB`,
    );
  });
}

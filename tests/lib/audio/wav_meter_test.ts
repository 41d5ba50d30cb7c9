import assert from "node:assert/strict";
import { meterWav } from "../../../lib/audio/wav_meter.ts";
import { wavPcm, wavStream } from "../../../lib/audio/wav_pcm.ts";
import { makeAudio, measureIndependently } from "../../_support/audio_material.ts";

/** A WAV, where its samples are and how ffmpeg would describe it. */
async function programme(seconds: number, format: "wav" | "wav24" = "wav") {
  const bytes = await makeAudio("music", { seconds, format, gainDb: -4 });
  const wav = wavPcm(bytes)!;
  return { bytes, wav, stream: wavStream(wav)! };
}

Deno.test("meterWav() reads the same figures on worker threads as on one thread, and as ebur128", async () => {
  for (const format of ["wav", "wav24"] as const) {
    const { bytes, wav, stream } = await programme(47, format);
    const deadline = Date.now() + 60_000;
    const one = await meterWav(bytes, wav, stream, { workers: 1, deadline });
    // Stretches of 5 s or more: 2 and 3 workers, with boundaries inside loud and quiet passages.
    for (const workers of [2, 3]) {
      const split = await meterWav(bytes, wav, stream, { workers, parallelFromSeconds: 10, deadline });
      assert.deepEqual(split, one, `${format}, ${workers} workers`);
    }
    const reference = await measureIndependently(bytes);
    assert.ok(Math.abs(one.integratedLufs - reference.i) <= 0.1, `${one.integratedLufs} vs ${reference.i}`);
    assert.ok(Math.abs(one.truePeakDbtp - reference.tp) <= 0.1, `${one.truePeakDbtp} vs ${reference.tp}`);
  }
});

Deno.test("meterWav() stops with a timeout past its deadline and with the reason when aborted", async () => {
  const { bytes, wav, stream } = await programme(30);
  for (const workers of [1, 2]) {
    const options = { workers, parallelFromSeconds: 10 };
    await assert.rejects(meterWav(bytes, wav, stream, { ...options, deadline: Date.now() - 1 }), {
      name: "UpstreamTimeoutError",
    });
    const controller = new AbortController();
    const metering = meterWav(bytes, wav, stream, {
      ...options,
      deadline: Date.now() + 60_000,
      signal: controller.signal,
    });
    controller.abort(new Error("caller left"));
    await assert.rejects(metering, { message: "caller left" });
  }
});

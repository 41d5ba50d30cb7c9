import assert from "node:assert/strict";
import { sniffContainer } from "../../../lib/audio/containers.ts";
import { measureAudio } from "../../../lib/audio/measure.ts";
import { channelWeights } from "../../../lib/audio/layouts.ts";
import { createLoudnessMeter, kWeighting } from "../../../lib/audio/loudness_meter.ts";
import { createTruePeakMeter } from "../../../lib/audio/true_peak.ts";
import {
  ffmpeg,
  makeAudio,
  type Material,
  type MaterialOptions,
  measureIndependently,
} from "../../_support/audio_material.ts";

/** Measures `bytes` in process (ffmpeg decodes, our meter measures). */
function ours(bytes: Uint8Array) {
  return measureAudio(bytes, {
    kind: sniffContainer(bytes),
    ffmpegPath: "ffmpeg",
    maxSeconds: 600,
    timeoutMs: 60_000,
  });
}

/** Checks our figures against ffmpeg's `ebur128` on the same bytes. */
async function agree(bytes: Uint8Array, label: string) {
  const [mine, reference] = await Promise.all([ours(bytes), measureIndependently(bytes)]);
  const { integratedLufs, truePeakDbtp, lra } = mine.loudness;
  assert.ok(
    Math.abs(integratedLufs - reference.i) <= 0.1 + 1e-9,
    `${label}: I ${integratedLufs} vs ${reference.i}`,
  );
  assert.ok(
    Math.abs(truePeakDbtp - reference.tp) <= 0.1 + 1e-9,
    `${label}: TP ${truePeakDbtp} vs ${reference.tp}`,
  );
  assert.ok(Math.abs(lra - reference.lra) <= 0.2 + 1e-9, `${label}: LRA ${lra} vs ${reference.lra}`);
  assert.ok(Math.abs(mine.durationSeconds - reference.seconds) <= 0.05, `${label}: duration`);
  return mine;
}

const SIGNALS: Array<[Material, MaterialOptions]> = [
  ["speech", { seconds: 20, gainDb: -8 }],
  ["music", { seconds: 20, rate: 44100, format: "flac", gainDb: -12 }],
  ["peaky", { seconds: 12, rate: 96000, channels: 1, format: "wav24" }],
  ["speech", { seconds: 15, rate: 22050, channels: 1, gainDb: -20 }],
  ["music", { seconds: 15, rate: 32000, format: "mp3", gainDb: -3 }],
  ["music", { seconds: 15, format: "opus", gainDb: -25 }],
];

for (const [material, options] of SIGNALS) {
  const label = `${material} ${options.rate ?? 48000} Hz ${options.channels ?? 2} ch ${
    options.format ?? "wav"
  }`;
  Deno.test(`measureAudio() agrees with ffmpeg's ebur128 within 0.1 LU on ${label}`, async () => {
    await agree(await makeAudio(material, options), label);
  });
}

Deno.test("measureAudio() weighs 5.1 channels as BS.1770 does: surrounds +1.5 dB, LFE not at all", async () => {
  // Different material on each channel; a loud LFE that must not count.
  const source = "aevalsrc=exprs=0.2*sin(2*PI*300*t)|0.15*sin(2*PI*450*t)|0.1*sin(2*PI*700*t)" +
    "|0.9*sin(2*PI*40*t)|0.25*sin(2*PI*1500*t)*gt(sin(2*PI*0.5*t)\\,0)|0.2*sin(2*PI*2500*t):s=48000:d=12";
  const run = await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    source,
    "-af",
    "aformat=channel_layouts=5.1(side)",
    "-c:a",
    "pcm_s16le",
    "-f",
    "wav",
    "pipe:1",
  ]);
  assert.equal(run.code, 0, run.stderr);
  const mine = await agree(run.stdout, "5.1(side)");
  assert.equal(mine.stream.channels, 6);
  assert.deepEqual(channelWeights("5.1(side)", 6), [1, 1, 1, 0, 1.41, 1.41]);
});

Deno.test("the K-weighting at 48 kHz is the standard's", () => {
  const { shelf, highPass } = kWeighting(48000);
  const expected = [
    1.53512485958697,
    -2.69169618940638,
    1.19839281085285,
    -1.69065929318241,
    0.73248077421585,
  ];
  shelf.forEach((value, i) => assert.ok(Math.abs(value - expected[i]!) < 1e-8, `shelf ${i}`));
  assert.ok(Math.abs(highPass[3]! - -1.99004745483398) < 1e-8);
  assert.ok(Math.abs(highPass[4]! - 0.99007225036621) < 1e-8);
});

Deno.test("createLoudnessMeter() reads a 997 Hz sine at -20 dBFS in both channels as -20 LUFS", () => {
  // Each channel reads -23 LUFS (half the peak power, K-weighting +0.69 dB at 1 kHz); two channels add 3 dB.
  const rate = 48000;
  const frames = rate * 10;
  const samples = new Float32Array(frames * 2);
  const amplitude = 10 ** (-20 / 20);
  for (let i = 0; i < frames; i++) {
    samples[2 * i] = samples[2 * i + 1] = amplitude * Math.sin(2 * Math.PI * 997 * i / rate);
  }
  const meter = createLoudnessMeter(rate, 2);
  // Chunks of awkward sizes must not matter.
  for (let at = 0, size = 777; at < frames; at += size, size = size * 3 % 5000 + 1) {
    meter.push(samples.subarray(at * 2, Math.min(frames, at + size) * 2));
  }
  const { integratedLufs, lra } = meter.result();
  assert.ok(Math.abs(integratedLufs - -20) < 0.05, `I ${integratedLufs}`);
  assert.ok(lra < 0.1);
});

Deno.test("createTruePeakMeter() finds the same peak when it rules stretches out by their sample peaks", async () => {
  const wav = await makeAudio("music", { seconds: 8, gainDb: -2 });
  const run = await ffmpeg(["-i", "pipe:0", "-f", "f32le", "pipe:1"], wav);
  const samples = new Float32Array(run.stdout.slice().buffer);
  const lazy = createTruePeakMeter(2);
  const eager = createTruePeakMeter(2, { everywhere: true });
  const meter = createLoudnessMeter(48000, 2);
  for (let at = 0; at < samples.length; at += 8192) {
    const chunk = samples.subarray(at, at + 8192);
    meter.push(chunk);
    lazy.push(chunk, chunk.length / 2, meter.lastPeaks());
    eager.push(chunk, chunk.length / 2, meter.lastPeaks());
  }
  assert.equal(lazy.peak(), eager.peak());
  assert.ok(lazy.interpolatedFrames() < eager.interpolatedFrames() / 2, "most stretches were ruled out");
  const reference = await measureIndependently(wav);
  assert.ok(Math.abs(20 * Math.log10(lazy.peak()) - reference.tp) <= 0.1);
});

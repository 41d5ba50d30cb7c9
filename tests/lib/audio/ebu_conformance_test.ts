/**
 * The in-process loudness meter against the EBU conformance signals that can
 * be synthesised: EBU Tech 3341 (v4) minimum-requirement cases 1–4, 6, 9 and
 * 12 and EBU Tech 3342 (v4) cases 1–4, all 1 kHz sine tones at stated levels
 * (dBFS, peak of the sine in every channel) and durations at 48 kHz. Expected
 * values are the published ones: integrated, momentary and short-term within
 * ±0.1 LU, loudness range within ±1 LU. The PCM is generated in memory, one
 * 100 ms chunk at a time, so the test runs in well under a second per case.
 *
 * @module
 */
import assert from "node:assert/strict";
import { createLoudnessMeter } from "../../../lib/audio/loudness_meter.ts";
import type { WindowReading } from "../../../lib/audio/window_loudness.ts";

const RATE = 48000;
const TONE_HZ = 1000;
/** Surround channels weigh 1.41 (BS.1770); 5-channel order L R C Ls Rs. */
const FIVE_CHANNEL_WEIGHTS = [1, 1, 1, 1.41, 1.41];

/** A stretch of tone: seconds, and the level of each channel in dBFS (one level for every channel). */
type Segment = [seconds: number, dbfs: number | number[]];

/** What the meter read over a whole signal. */
interface Reading {
  integratedLufs: number;
  lra: number;
  momentaryMaxLufs: number;
  shortTermMaxLufs: number;
  timeline: WindowReading[];
}

/** Feeds a continuous-phase 1 kHz sine through `segments` into a fresh meter. */
function measure(segments: Segment[], channels = 2, weights?: number[]): Reading {
  const timeline: WindowReading[] = [];
  const meter = createLoudnessMeter(RATE, channels, weights, (reading) => timeline.push(reading));
  const chunkFrames = RATE / 10;
  const chunk = new Float32Array(chunkFrames * channels);
  let n = 0;
  for (const [seconds, dbfs] of segments) {
    const gains = Array.from(
      { length: channels },
      (_, c) => 10 ** ((Array.isArray(dbfs) ? dbfs[c]! : dbfs) / 20),
    );
    let left = Math.round(seconds * RATE);
    while (left > 0) {
      const frames = Math.min(left, chunkFrames);
      for (let f = 0; f < frames; f++, n++) {
        const s = Math.sin(2 * Math.PI * TONE_HZ * n / RATE);
        for (let c = 0; c < channels; c++) chunk[f * channels + c] = gains[c]! * s;
      }
      meter.push(chunk, frames);
      left -= frames;
    }
  }
  return { ...meter.result(), ...meter.maxima(), timeline };
}

/** Repeats `segments` `times` times. */
function repeat(segments: Segment[], times: number): Segment[] {
  return Array.from({ length: times }, () => segments).flat();
}

/** Asserts `actual` is within `tolerance` of `expected`. */
function near(actual: number | undefined, expected: number, tolerance: number, what: string): void {
  assert.ok(
    actual !== undefined && Math.abs(actual - expected) <= tolerance + 1e-9,
    `${what}: ${actual} vs ${expected} ±${tolerance}`,
  );
}

/** Asserts every reading of one window from `fromSeconds` on is within 0.1 LU of `expected`. */
function steady(
  reading: Reading,
  window: "momentary" | "shortTerm",
  expected: number,
  fromSeconds: number,
): void {
  const settled = reading.timeline.filter((r) => r.seconds >= fromSeconds - 1e-9);
  assert.ok(settled.length > 0, `no ${window} readings after ${fromSeconds} s`);
  for (const r of settled) near(r[window], expected, 0.1, `${window} at ${r.seconds.toFixed(1)} s`);
}

for (const [number, level] of [[1, -23], [2, -33]] as const) {
  Deno.test(`EBU Tech 3341 case ${number}: 20 s stereo sine at ${level} dBFS reads M, S, I = ${level} LUFS`, () => {
    const reading = measure([[20, level]]);
    near(reading.integratedLufs, level, 0.1, "I");
    steady(reading, "momentary", level, 0.4);
    steady(reading, "shortTerm", level, 3);
    near(reading.momentaryMaxLufs, level, 0.1, "max M");
    near(reading.shortTermMaxLufs, level, 0.1, "max S");
  });
}

Deno.test("EBU Tech 3341 case 3: -36/-23/-36 dBFS for 10/60/10 s reads I = -23.0 (relative gate)", () => {
  near(measure([[10, -36], [60, -23], [10, -36]]).integratedLufs, -23, 0.1, "I");
});

Deno.test("EBU Tech 3341 case 4: -72/-36/-23/-36/-72 dBFS for 10/10/60/10/10 s reads I = -23.0 (both gates)", () => {
  near(measure([[10, -72], [10, -36], [60, -23], [10, -36], [10, -72]]).integratedLufs, -23, 0.1, "I");
});

Deno.test("EBU Tech 3341 case 6: 5 channels (L R -28, C -24, Ls Rs -30 dBFS) for 20 s read I = -23.0", () => {
  const reading = measure([[20, [-28, -28, -24, -30, -30]]], 5, FIVE_CHANNEL_WEIGHTS);
  near(reading.integratedLufs, -23, 0.1, "I");
});

Deno.test("EBU Tech 3341 case 9: 1.34 s at -20 / 1.66 s at -30 dBFS, 5 times, keeps S at -23.0 after 3 s", () => {
  const reading = measure(repeat([[1.34, -20], [1.66, -30]], 5));
  steady(reading, "shortTerm", -23, 3);
  near(reading.shortTermMaxLufs, -23, 0.1, "max S");
  near(reading.integratedLufs, -23, 0.1, "I");
});

Deno.test("EBU Tech 3341 case 12: 0.18 s at -20 / 0.22 s at -30 dBFS, 25 times, keeps M at -23.0 after 1 s", () => {
  const reading = measure(repeat([[0.18, -20], [0.22, -30]], 25));
  steady(reading, "momentary", -23, 1);
  near(reading.integratedLufs, -23, 0.1, "I");
});

const RANGE_CASES: Array<[number, Segment[], number]> = [
  [1, [[20, -20], [20, -30]], 10],
  [2, [[20, -20], [20, -15]], 5],
  [3, [[20, -40], [20, -20]], 20],
  [4, [[20, -50], [20, -35], [20, -20], [20, -35], [20, -50]], 15],
];

for (const [number, segments, lra] of RANGE_CASES) {
  const levels = segments.map(([, dbfs]) => dbfs).join("/");
  Deno.test(`EBU Tech 3342 case ${number}: 20 s each at ${levels} dBFS reads LRA = ${lra} LU`, () => {
    near(measure(segments).lra, lra, 1, "LRA");
  });
}

Deno.test("the conformance check is not blind: a meter off by 0.2 dB fails it", () => {
  // The same signal 0.2 dB hotter than case 1 must fall outside the tolerance.
  const reading = measure([[20, -22.8]]);
  assert.throws(() => near(reading.integratedLufs, -23, 0.1, "I"));
  assert.throws(() => steady(reading, "momentary", -23, 0.4));
});

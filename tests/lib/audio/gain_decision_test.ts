import assert from "node:assert/strict";
import { explainGain, type GainFacts } from "../../../lib/audio/gain_decision.ts";
import type { Loudness } from "../../../lib/audio/ffmpeg_log.ts";

const PODCAST = { i: -16, tp: -1, lra: 11, preset: "podcast" } as const;

/** A measurement with the given loudness and true peak. */
function loudness(integratedLufs: number, truePeakDbtp: number): Loudness {
  return { integratedLufs, truePeakDbtp, lra: 6, threshold: integratedLufs - 10 };
}

/** Facts of a normalisation to the podcast target, input at -30 LUFS. */
function facts(overrides: Partial<GainFacts> & { inputPeak: number }): GainFacts {
  return {
    input: loudness(-30, overrides.inputPeak),
    output: loudness(-16, -2),
    target: PODCAST,
    mode: "auto",
    type: "linear",
    encoderHeadroomDb: 0.5,
    ...overrides,
  };
}

Deno.test("explainGain(): a full gain that keeps the peak under the ceiling is linear, with its figures", () => {
  const decision = explainGain(facts({ inputPeak: -20 }));
  assert.equal(decision.linear, true);
  assert.equal(decision.reason, "peak_within_ceiling");
  assert.equal(decision.fullGainDb, 14);
  assert.equal(decision.peakAtFullGainDbtp, -6);
  assert.equal(decision.belowTargetLu, 0);
  assert.match(decision.explanation, /^Linear: the full gain of \+14\.0 dB puts the true peak at -6\.0 dBTP/);
});

Deno.test("explainGain(): peaks over the ceiling are limited in auto mode and lower the gain in linear mode", () => {
  const limited = explainGain(facts({ inputPeak: -10, type: "limited", output: loudness(-16.2, -1.3) }));
  assert.deepEqual([limited.linear, limited.reason], [false, "peak_over_ceiling"]);
  assert.equal(limited.peakAtFullGainDbtp, 4);
  assert.match(limited.explanation, /^Limited: .* over the -1\.0 dBTP ceiling/);
  const lowered = explainGain(
    facts({ inputPeak: -10, mode: "linear", type: "linear_lowered", output: loudness(-21.5, -1.5) }),
  );
  assert.deepEqual([lowered.linear, lowered.reason, lowered.belowTargetLu], [true, "peak_over_ceiling", 5.5]);
  assert.match(lowered.explanation, /5\.5 LU short of the target/);
});

Deno.test("explainGain(): tells an encoder's overshoot, a limiter that gave up and the dynamic mode apart", () => {
  // On paper -14.8 + 14 = -0.8 is over -1 less 0.5; -15.6 + 14 = -1.6 is within it.
  const overshoot = explainGain(facts({ inputPeak: -15.6, type: "limited" }));
  assert.equal(overshoot.reason, "encoded_peak_over_ceiling");
  const gaveUp = explainGain(facts({ inputPeak: 5, type: "linear_lowered", output: loudness(-35, -1.6) }));
  assert.deepEqual([gaveUp.linear, gaveUp.reason, gaveUp.belowTargetLu], [true, "limiting_insufficient", 19]);
  const dynamic = explainGain(facts({ inputPeak: -10, mode: "dynamic", type: "dynamic" }));
  assert.deepEqual([dynamic.linear, dynamic.reason], [false, "dynamic_mode_requested"]);
});

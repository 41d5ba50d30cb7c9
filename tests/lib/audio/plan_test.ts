import assert from "node:assert/strict";
import type { Loudness } from "../../../lib/audio/ffmpeg_log.ts";
import {
  type Attempt,
  bestAttempt,
  filterChain,
  firstPlan,
  isOnTarget,
  MAX_LIMITING_DB,
  nextPlan,
  safePlan,
} from "../../../lib/audio/plan.ts";
import { resolveTarget } from "../../../lib/audio/presets.ts";

const podcast = resolveTarget({});
const loudness = (integratedLufs: number, truePeakDbtp: number): Loudness => ({
  integratedLufs,
  truePeakDbtp,
  lra: 5,
  threshold: integratedLufs - 10,
});

Deno.test("firstPlan() applies the plain gain when the peak stays under the ceiling", () => {
  assert.deepEqual(firstPlan(loudness(-22, -8), podcast, "auto", 0.1), {
    type: "linear",
    gainDb: 6,
    ceilingDb: -1.1,
  });
  // Exactly at the ceiling still fits.
  assert.equal(firstPlan(loudness(-22, -7.1), podcast, "auto", 0.1).type, "linear");
});

Deno.test("firstPlan() adds a limiter in auto mode when the gain would push the peak over", () => {
  const plan = firstPlan(loudness(-24, -3), podcast, "auto", 0.5);
  assert.equal(plan.type, "limited");
  assert.equal(plan.gainDb, 8);
  assert.ok(plan.ceilingDb < podcast.tp - 0.5);
});

Deno.test("firstPlan() lowers the target in linear mode as far as the ceiling allows", () => {
  const plan = firstPlan(loudness(-24, -3), podcast, "linear", 0.1);
  assert.equal(plan.type, "linear_lowered");
  assert.ok(Math.abs(plan.gainDb - 1.9) < 1e-9);
});

Deno.test("firstPlan() uses loudnorm in dynamic mode whatever the peaks", () => {
  assert.equal(firstPlan(loudness(-30, -20), podcast, "dynamic", 0.1).type, "dynamic");
});

Deno.test("isOnTarget() wants the peak under the ceiling and the loudness within tolerance", () => {
  const plan = { type: "linear" as const, gainDb: 0, ceilingDb: -1 };
  assert.equal(isOnTarget({ plan, output: loudness(-16.3, -2) }, podcast), true);
  assert.equal(isOnTarget({ plan, output: loudness(-16.4, -2) }, podcast), false);
  assert.equal(isOnTarget({ plan, output: loudness(-16, -0.9) }, podcast), false);
  const lowered = { ...plan, type: "linear_lowered" as const };
  assert.equal(isOnTarget({ plan: lowered, output: loudness(-19, -1) }, podcast), true);
});

Deno.test("nextPlan() corrects a limited pass's gain by the measured loudness slope", () => {
  const input = loudness(-24, -3);
  const first = { type: "limited" as const, gainDb: 8, ceilingDb: -1.8 };
  const second = { type: "limited" as const, gainDb: 9, ceilingDb: -1.8 };
  const attempts: Attempt[] = [
    { plan: first, output: loudness(-17, -1.2) },
    { plan: second, output: loudness(-16.5, -1.2) },
  ];
  // Half a LU per dB: the remaining 0.5 LU needs 1 dB more.
  const next = nextPlan(input, podcast, "auto", attempts);
  assert.deepEqual(next, { type: "limited", gainDb: 10, ceilingDb: -1.8 });
});

Deno.test("nextPlan() lowers the limiter ceiling by the measured overshoot", () => {
  const plan = { type: "limited" as const, gainDb: 8, ceilingDb: -1.8 };
  const next = nextPlan(loudness(-24, -3), podcast, "auto", [{ plan, output: loudness(-16.1, -0.6) }]);
  assert.ok(next);
  assert.ok(Math.abs(next.ceilingDb - (-1.8 - 0.4 - 0.1)) < 1e-9);
  assert.equal(next.gainDb, 8);
});

Deno.test("nextPlan() turns an encoder's overshoot into a limiter, or a lower gain in linear mode", () => {
  const plan = { type: "linear" as const, gainDb: 6, ceilingDb: -1.5 };
  const attempts = [{ plan, output: loudness(-16, -0.8) }];
  assert.equal(nextPlan(loudness(-22, -7.5), podcast, "auto", attempts)?.type, "limited");
  const lowered = nextPlan(loudness(-22, -7.5), podcast, "linear", attempts);
  assert.equal(lowered?.type, "linear_lowered");
  assert.ok(lowered && Math.abs(lowered.gainDb - (6 - 0.2 - 0.1)) < 1e-9);
});

Deno.test("nextPlan() gives up on limiting deeper than the cap", () => {
  const input = loudness(-40, -1);
  const plan = { type: "limited" as const, gainDb: 24, ceilingDb: -1.8 };
  const attempts = [{ plan, output: loudness(-20, -1.2) }];
  assert.ok(24 + 4 + input.truePeakDbtp + 1.8 > MAX_LIMITING_DB);
  assert.equal(nextPlan(input, podcast, "auto", attempts), undefined);
});

Deno.test("bestAttempt() picks the closest pass within the ceiling, safePlan() a gain that cannot clip", () => {
  const plan = { type: "limited" as const, gainDb: 8, ceilingDb: -1.8 };
  const near = { plan, output: loudness(-16.1, -0.5) };
  const within = { plan, output: loudness(-16.6, -1.2) };
  const far = { plan, output: loudness(-17.5, -1.3) };
  assert.equal(bestAttempt([far, near, within], podcast), within);
  assert.equal(bestAttempt([near], podcast), undefined);
  assert.deepEqual(safePlan(loudness(-24, -3), podcast, 1.5), {
    type: "linear_lowered",
    gainDb: 0.5,
    ceilingDb: -2.5,
  });
});

Deno.test("filterChain() spells out each kind of pass for ffmpeg", () => {
  const input = loudness(-24, -3);
  const options = { layout: "stereo", sampleRate: 44100 };
  assert.equal(
    filterChain({ type: "linear", gainDb: 6.004, ceilingDb: -1 }, input, podcast, options),
    "aformat=channel_layouts=stereo,volume=6.00dB",
  );
  assert.equal(
    filterChain({ type: "limited", gainDb: 8, ceilingDb: -6.0206 }, input, podcast, {
      ...options,
      measure: "m",
    }),
    "aformat=channel_layouts=stereo,volume=8.00dB,alimiter=limit=0.50000:attack=5:release=50:level=false:latency=true,m",
  );
  const dynamic = filterChain({ type: "dynamic", gainDb: 0.5, ceilingDb: -1.5 }, input, podcast, options);
  assert.match(dynamic, /loudnorm=I=-16\.00:TP=-1\.50:LRA=11\.00:measured_I=-24\.00:measured_TP=-3\.00/);
  assert.match(
    dynamic,
    /measured_thresh=-34\.00:offset=0\.50:linear=false,aresample=44100,aformat=channel_layouts=stereo$/,
  );
});

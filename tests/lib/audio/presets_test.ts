import assert from "node:assert/strict";
import { PRESETS, resolveTarget } from "../../../lib/audio/presets.ts";
import { InvalidInputError } from "../../../lib/shared/errors.ts";

Deno.test("resolveTarget() defaults to the podcast preset", () => {
  assert.deepEqual(resolveTarget({}), { i: -16, tp: -1, lra: 11, preset: "podcast" });
});

Deno.test("resolveTarget() applies each preset's published figures", () => {
  assert.deepEqual(resolveTarget({ preset: "streaming" }), { ...PRESETS.streaming, preset: "streaming" });
  assert.equal(resolveTarget({ preset: "broadcast" }).i, -23);
  assert.deepEqual(resolveTarget({ preset: "atsc" }), { i: -24, tp: -2, lra: 7, preset: "atsc" });
});

Deno.test("resolveTarget() lets explicit i, tp and lra override the preset", () => {
  assert.deepEqual(resolveTarget({ preset: "broadcast", tp: -2, lra: 15 }), {
    i: -23,
    tp: -2,
    lra: 15,
    preset: "broadcast",
  });
  assert.equal(resolveTarget({ i: -19 }).i, -19);
});

Deno.test("resolveTarget() refuses figures out of range and unknown presets", () => {
  const cases = [{ i: -4 }, { i: -71 }, { tp: 0.5 }, { tp: -10 }, { lra: 0.7 }, { lra: 51 }, {
    i: Number.NaN,
  }];
  for (const request of cases) {
    assert.throws(() => resolveTarget(request), (error) => {
      assert.ok(error instanceof InvalidInputError);
      assert.match(error.message, /^Invalid (i|tp|lra) ".*": expected a number from -?\d+ to -?\d+$/);
      return true;
    });
  }
  assert.throws(
    () => resolveTarget({ preset: "cinema" as never }),
    /Invalid preset "cinema": expected one of podcast, streaming, broadcast, atsc/,
  );
});

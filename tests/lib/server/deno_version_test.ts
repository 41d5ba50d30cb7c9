import assert from "node:assert/strict";
import { denoVersionRefusal, MINIMUM_DENO } from "../../../lib/server/deno_version.ts";

Deno.test("denoVersionRefusal(): Deno Deploy's 2.5 and 2.6 are refused, naming the minimum and why", () => {
  for (const version of ["2.5.0", "2.6.8", "1.46.3", "2.7.0"]) {
    const refusal = denoVersionRefusal(version);
    assert.ok(refusal, version);
    assert.match(
      refusal,
      new RegExp(`Deno ${version.replaceAll(".", "\\.")} is too old.*Deno ${MINIMUM_DENO}`),
    );
    assert.match(refusal, /lockfile/);
  }
});

Deno.test("denoVersionRefusal(): the minimum and anything newer run", () => {
  for (const version of [MINIMUM_DENO, "2.7.14", "2.9.6", "2.10.0", "3.0.0", "2.9.6+abc123"]) {
    assert.equal(denoVersionRefusal(version), undefined, version);
  }
  assert.equal(denoVersionRefusal(Deno.version.deno), undefined, "the Deno running the tests");
});

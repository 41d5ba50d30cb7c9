import assert from "node:assert/strict";
import { importOnDemand } from "../../../lib/shared/on_demand.ts";
import * as version from "../../../lib/server/version.ts";

Deno.test("importOnDemand() gives the module itself, the one a static import gives", async () => {
  const loaded = await importOnDemand<typeof import("../../../lib/server/version.ts")>(
    new URL("../../../lib/server/version.ts", import.meta.url),
  );
  assert.equal(loaded, version);
  assert.equal(loaded.VERSION, version.VERSION);
});

Deno.test("importOnDemand() rejects when the module is not there", async () => {
  await assert.rejects(importOnDemand(new URL("./no_such_module.ts", import.meta.url)), /Module not found/);
});

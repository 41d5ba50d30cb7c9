/**
 * The memory estimate that decides how many workers a document takes.
 */
import assert from "node:assert/strict";
import { conversionMb, PAGE_MB, WORKER_MB, workersFor } from "../../../lib/pdf/memory.ts";

Deno.test("conversionMb() charges each worker its pdf.js and each page once", () => {
  assert.equal(conversionMb(0, 1), WORKER_MB);
  assert.equal(conversionMb(1000, 2) - conversionMb(1000, 1), WORKER_MB);
  assert.equal(conversionMb(1000, 1), Math.ceil(WORKER_MB + 1000 * PAGE_MB));
});

Deno.test("workersFor() gives a second worker only when its estimate fits what is left", () => {
  const two = conversionMb(500, 2);
  assert.equal(workersFor(500, 2, two), 2);
  assert.equal(workersFor(500, 2, two - 1), 1);
  assert.equal(workersFor(500, 4, Infinity), 4);
  assert.equal(workersFor(500, 1, Infinity), 1);
  // One worker always, even past the budget: the gate bounds how many conversions run.
  assert.equal(workersFor(500, 2, 0), 1);
});

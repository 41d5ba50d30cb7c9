/**
 * The memory estimate that decides how many workers a document takes.
 */
import assert from "node:assert/strict";
import { planMemory } from "../../../lib/server/config/memory_plan.ts";
import {
  conversionMb,
  MAX_WORKER_HEAP_MB,
  MIN_WORKER_HEAP_MB,
  PAGE_MB,
  PDF_BYTES_PER_INPUT_BYTE,
  WORKER_MB,
  workerHeapMb,
  workersFor,
} from "../../../lib/pdf/memory.ts";

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

Deno.test("workersFor() charges every worker the file's bytes: a dense document is not split on its page count", () => {
  const MB = 1024 * 1024;
  // The PDF share of Deno Deploy's 768 MB: one conversion of the largest PDF it accepts.
  const share = planMemory(768, { audioBytes: 50 * MB, pdfBytes: 20 * MB }, { audio: false });
  assert.ok(share.pdfMaxBytes > 15 * MB);
  // 500 pages would split by pages alone…
  assert.equal(workersFor(500, 2, share.pdfMemoryMb), 2);
  // …but not at the file size the share was sized for: each worker parses the whole file.
  assert.equal(workersFor(500, 2, share.pdfMemoryMb, share.pdfMaxBytes), 1);
  assert.equal(
    conversionMb(500, 2, 10 * MB) - conversionMb(500, 1, 10 * MB),
    Math.ceil(WORKER_MB + 10 * PDF_BYTES_PER_INPUT_BYTE),
  );
});

Deno.test("workerHeapMb() gives each worker its share of the PDF memory, within 256 MB and 1 GB", () => {
  assert.equal(workerHeapMb(600, 2), 300);
  assert.equal(workerHeapMb(600, 1), 600);
  // A small share still lets pdf.js open a document; a large one stops short of V8's 4× heap growth.
  assert.equal(workerHeapMb(300, 2), MIN_WORKER_HEAP_MB);
  assert.equal(workerHeapMb(8000, 2), MAX_WORKER_HEAP_MB);
  assert.equal(workerHeapMb(0, 0), MIN_WORKER_HEAP_MB);
});

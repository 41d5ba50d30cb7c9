import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { guardPdfJsSource } from "../../../lib/pdf/guard.ts";
import { moduleAsFunction } from "../../../lib/pdf/load.ts";

const workerSource = () =>
  Deno.readTextFile(createRequire(import.meta.url).resolve("pdfjs-dist/legacy/build/pdf.worker.mjs"));

Deno.test("moduleAsFunction() turns the guarded pdf.js worker into a function returning its handler", async () => {
  const body = moduleAsFunction(guardPdfJsSource(await workerSource()));
  assert.ok(!body.includes("import.meta"), "a function cannot read import.meta");
  const exported = new Function(body)() as { WorkerMessageHandler?: { initializeFromPort?: unknown } };
  assert.equal(typeof exported.WorkerMessageHandler?.initializeFromPort, "function");
});

Deno.test("moduleAsFunction() refuses a worker module without the one export it expects", async () => {
  const source = (await workerSource()).replace(
    "export { WorkerMessageHandler };",
    "export { WorkerMessageHandler as W };",
  );
  assert.throws(
    () => moduleAsFunction(source),
    /Cannot load pdf\.js: expected one "export \{ WorkerMessageHandler \};"/,
  );
});

/**
 * Starts a worker thread with a 32 MB heap ceiling that allocates without end
 * and prints the error code it dies with, then that this process still runs.
 * Run in its own process by the pool test, so a ceiling that did not hold
 * could never take the test runner down with it.
 *
 * @module
 */
import { Worker } from "node:worker_threads";

const worker = new Worker(new URL("./_heap_hog.ts", import.meta.url), {
  resourceLimits: { maxOldGenerationSizeMb: 32 },
});
const code = await new Promise<string | undefined>((resolve) =>
  worker.on("error", (error: Error & { code?: string }) => resolve(error.code))
);
console.log(JSON.stringify({ code, alive: Deno.memoryUsage().rss > 0 }));
Deno.exit(0);

/**
 * Loaded before `main.ts` by the audio memory bench (`deno run --preload`):
 * samples the service's own memory from inside (V8's heap and the external
 * memory its `ArrayBuffer`s hold, beside the RSS) every few milliseconds, and,
 * when `MEMORY_PROBE_GC=1` (with `--v8-flags=--expose-gc`), collects garbage
 * before each sample, so that what stays is what the request really holds.
 * On `SIGUSR2` the peaks since the last report are written as one JSON line
 * to `MEMORY_PROBE_FILE` and reset. With `MEMORY_PROBE_TRACE` set, every
 * sample is also appended to that file as one line (`epoch ms, rss, heapUsed,
 * external`, bytes): a timeline to set beside a request's phases, which shows
 * what a peak is made of (the upload, kept PCM, the answer's ring). Never part
 * of the service.
 *
 * @module
 */

const file = Deno.env.get("MEMORY_PROBE_FILE");
const collect = Deno.env.get("MEMORY_PROBE_GC") === "1" &&
  typeof (globalThis as { gc?: () => void }).gc === "function";
const everyMs = Number(Deno.env.get("MEMORY_PROBE_EVERY_MS") ?? "20");
const traceFile = Deno.env.get("MEMORY_PROBE_TRACE");
const trace = traceFile ? Deno.openSync(traceFile, { write: true, create: true, append: true }) : undefined;
const encoder = new TextEncoder();

/** Peaks since the last report, bytes. */
const fresh = () => ({ rss: 0, heapUsed: 0, external: 0, live: 0, samples: 0 });
let peaks = fresh();

function sample(): void {
  if (collect) (globalThis as unknown as { gc: () => void }).gc();
  const usage = Deno.memoryUsage();
  peaks.rss = Math.max(peaks.rss, usage.rss);
  peaks.heapUsed = Math.max(peaks.heapUsed, usage.heapUsed);
  peaks.external = Math.max(peaks.external, usage.external);
  peaks.live = Math.max(peaks.live, usage.heapUsed + usage.external);
  peaks.samples++;
  trace?.writeSync(encoder.encode(`${Date.now()} ${usage.rss} ${usage.heapUsed} ${usage.external}\n`));
}

if (file) {
  const timer = setInterval(sample, everyMs);
  Deno.unrefTimer(timer);
  Deno.addSignalListener("SIGUSR2", () => {
    sample();
    Deno.writeTextFileSync(file, JSON.stringify(peaks) + "\n");
    peaks = fresh();
  });
}

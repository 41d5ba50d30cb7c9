import { processMemoryBytes } from "../tests/_support/service_process.ts";
const { createPdfService } = await import("../lib/pdf/service.ts");
const service = createPdfService({ limits: { maxBytes: Infinity, maxPages: Infinity, timeBudgetMs: 600_000 }, pool: { workers: 1, heapMb: 256 } });
const bytes = await Deno.readFile(Deno.args[0]!);
await new Promise((r) => setTimeout(r, 200));
const before = await processMemoryBytes(Deno.pid, "VmRSS");
const t0 = performance.now();
const trace: string[] = [];
const timer = setInterval(async () => {
  const rss = await processMemoryBytes(Deno.pid, "VmRSS");
  trace.push(`${((performance.now() - t0) / 1000).toFixed(1)}s:${Math.round((rss - before) / 2 ** 20)}`);
}, 250);
await service.pool.convert(bytes, { limits: service.limits });
clearInterval(timer);
console.log(trace.join(" "));
console.log("peak", Math.round(((await processMemoryBytes(Deno.pid, "VmHWM")) - before) / 2 ** 20), ((performance.now() - t0) / 1000).toFixed(1));
Deno.exit(0);

/**
 * What one PDF conversion adds to the process's peak memory, per byte of
 * input: a fresh process with one warm pool worker (as the default budget
 * runs them) reads the file, then converts it; the growth is the peak RSS
 * (every thread) past what the process held with the file read. Run by
 * `bench/memory.ts` on an image-heavy and a text-dense PDF.
 *
 *     deno run -A bench/_pdf_input_cost.ts <file.pdf> [cold]   (prints one JSON line)
 *
 * With `cold`, the worker starts and loads pdf.js with the document, as after
 * the pool stopped an idle worker: the job's fixed cost. A cold conversion
 * runs as a borrowing one does (`alone`: its thread stopped at its end), and
 * the RSS once it has settled shows what the stopped thread gave back.
 *
 * @module
 */
import { processMemoryBytes } from "../tests/_support/service_process.ts";

/** One measured conversion. */
export interface InputCost {
  /** Bytes of the file. */
  inputBytes: number;
  /** Pages converted. */
  pages: number;
  /** Peak RSS growth over the process with the file read, in bytes. */
  growthBytes: number;
  /** RSS once the conversion settled past what the process held with the file read, in bytes. */
  afterBytes: number;
  seconds: number;
}

/** Converts `path` in a fresh process and reports what it cost. */
export async function measureInputCost(path: string, cold = false): Promise<InputCost> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--v8-flags=--expose-gc",
      new URL(import.meta.url).pathname,
      path,
      ...(cold ? ["cold"] : []),
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) throw new Error(`measuring ${path} failed:\n${new TextDecoder().decode(stderr)}`);
  return JSON.parse(new TextDecoder().decode(stdout).trim().split("\n").at(-1)!) as InputCost;
}

if (import.meta.main) {
  const { createPdfService } = await import("../lib/pdf/service.ts");
  const limits = { maxBytes: Infinity, maxPages: Infinity, timeBudgetMs: 600_000 };
  const service = createPdfService({
    limits,
    pool: { workers: 1, heapMb: Number(Deno.env.get("PDF_WORKER_HEAP_MB") ?? 1024) },
  });
  if (Deno.args[1] !== "cold") await service.pool.warm();
  const bytes = await Deno.readFile(Deno.args[0]!);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = await processMemoryBytes(Deno.pid, "VmRSS");
  const started = performance.now();
  const cold = Deno.args[1] === "cold";
  const { pages } = await service.pool.convert(bytes, { limits: service.limits, alone: cold });
  const seconds = (performance.now() - started) / 1000;
  const peak = await processMemoryBytes(Deno.pid, "VmHWM");
  // What this thread still holds of the answer is collected first: what is left is what the stopped thread kept.
  (globalThis as { gc?: () => void }).gc?.();
  const after = await processMemoryBytes(Deno.pid, "VmRSS");
  const cost: InputCost = {
    inputBytes: bytes.length,
    pages,
    growthBytes: peak - before,
    afterBytes: after - before,
    seconds,
  };
  console.log(JSON.stringify(cost));
  await service.pool.close();
  Deno.exit(0);
}

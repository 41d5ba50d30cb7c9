/**
 * PDF worker pool bench on the largest R manual (Debian's `r-doc-pdf`, the
 * 2,415-page reference manual). Each round runs, in fresh processes and one
 * after another, bare pdf.js text extraction on one thread and on as many
 * warm worker threads as the pool has (the limits: what pdf.js alone costs,
 * and what it can give on these cores), our converter on one thread, the
 * service's pool (the document split across its workers), started with the
 * clock and, as a service past its first conversion has it, warm (workers
 * started, pdf.js loaded), and one warm pool worker alone (the default
 * memory budget splits no document). It prints pages per second, CPU
 * seconds and peak RSS (the process' VmHWM, worker threads included) of
 * every run, then the best run of each with its ratios: to the goals (at
 * least 450 pages/s on 2 cores, peak RSS at most 400 MB), to both bare
 * extractions, and pool to one thread. The machine's load average is
 * printed before and after, since a shared machine slows every figure.
 *
 *     apt-get install r-doc-pdf
 *     deno run -A bench/pdf_pool.ts [rounds]
 *
 * @module
 */
import { type Run, runOne } from "./pdf.ts";

/** The manual, where Debian installs it. */
const MANUAL = "/usr/share/R/doc/manual/fullrefman.pdf";

/** Goals of the pool on that manual. */
const GOALS = { pagesPerSecond: 450, peakRssMb: 400 };

/** The engines, in the order each round runs them. */
const ENGINES = [
  { name: "pdf.js text only, 1 thread", mode: "textonly" },
  { name: "pdf.js text only, the pool's threads, warm", mode: "textonly-warm-pool" },
  { name: "ours, 1 thread", mode: "ours" },
  { name: "ours, worker pool", mode: "pool" },
  { name: "ours, worker pool, warm", mode: "pool-warm" },
  { name: "ours, one pool worker, warm (default budget)", mode: "worker-warm" },
] as const;

/** The 1, 5 and 15 minute load averages (Linux), else "unknown". */
function loadAverage(): string {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}

/** Pages per wall-clock second. */
function pps(run: Run): number {
  return run.pages / (run.ms / 1000);
}

/** `a ÷ b` with two decimals. */
function ratio(a: number, b: number): string {
  return (a / b).toFixed(2);
}

if (import.meta.main) {
  try {
    Deno.statSync(MANUAL);
  } catch {
    console.log(`${MANUAL} not found: \`apt-get install r-doc-pdf\` to run this bench.`);
    Deno.exit(0);
  }
  const rounds = Number(Deno.args[0] ?? 3);
  console.log(`fullrefman.pdf, ${rounds} rounds of fresh runs; ${navigator.hardwareConcurrency} cores.`);
  console.log(`Load average before: ${loadAverage()}\n`);
  console.log("| round | engine | pages/s | pages per CPU s | CPU s | peak RSS MB | load (1 min) |");
  console.log("|---:|---|---:|---:|---:|---:|---:|");
  const runs = new Map<string, Run[]>(ENGINES.map((e) => [e.mode, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const engine of ENGINES) {
      const run = await runOne(engine.mode, MANUAL);
      runs.get(engine.mode)!.push(run);
      console.log(
        `| ${round} | ${engine.name} | ${pps(run).toFixed(0)} | ${
          (run.pages / run.cpuSeconds).toFixed(0)
        } | ${run.cpuSeconds} | ${run.peakRssMb} | ${loadAverage().split(" ")[0]} |`,
      );
    }
  }
  const best = (mode: string) => runs.get(mode)!.reduce((a, b) => (b.ms < a.ms ? b : a));
  const [text, textPool, one, pool, warm] = ENGINES.map((e) => best(e.mode)) as [Run, Run, Run, Run, Run];
  console.log(`\nLoad average after: ${loadAverage()}\n`);
  console.log("Fastest run of each:\n");
  console.log(
    "| engine | pages/s | ÷ 450 goal | ÷ bare pdf.js, 1 thread | ÷ bare pdf.js, pool's threads | peak RSS MB | ÷ 400 goal |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const engine of ENGINES) {
    const run = best(engine.mode);
    console.log(
      `| ${engine.name} | ${pps(run).toFixed(0)} | ${ratio(pps(run), GOALS.pagesPerSecond)} | ${
        ratio(pps(run), pps(text))
      } | ${ratio(pps(run), pps(textPool))} | ${run.peakRssMb} | ${ratio(run.peakRssMb, GOALS.peakRssMb)} |`,
    );
  }
  for (const [name, run] of [["Pool", pool], ["Warm pool", warm]] as const) {
    console.log(
      `\n${name} ÷ one thread: ${ratio(pps(run), pps(one))}× the speed, ${
        ratio(run.cpuSeconds, one.cpuSeconds)
      }× the CPU seconds, ${
        ratio(run.peakRssMb, one.peakRssMb)
      }× the peak RSS. ${name} ÷ the bare extraction on the pool's threads (the limit on these cores): ${
        ratio(pps(run), pps(textPool))
      }.`,
    );
  }
}

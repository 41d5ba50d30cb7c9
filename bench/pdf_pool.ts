/**
 * PDF worker pool bench on the largest R manual (Debian's `r-doc-pdf`, the
 * 2,415-page reference manual): pages per second and peak RSS of the service's
 * pool (large documents split across its workers) next to one thread, each as
 * a ratio to its goal, all in one run.
 *
 *     apt-get install r-doc-pdf
 *     deno run -A bench/pdf_pool.ts [rounds]
 *
 * Goals: at least 450 pages/s on 2 cores, peak RSS at most 400 MB. A ratio of
 * 1.00 or more on speed, and 1.00 or less on memory, meets the goal.
 *
 * @module
 */
import { type Run, runOne } from "./pdf.ts";

/** The manual, where Debian installs it. */
const MANUAL = "/usr/share/R/doc/manual/fullrefman.pdf";

/** Goals of the pool on that manual. */
const GOALS = { pagesPerSecond: 450, peakRssMb: 400 };

/** Fastest of `rounds` fresh runs of `mode`. */
async function best(mode: string, rounds: number): Promise<Run> {
  const runs: Run[] = [];
  for (let i = 0; i < rounds; i++) runs.push(await runOne(mode, MANUAL));
  return runs.reduce((a, b) => (b.ms < a.ms ? b : a));
}

if (import.meta.main) {
  try {
    Deno.statSync(MANUAL);
  } catch {
    console.log(`${MANUAL} not found: \`apt-get install r-doc-pdf\` to run this bench.`);
    Deno.exit(0);
  }
  const rounds = Number(Deno.args[0] ?? 3);
  console.log(`fullrefman.pdf, best of ${rounds} fresh runs each; ${navigator.hardwareConcurrency} cores.\n`);
  console.log("| engine | pages | pages/s | ÷ 450 goal | CPU s | peak RSS MB | ÷ 400 goal |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const [name, mode] of [["one thread", "ours"], ["worker pool", "pool"]] as const) {
    const run = await best(mode, rounds);
    const pps = run.pages / (run.ms / 1000);
    console.log(
      `| ${name} | ${run.pages} | ${pps.toFixed(0)} | ${
        (pps / GOALS.pagesPerSecond).toFixed(2)
      } | ${run.cpuSeconds} | ${run.peakRssMb} | ${(run.peakRssMb / GOALS.peakRssMb).toFixed(2)} |`,
    );
  }
}

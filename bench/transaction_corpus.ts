/**
 * Accuracy of transaction diagnosis on the corpus of recorded mainnet
 * transactions (tests/fixtures/solana/diagnosis_corpus.json), replayed
 * through explain over a loopback RPC stub: per expected class, the share
 * answered with an acceptable class; attribution to the innermost failing
 * program; RPC round trips; and the confusion table — for the tuning part and
 * the held-out part (every fourth case) separately. Prints; asserts nothing.
 *
 * Run: `deno run -A bench/transaction_corpus.ts`
 *
 * @module
 */
import { replayCorpus, type Scored } from "../tests/lib/solana/transaction/_corpus.ts";

function percent(part: number, whole: number): string {
  return whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)}% (${part}/${whole})`;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ")).join("\n");
}

function report(title: string, scored: Scored[]) {
  const failures = scored.filter((s) => s.failed);
  const stated = failures.filter((s) => s.stated);
  const successes = scored.filter((s) => !s.failed);
  console.log(
    `\n## ${title}: ${scored.length} cases, ${failures.length} failures, ${successes.length} successes`,
  );
  console.log(
    `innermost failing program right: ${
      percent(failures.filter((s) => s.programOk).length, failures.length)
    }`,
  );
  console.log(
    `failures with an acceptable class: ${
      percent(failures.filter((s) => s.classOk).length, failures.length)
    }`,
  );
  console.log(
    `failures whose logs state the cause, class right: ${
      percent(stated.filter((s) => s.classOk).length, stated.length)
    }`,
  );
  console.log(
    `successes classed none: ${percent(successes.filter((s) => s.classOk).length, successes.length)}`,
  );
  const trips = scored.map((s) => s.roundTrips);
  console.log(`RPC round trips per explain: min ${Math.min(...trips)}, max ${Math.max(...trips)}`);

  const byClass = new Map<string, Scored[]>();
  for (const s of scored) byClass.set(s.expected[0]!, [...(byClass.get(s.expected[0]!) ?? []), s]);
  console.log("\nper expected class (first acceptable class):");
  console.log(table([
    ["class", "cases", "acceptable"],
    ...[...byClass].sort(([a], [b]) => a.localeCompare(b)).map(([name, list]) => [
      name,
      `${list.length}`,
      percent(list.filter((s) => s.classOk).length, list.length),
    ]),
  ]));

  const got = [...new Set(scored.map((s) => s.got))].sort();
  const expected = [...byClass.keys()].sort();
  console.log("\nconfusion (rows: expected, columns: answered):");
  console.log(table([
    ["expected \\ got", ...got],
    ...expected.map((name) => [
      name,
      ...got.map((answer) => `${byClass.get(name)!.filter((s) => s.got === answer).length}`),
    ]),
  ]));
}

const scored = await replayCorpus();
report("tuning part", scored.filter((s) => !s.heldOut));
report("held-out part", scored.filter((s) => s.heldOut));
report("whole corpus", scored);

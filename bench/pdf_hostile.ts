/**
 * Time on hostile text: each shape of `tests/_support/hostile_text_pdf.ts`
 * converted at half its size and at its size, in one run. The ratio of the two
 * times is about 2 where the reader's time is linear in the shape's size and
 * 4 or more where it is quadratic. Then the aligned-table search tried from
 * every row of a page of 2,000 two-cell rows, each try turned down, with no
 * allowance (as before `table_search_budget.ts`) and with the page's one.
 *
 *     deno run -A bench/pdf_hostile.ts
 *
 * @module
 */
import { convertPdf } from "../lib/pdf/convert.ts";
import { TableSearchBudget } from "../lib/pdf/table_search_budget.ts";
import { detectTable } from "../lib/pdf/tables.ts";
import { line } from "../tests/_support/laid_out_page.ts";
import {
  codeFencesPdf,
  contentsDotsPdf,
  deepOutlinePdf,
  deepTagsPdf,
  indexCommasPdf,
  inlineBackticksPdf,
  itemLeadersPdf,
  longLinePdf,
  outlineFloodPdf,
  ruledGridPdf,
  sameSpotGlyphsPdf,
  stackedLettersPdf,
  tinyRulesPdf,
} from "../tests/_support/hostile_text_pdf.ts";

/** Each shape: its name, its full size, and the file at a size. */
const SHAPES: [string, number, (n: number) => Uint8Array][] = [
  ["contents row of dots", 200_000, contentsDotsPdf],
  ["contents row of dots, each an item", 200_000, itemLeadersPdf],
  ["line of letters", 200_000, (n) => longLinePdf("a", n)],
  ["line of spaces", 200_000, (n) => longLinePdf(" ", n)],
  ["glyphs at one spot", 200_000, sameSpotGlyphsPdf],
  ["stacked one-letter items", 50_000, stackedLettersPdf],
  ["tiny rules", 20_000, tinyRulesPdf],
  ["ruled grid cells", 20_000, ruledGridPdf],
  ["outline entries", 5_000, outlineFloodPdf],
  ["tag nesting depth", 5_000, deepTagsPdf],
  ["outline nesting depth", 50_000, deepOutlinePdf],
  ["inline code of backtick runs", 150_000, inlineBackticksPdf],
  ["code block of fences", 150_000, codeFencesPdf],
  ["index rows, half ending in a comma", 32_000, indexCommasPdf],
];

/** Milliseconds `run` takes. */
async function timed(run: () => unknown): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** Milliseconds to convert `bytes`, or the error's name. */
async function convertMs(bytes: Uint8Array): Promise<string> {
  try {
    return (await timed(() => convertPdf(bytes, { limits: { timeBudgetMs: 600_000 } }))).toFixed(0);
  } catch (error) {
    return (error as Error).name;
  }
}

console.log(`load: ${Deno.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
await convertPdf(longLinePdf("a", 10)); // pdf.js loaded before the first timing
console.log("shape\tsize\thalf ms\tfull ms\tratio");
for (const [name, size, make] of SHAPES) {
  const half = await convertMs(make(size / 2)), full = await convertMs(make(size));
  console.log(`${name}\t${size}\t${half}\t${full}\t${(Number(full) / Number(half)).toFixed(2)}`);
}

const lines = Array.from(
  { length: 2000 },
  (_, r) => [line("name", 72, 100, r * 20), line("kind", 300, 330, r * 20)],
)
  .flat();
/** Milliseconds to try a table from every row with `budget`. */
const search = (budget: () => TableSearchBudget) =>
  timed(() => {
    const page = budget();
    for (let start = 0; start < lines.length; start += 2) detectTable(lines, start, () => false, page);
  });
const unbounded = await search(() => new TableSearchBudget(Infinity));
const bounded = await search(() => new TableSearchBudget());
console.log(
  `table search from each of 2,000 rows: no allowance ${unbounded.toFixed(0)} ms, ` +
    `the page's ${bounded.toFixed(0)} ms (${(unbounded / bounded).toFixed(1)}x)`,
);

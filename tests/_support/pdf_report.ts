/**
 * The bench's comparison table: every score of every converter over a set of
 * documents, as a Markdown table.
 *
 * @module
 */
import type { Ratio, Scores } from "./pdf_score.ts";

/** Totals of one converter over documents. */
export interface Totals {
  scores: Scores[];
  ms: number;
  pages: number;
}

/** Adds ratios. */
export function sum(ratios: Ratio[]): Ratio {
  return ratios.reduce((t, r) => ({ hit: t.hit + r.hit, of: t.of + r.of }), { hit: 0, of: 0 });
}

/** A ratio as a fraction with three decimals. */
function fraction(r: Ratio): string {
  return r.of === 0 ? "–" : (r.hit / r.of).toFixed(3);
}

/** F1 of heading precision and recall. */
export function headingF1(scores: readonly Scores[]): number {
  const predicted = sum(scores.map((s) => s.headingsPredicted));
  const found = sum(scores.map((s) => s.headingsFound));
  const p = predicted.of ? predicted.hit / predicted.of : 0;
  const r = found.of ? found.hit / found.of : 0;
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
}

/** Mean of a per-document number. */
export function mean(scores: readonly Scores[], pick: (s: Scores) => number): number {
  return scores.reduce((n, s) => n + pick(s), 0) / Math.max(1, scores.length);
}

/** A row: label and the figure for one converter's totals. */
type Row = [string, (t: Totals) => string];

/** Recall row of one ratio score. */
function recall(label: string, pick: (s: Scores) => Ratio): Row {
  return [label, (t) => fraction(sum(t.scores.map(pick)))];
}

/** Every row of the table. */
const ROWS: Row[] = [
  ["Text similarity (mean)", (t) => mean(t.scores, (s) => s.text).toFixed(3)],
  ["Heading F1 (text + exact level)", (t) => headingF1(t.scores).toFixed(3)],
  recall("Heading precision", (s) => s.headingsPredicted),
  recall("Heading recall", (s) => s.headingsFound),
  ...[1, 2, 3, 4].map((level) => recall(`  H${level} recall`, (s) => s.headingsByLevel[level - 1]!)),
  ["False headings per document", (t) => mean(t.scores, (s) => s.falseHeadings).toFixed(2)],
  recall("List-item recall (all)", (s) => s.listItems),
  recall("Bullet item recall", (s) => s.bulletItems),
  recall("Numbered item recall", (s) => s.numberedItems),
  recall("Nested items at the right depth", (s) => s.nestedItems),
  recall("Code-block recall", (s) => s.codeBlocks),
  ["Spurious code blocks per document", (t) => mean(t.scores, (s) => s.spuriousCodeBlocks).toFixed(2)],
  recall("Inline-code recall", (s) => s.inlineCode),
  recall("Link recall", (s) => s.links),
  recall("Table-cell recall", (s) => s.tableCells),
  recall("Block-quote recall", (s) => s.quotes),
  recall("Paragraph recall (whole)", (s) => s.paragraphs),
  ["Pages per second", (t) => (t.pages / (t.ms / 1000)).toFixed(1)],
];

/** The comparison table for some documents. */
export function table(totals: Map<string, Totals>): string {
  const names = [...totals.keys()];
  const lines = [`| Score | ${names.join(" | ")} |`, `|---|${names.map(() => "---:").join("|")}|`];
  for (const [label, value] of ROWS) {
    lines.push(`| ${label} | ${names.map((n) => value(totals.get(n)!)).join(" | ")} |`);
  }
  return lines.join("\n");
}

/** The headline figures of a set of scores; a recall with nothing to find counts as 1. */
export interface Summary {
  text: number;
  headingF1: number;
  falseHeadingsPerDoc: number;
  bulletItems: number;
  numberedItems: number;
  nestedItems: number;
  codeBlocks: number;
  spuriousCodePerDoc: number;
  inlineCode: number;
  links: number;
  tableCells: number;
  quotes: number;
  paragraphs: number;
}

/** Sums up scores into the headline figures. */
export function summarize(scores: readonly Scores[]): Summary {
  const rate = (pick: (s: Scores) => Ratio) => {
    const r = sum(scores.map(pick));
    return r.of === 0 ? 1 : r.hit / r.of;
  };
  return {
    text: mean(scores, (s) => s.text),
    headingF1: headingF1(scores),
    falseHeadingsPerDoc: mean(scores, (s) => s.falseHeadings),
    bulletItems: rate((s) => s.bulletItems),
    numberedItems: rate((s) => s.numberedItems),
    nestedItems: rate((s) => s.nestedItems),
    codeBlocks: rate((s) => s.codeBlocks),
    spuriousCodePerDoc: mean(scores, (s) => s.spuriousCodeBlocks),
    inlineCode: rate((s) => s.inlineCode),
    links: rate((s) => s.links),
    tableCells: rate((s) => s.tableCells),
    quotes: rate((s) => s.quotes),
    paragraphs: rate((s) => s.paragraphs),
  };
}

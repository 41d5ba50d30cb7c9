/**
 * Running heads and feet told by where they stand rather than by what they
 * say. A typesetter sets them apart from the text block, at the same height
 * page after page, while their words change (a chapter's title in the head,
 * the page number in the foot, left on even pages and right on odd ones). Two
 * kinds of evidence are read here, over the whole document:
 *
 * - a page number in step: a bare number (or roman numeral) standing alone
 *   at a page's top or foot whose value minus the page's own number is the
 *   same on two pages or more;
 * - a running slot: a height near the page's top or foot where many pages
 *   have a line set apart from the rest of the page by more than a paragraph's
 *   space, where that line is nearly always so set apart, and whose words
 *   mostly recur from page to page (a chapter's title on each of its pages).
 *   A text block's first or last line sits at a fixed height too, but on
 *   most pages it runs on into the next line, and where it stands apart (a
 *   heading opening the page) it says something else on each page;
 * - a split row: a line set apart at a page's top or foot made of two or
 *   three short pieces, the first at the text's left edge and the last at its
 *   right (a title left and a date right, an author left and the page number
 *   right): a running head or foot by its shape alone, where a document of one
 *   page has nothing to repeat;
 * - a page number in its place: a bare number on a page's first or last
 *   baseline, in step as above, standing where the page numbers in step stand
 *   on other pages, though something set close above it (a float's caption at
 *   the page's foot) leaves it no space apart.
 *
 * @module
 */
import { greatest, least } from "./extremes.ts";
import { mode, sizeKey } from "./stats.ts";
import type { Line, PageText } from "./types.ts";

/** Share of the page height, from the top or the bottom, where running heads and feet may stand. */
const OUTER_BAND = 0.16;
/**
 * Space, in sizes of the line, beyond which a line stands apart from its neighbour: a line step is
 * ~1.2, a paragraph's or list item's space after a line ~2; a running head or foot stands 2.5 and more.
 */
const APART = 2.3;
/** Least share of pages a running slot must recur on (and at least three pages). */
const SLOT_SHARE = 0.3;
/** Least share of a slot's lines that must stand apart for it to be a running slot. */
const APART_SHARE = 0.8;
/** Least share of a slot's lines (bare numbers aside) whose words recur on another page. */
const REPEATED_SHARE = 0.5;
/** Running heads and feet are set at body size or smaller. */
const MAX_SIZE_RATIO = 1.1;

/** A bare page number: arabic, or roman as in a front matter. */
const BARE_NUMBER = /^(?:[-–—]\s*)?(\d{1,5}|[ivxlcdm]{1,7})(?:\s*[-–—])?$/i;

/** The text of a line, its spans joined by single spaces (for the furniture passes' tests of a line's words). */
export function lineText(line: Line): string {
  return line.spans.map((s) => s.text).join(" ").replace(/\s+/g, " ").trim();
}

/** The value of a roman numeral, or NaN. */
function romanValue(text: string): number {
  const values: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
  let total = 0;
  const letters = text.toLowerCase();
  for (let i = 0; i < letters.length; i++) {
    const value = values[letters[i]!]!, next = values[letters[i + 1] ?? ""] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

/** A line at a page's top or foot that stands apart from the rest of the page. */
interface EdgeLine {
  line: Line;
  edge: "top" | "foot";
}

/** The lines on a page's first and last baselines that stand apart from the rest, within the outer band. */
function edgeLines(page: PageText): EdgeLine[] {
  if (page.lines.length === 0) return [];
  const ys = page.lines.map((l) => l.y);
  const top = least(ys), foot = greatest(ys);
  const out: EdgeLine[] = [];
  for (const [edge, y] of [["top", top], ["foot", foot]] as const) {
    if (edge === "top" ? y > page.height * OUTER_BAND : y < page.height * (1 - OUTER_BAND)) continue;
    const on = page.lines.filter((l) => Math.abs(l.y - y) <= 2);
    const rest = page.lines.filter((l) => Math.abs(l.y - y) > 2).map((l) => l.y);
    const gap = rest.length === 0 ? Infinity : edge === "top" ? least(rest) - y : y - greatest(rest);
    const size = greatest(on.map((l) => l.size));
    if (gap < size * APART) continue;
    for (const line of on) out.push({ line, edge });
    if (top === foot) break;
  }
  return out;
}

/** The document's body size: the size most characters are set in. */
export function bodySize(pages: readonly PageText[]): number {
  const chars = new Map<number, number>();
  for (const page of pages) {
    for (const line of page.lines) {
      for (const s of line.spans) {
        const key = sizeKey(s.size);
        chars.set(key, (chars.get(key) ?? 0) + s.text.length);
      }
    }
  }
  return mode(chars) ?? 0;
}

/** What the pages show at one running slot (an edge and a height). */
interface Slot {
  /** Pages with a line set apart there. */
  pages: Set<number>;
  /** Pages by a line's words with digits generalised (bare numbers left out). */
  texts: Map<string, Set<number>>;
  lines: Line[];
}

/**
 * The lines of a document that are running heads, running feet or page
 * numbers by where they stand (see the module's comment). Table cells are
 * never among them.
 */
export function runningLines(pages: readonly PageText[]): Set<Line> {
  const body = bodySize(pages);
  const edges = pages.map((page) =>
    edgeLines(page).filter(({ line }) =>
      !line.spans.some((s) => s.tag?.cell) && line.size <= body * MAX_SIZE_RATIO
    )
  );
  const inStep = numbersInStep(pages, edges);
  return new Set([
    ...inStep,
    ...numbersInPlace(pages, inStep),
    ...slotLines(pages, edges),
    ...splitRows(pages, edges),
  ]);
}

/** Most words a piece of a split running head or foot holds. */
const PIECE_WORDS = 8;
/** How far, in points, a split row's ends may stand from the text's edges. */
const EDGE_SLACK = 3;

/** Edge lines that form a split row: short pieces from the text's left edge to its right (see the module's comment). */
function splitRows(pages: readonly PageText[], edges: readonly EdgeLine[][]): Line[] {
  return pages.flatMap((page, i) => {
    if (page.lines.length < 4) return [];
    const left = least(page.lines.map((l) => l.x0)), right = greatest(page.lines.map((l) => l.x1));
    const out: Line[] = [];
    for (const edge of ["top", "foot"] as const) {
      const row = edges[i]!.filter((e) => e.edge === edge).map((e) => e.line).sort((a, b) => a.x0 - b.x0);
      if (row.length < 2 || row.length > 3) continue;
      if (row.some((l) => lineText(l).split(" ").length > PIECE_WORDS)) continue;
      if (Math.abs(row[0]!.x0 - left) > EDGE_SLACK || Math.abs(row.at(-1)!.x1 - right) > EDGE_SLACK) continue;
      out.push(...row);
    }
    return out;
  });
}

/** A bare number's kind (arabic or roman) and its value minus its page's number; undefined for other text. */
function numberStep(line: Line, page: number): string | undefined {
  const match = BARE_NUMBER.exec(lineText(line));
  if (!match) return undefined;
  const roman = !/\d/.test(match[1]!);
  const value = roman ? romanValue(match[1]!) : Number(match[1]);
  return `${roman ? "r" : "a"}|${value - page}`;
}

/** Bare numbers at a page's edge whose value minus the page's number recurs on two pages or more. */
function numbersInStep(pages: readonly PageText[], edges: readonly EdgeLine[][]): Line[] {
  const steps = new Map<string, Line[]>();
  pages.forEach((page, i) => {
    for (const { line, edge } of edges[i]!) {
      const step = numberStep(line, page.page);
      if (step) steps.set(`${edge}|${step}`, [...steps.get(`${edge}|${step}`) ?? [], line]);
    }
  });
  return [...steps.values()].filter((lines) => lines.length >= 2).flat();
}

/** How far, in points, a page number may stand from where the others stand. */
const PLACE_SLACK = 1.5;

/**
 * Bare numbers on a page's first or last baseline, in step with the page
 * numbers found apart, at one of their places (baseline and left or right
 * edge): page numbers, however close the text above or below them comes.
 */
function numbersInPlace(pages: readonly PageText[], inStep: readonly Line[]): Line[] {
  if (inStep.length === 0) return [];
  const found = new Set(inStep);
  const places = pages.flatMap((page) =>
    page.lines.filter((l) => found.has(l)).map((line) => ({ line, step: numberStep(line, page.page) }))
  );
  const near = (a: number, b: number) => Math.abs(a - b) <= PLACE_SLACK;
  return pages.flatMap((page) => {
    if (page.lines.length === 0) return [];
    const ys = page.lines.map((l) => l.y);
    const ends = [least(ys), greatest(ys)];
    return page.lines.filter((line) => {
      if (found.has(line) || !ends.some((y) => near(line.y, y))) return false;
      const step = numberStep(line, page.page);
      return step !== undefined &&
        places.some((p) =>
          p.step === step && near(p.line.y, line.y) && (near(p.line.x0, line.x0) || near(p.line.x1, line.x1))
        );
    });
  });
}

/** The lines standing in running slots: heights where a line set apart recurs (see the module's comment). */
function slotLines(pages: readonly PageText[], edges: readonly EdgeLine[][]): Line[] {
  const slotOf = (edge: string, line: Line) => `${edge}|${Math.round(line.y / 3)}`;
  const slots = new Map<string, Slot>();
  pages.forEach((page, i) => {
    for (const { line, edge } of edges[i]!) {
      const key = slotOf(edge, line);
      const slot: Slot = slots.get(key) ?? { pages: new Set(), texts: new Map(), lines: [] };
      slots.set(key, slot);
      slot.pages.add(page.page);
      slot.lines.push(line);
      const text = lineText(line);
      if (BARE_NUMBER.test(text)) continue;
      const words = text.toLowerCase().replace(/\d+/g, "#");
      slot.texts.set(words, (slot.texts.get(words) ?? new Set()).add(page.page));
    }
  });
  const present = new Map<string, number>();
  for (const page of pages) {
    const keys = new Set<string>();
    for (const line of page.lines) {
      if (line.y <= page.height * OUTER_BAND) keys.add(slotOf("top", line));
      if (line.y >= page.height * (1 - OUTER_BAND)) keys.add(slotOf("foot", line));
    }
    for (const key of keys) present.set(key, (present.get(key) ?? 0) + 1);
  }
  const least = Math.max(3, Math.ceil(pages.length * SLOT_SHARE));
  return [...slots].filter(([key, slot]) =>
    slot.pages.size >= least && slot.pages.size >= (present.get(key) ?? 0) * APART_SHARE &&
    repeatsItsWords(slot)
  ).flatMap(([, slot]) => slot.lines);
}

/**
 * True when most of a slot's wording recurs from page to page: a running
 * head names its chapter on every page of it; headings that happen to open
 * pages each say something else.
 */
function repeatsItsWords(slot: Slot): boolean {
  let lines = 0, repeated = 0;
  for (const pages of slot.texts.values()) {
    lines += pages.size;
    if (pages.size >= 2) repeated += pages.size;
  }
  return repeated >= lines * REPEATED_SHARE;
}

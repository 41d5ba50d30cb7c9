/**
 * Run-in headings: TeX sets its two lowest heading levels (`\paragraph`,
 * `\subparagraph`) in bold at body size at the start of their paragraph's
 * first line, parted from the text by a quad (1 em) where a word space is a
 * third of that. Such a paragraph is split into a heading and its body.
 *
 * Both levels look the same on the page, so the level comes from the
 * sections around them: a run-in heading is a fourth-level one (TeX's
 * `\paragraph`), or one below the last displayed heading when that is
 * deeper, and a run-in section whose whole body is short lines that end no
 * sentence (type labels), or one line that ends no sentence, or that ends in
 * a colon, or that has no body before the next run-in heading, introduces
 * the run-in headings after it, one level deeper. Where a list, a listing or another heading
 * follows, TeX sets such a heading on a line of its own; heading detection
 * marks those (`Draft.runIn`) and they are levelled with the others.
 *
 * @module
 */
import { blockId, type Draft } from "./draft.ts";
import { plainLineText } from "./inline.ts";
import type { Line, Span } from "./types.ts";
import { greatest } from "./extremes.ts";

/** TeX's run-in levels are its fourth and fifth, below three displayed ones, whichever a document uses. */
const FIRST_RUN_IN = 4;

/** A quad is 1 em; a word space, even stretched in a justified line, stays well short of this. */
const QUAD_EM = 0.9;
/** …and TeX's quad does not stretch, where the gap between table columns (1.2 em) and others do. */
const QUAD_MAX_EM = 1.1;
/** How far from 1 em the gap may be where bold text follows it (a bold word opening the body). */
const BOLD_QUAD_EM = 0.03;
/**
 * What TeX's `\dots` adds to the quad after a heading ending in it: the kern it sets after each of its
 * dots (the font's interword stretch, a sixth to a fifth of an em), the last one before the quad.
 */
const ELLIPSIS_KERN_EM = 0.2;
/**
 * Widest a word space between two bold words of a lead-in stands, in ems: a
 * justified line stretches the heading's spaces with the rest (the quad after
 * it does not stretch), and a narrow column's line stretches them past a quad.
 */
const STRETCHED_SPACE_EM = 1.6;
/** A lead-in ending in an ellipsis: three dots, spaced or not, or the one character. */
const ENDS_IN_ELLIPSIS = /(?:\. ?){2}\.\s*$|…\s*$/;

/**
 * Where a line's bold lead-in ends: the index of the first visible span after
 * a quad-wide gap that follows only bold text (inline code too); -1 when the
 * line does not open with a run-in heading.
 */
export function runInSplit(line: Line): number {
  let end: number | undefined;
  let letters = false;
  let lead = "";
  for (let i = 0; i < line.spans.length; i++) {
    const span = line.spans[i]!;
    if (!span.text.trim()) continue;
    if (end !== undefined && letters && span.x - end >= span.size * QUAD_EM) {
      // The text goes on in the body's weight, or in bold a quad to the point: bold on both sides
      // of some other gap is a row of cells.
      const gap = (span.x - end) / span.size;
      const most = QUAD_MAX_EM + (ENDS_IN_ELLIPSIS.test(lead) ? ELLIPSIS_KERN_EM : 0);
      if (gap <= most && (!span.font.bold || Math.abs(gap - 1) <= BOLD_QUAD_EM)) return i;
      // A bold word after a stretched space goes on with the lead-in, where the line is justified.
      if (!span.font.bold || gap > STRETCHED_SPACE_EM || !stretchedLine(line, span.size)) return -1;
    }
    if (!span.font.bold) return -1;
    letters ||= /[\p{L}\p{N}]/u.test(span.text);
    lead += span.text;
    end = span.x + span.width;
  }
  return -1;
}

/**
 * True when a line's spaces are stretched: the gaps between its words, past
 * its first bold ones, are most of them wider than a plain word space (half
 * an em).
 */
function stretchedLine(line: Line, size: number): boolean {
  const words = line.spans.filter((s) => s.text.trim());
  const gaps: number[] = [];
  for (let i = 1; i < words.length; i++) {
    if (words[i]!.font.bold) continue;
    gaps.push(words[i]!.x - (words[i - 1]!.x + words[i - 1]!.width));
  }
  const wide = gaps.filter((g) => g > size * 0.5 && g < size * STRETCHED_SPACE_EM).length;
  return gaps.length >= 2 && wide * 2 > gaps.length;
}

/** A line made of some of `line`'s spans, keeping its baseline and page. */
function lineOf(line: Line, spans: Span[], x0: number): Line {
  const x1 = greatest(spans.map((s) => s.x + s.width));
  return { ...line, spans, x0, x1 };
}

/**
 * Splits text drafts that open with a run-in heading (not yet headings, or
 * headings at the run-in levels; untagged, or tagged by a tree that names no
 * heading) into a heading draft and a body draft, and gives the run-in headings their levels. Runs after
 * displayed headings are marked.
 */
export function splitRunInHeadings(drafts: Draft[]): Draft[] {
  const out: Draft[] = [];
  const runIns = new Set<Draft>(drafts.filter((d) => d.runIn));
  // A tree that names headings tags a run-in one apart; one that tags only paragraphs leaves it inside its `P`.
  const tagsHeadings = drafts.some((d) => d.lines.some((l) => l.spans.some((s) => s.tag?.heading)));
  for (const draft of drafts) {
    const first = draft.lines[0];
    const open = first && draft.kind === "text" && (!draft.heading || draft.runIn);
    const paragraphOnly = !tagsHeadings && !first?.spans[0]?.tag?.cell;
    const at = open && (blockId(first) === undefined || paragraphOnly) ? runInSplit(first) : -1;
    if (!first || at < 0) {
      out.push(draft);
      continue;
    }
    const head: Draft = {
      ...draft,
      heading: undefined,
      runIn: true,
      lines: [lineOf(first, first.spans.slice(0, at), first.x0)],
    };
    // The body keeps the paragraph's left edge: it is not set in.
    const body: Draft = {
      ...draft,
      heading: undefined,
      runIn: undefined,
      lines: [lineOf(first, first.spans.slice(at), first.x0), ...draft.lines.slice(1)],
    };
    runIns.add(head);
    out.push(head, body);
  }
  if (runIns.size) levelRunIns(out, runIns);
  return out;
}

/** The widest a label line stands, in ems: a wrapped line of prose runs on to the column's edge. */
const LABEL_MAX_EM = 30;

/** True when a line is a label: short, and ending no sentence. */
function isLabelLine(line: Line): boolean {
  return line.x1 - line.x0 < line.size * LABEL_MAX_EM && !/[.!?]$/.test(plainLineText(line).trim());
}

/** Gives run-in headings their levels (see the module notes). */
function levelRunIns(drafts: readonly Draft[], runIns: ReadonlySet<Draft>) {
  let parent = 0;
  let level = 0;
  drafts.forEach((draft, i) => {
    if (draft.heading && !runIns.has(draft)) {
      parent = draft.heading;
      level = 0;
      return;
    }
    if (!runIns.has(draft)) return;
    const top = Math.min(6, Math.max(FIRST_RUN_IN, parent + 1));
    draft.heading = level || top;
    const section: Draft[] = [];
    for (let k = i + 1; k < drafts.length && !drafts[k]!.heading && !runIns.has(drafts[k]!); k++) {
      section.push(drafts[k]!);
    }
    const only = section.length === 1 && section[0]!.kind === "text" && section[0]!.lines.length === 1
      ? plainLineText(section[0]!.lines[0]!).trim()
      : null;
    // Short lines ending no sentence, each a paragraph or a line break of its own: labels ("Type:
    // `object`", "Default: `{}`"), as a section introducing the run-in headings after it holds.
    const labels = section.length > 0 &&
      section.every((d) => d.kind === "text" && !d.heading && d.lines.every(isLabelLine));
    // A run-in heading straight after another (TeX then sets the first on a line of its own) is
    // over it, and so back at the first run-in level when below it: a sixth level is rare.
    const bare = section.length === 0 && runIns.has(drafts[i + 1]!);
    if (bare && top < 6) draft.heading = top;
    // A section whose text ends in a colon leads into the run-in headings after it.
    const last = section.at(-1);
    const leadsIn = last?.kind === "text" && runIns.has(drafts[i + section.length + 1]!) &&
      plainLineText(last.lines.at(-1)!).trim().endsWith(":");
    const introduces = bare || leadsIn || labels || (only !== null && !/[.!?]$/.test(only));
    if (introduces && draft.heading === top && top < 6) level = draft.heading + 1;
    else level = draft.heading;
  });
}

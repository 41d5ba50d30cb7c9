/**
 * The document's title above an outline that leaves it out. Set larger than
 * every heading the outline names, it is either the top heading of a source
 * whose sections the outline counts from one (a reStructuredText title, a
 * book's cover), or the title block a typesetter builds from the document's
 * metadata: title, then author and date lines aligned with it (LaTeX's
 * `\maketitle`, centred or flush right). The first pushes the outline's
 * levels one down; the second is not a heading of the text at all, so its
 * lines stay paragraphs and the outline's levels stand.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import type { HeadingCandidate } from "./headings.ts";

/** A text draft with what heading detection measured of it, at index `at` among the drafts. */
export interface TitleCandidate {
  draft: Draft;
  at: number;
  info: HeadingCandidate;
}

/** How far (points) two lines' centres or right edges may stand apart and still be aligned. */
const ALIGN_TOLERANCE = 4;
/** Lines a title or a byline of a title block may have. */
const BLOCK_LINES = 3;
/** Words a byline's line may have: a name, an affiliation, a date; not a sentence of the text. */
const BYLINE_WORDS = 10;

/**
 * Places a title the outline leaves out. When the first heading on the
 * first page, before any the outline names, heads a title block (lines
 * aligned with it by centre or right edge, one of them smaller: the author,
 * the date), the block's drafts lose their heading marks and the outline's
 * levels stand; a lone title set larger than the outline's headings stays a
 * heading and the outline counts one level below it.
 *
 * @param texts The document's text drafts in order, headings marked so far.
 * @returns How many levels the outline's headings go down (0 or 1).
 */
export function placeTitle(texts: readonly TitleCandidate[]): number {
  const first = texts.findIndex((t) => t.draft.outlined);
  if (first <= 0) return 0;
  const before = texts.slice(0, first);
  const opening = before.findIndex((t) => t.draft.heading);
  const block = opening < 0 || before[opening]!.draft.page !== texts[0]!.draft.page
    ? undefined
    : titleBlock(before, opening);
  if (block) {
    for (const t of block) delete t.draft.heading;
    return 0;
  }
  const named = texts.filter((t) => t.draft.outlined);
  const largest = Math.max(...named.map((t) => t.info.size));
  // A title in a weight or face no heading the outline names is set in is a cover's (LaTeX's
  // `\maketitle`), standing apart from the headings rather than atop them.
  return before.some((t) =>
      t.draft.heading && t.info.size > largest * 1.05 &&
      named.some((n) => n.info.bold === t.info.bold && n.info.family === t.info.family)
    )
    ? 1
    : 0;
}

/**
 * The drafts of the title block opened by `before[title]`: the drafts right
 * after it on its page that share its centre or right edge, while they are
 * short; undefined when none of them is smaller than the title (no byline).
 */
function titleBlock(before: readonly TitleCandidate[], title: number): TitleCandidate[] | undefined {
  const head = before[title]!;
  if (head.draft.lines.length > BLOCK_LINES) return undefined;
  const block = [head];
  for (let i = title + 1; i < before.length; i++) {
    const t = before[i]!, last = block[block.length - 1]!;
    if (t.at !== last.at + 1 || t.draft.page !== head.draft.page) break;
    if (t.draft.lines.length > BLOCK_LINES || !isByline(t.draft) || !alignedWith(t.draft, head.draft)) break;
    block.push(t);
  }
  return block.some((t) => t.info.size < head.info.size * 0.95) ? block : undefined;
}

/** True when a draft's lines are short and link nowhere, as an author's name or a date are. */
function isByline(draft: Draft): boolean {
  return draft.lines.every((l) =>
    l.spans.every((s) => !s.link) &&
    l.spans.map((s) => s.text).join(" ").split(/\s+/).filter(Boolean).length <= BYLINE_WORDS
  );
}

/** True when every line of `draft` shares the centre or the right edge of the lines of `title`. */
function alignedWith(draft: Draft, title: Draft): boolean {
  const centre = (x0: number, x1: number) => (x0 + x1) / 2;
  const titleCentres = title.lines.map((l) => centre(l.x0, l.x1));
  const titleRights = title.lines.map((l) => l.x1);
  const titleLeft = Math.min(...title.lines.map((l) => l.x0));
  return draft.lines.every((l) => {
    // Lines flush left with the title are the text's own start, not a block centred or set right.
    if (Math.abs(l.x0 - titleLeft) <= ALIGN_TOLERANCE) return false;
    return titleCentres.some((c) => Math.abs(centre(l.x0, l.x1) - c) <= ALIGN_TOLERANCE) ||
      titleRights.some((r) => Math.abs(l.x1 - r) <= ALIGN_TOLERANCE);
  });
}

/**
 * The document's title and the front matter above the first heading its
 * outline names: the one place that finds the title block and decides what
 * it is. The title is the first heading there, its rows (a title wrapped
 * over several rows at one size) joined into one. It is one of two things:
 *
 * - the top heading of the text, set in the weight and face of the headings
 *   the outline names and larger than all of them: the source's own title
 *   (reStructuredText's, Sphinx's, a book's), which the outline leaves out
 *   and counts its sections from one under. It stays a heading and the
 *   outline's levels go one down, whatever lines stand under it (Sphinx
 *   sets the title flush right with the author and date under it);
 * - the title block a typesetter builds from the document's metadata, set
 *   apart from the headings (LaTeX's `\maketitle` in a weight or face of its
 *   own): title, then author and date lines aligned with it by centre or
 *   right edge. It is no heading of the text: its lines stay paragraphs and
 *   the outline's levels stand. So is a title on a page of its own (a title
 *   page: the title and a few short lines, nothing of the text, the outline's
 *   first heading on a later page), whatever its face or alignment: a
 *   source's own top heading opens its text, a title page is made apart
 *   from the text from the metadata (Eisvogel's, LaTeX's `titlepage`).
 *
 * Without an outline, a title's rows are joined (`joinOpeningTitle`), and a
 * byline centred under it is text (`settleOpeningBlock`).
 *
 * Where the outline lists the document's headings (see `listsHeadings`),
 * the rest of the front matter (byline, date, a contents page's heading) is
 * text: only a title set larger than every heading the outline names stays
 * a heading.
 *
 * @module
 */
import { allBold, type Draft } from "./draft.ts";
import { listsHeadings } from "./heading_styles.ts";
import { fontFamily } from "./stats.ts";
import { greatest, least } from "./extremes.ts";
import { append } from "./append.ts";

/** How far (points) two lines' centres or right edges may stand apart and still be aligned. */
const ALIGN_TOLERANCE = 4;
/** Lines a title or a byline of a title block may have. */
const BLOCK_LINES = 3;
/** Words a byline's line may have: a name, an affiliation, a date; not a sentence of the text. */
const BYLINE_WORDS = 10;
/** How much larger than every heading the outline names a title is set. */
const TITLE_SCALE = 1.05;
/** Most drafts a title page holds besides its title: subtitle, authors, affiliations, a date. */
const TITLE_PAGE_LINES = 6;

/**
 * Finds and places the title the outline leaves out (see the module
 * comment): joins its rows, takes a metadata title block out of the
 * headings or moves the outline's headings one level under a title that
 * heads them, and, where the outline lists the headings, makes the rest of
 * the front matter text. Runs after headings are marked; returns the drafts.
 */
export function placeTitle(drafts: Draft[]): Draft[] {
  if (drafts.some((d) => d.lines.some((l) => l.spans.some((s) => s.tag?.heading)))) return drafts;
  const texts = drafts.filter((d) => d.kind === "text");
  const named = texts.filter((d) => d.outlined);
  if (named.length === 0) return joinOpeningTitle(drafts, texts);
  const first = texts.indexOf(named[0]!);
  if (first <= 0) return drafts;
  const trusted = listsHeadings(drafts);
  const joined = joinTitleRows(drafts, drafts.indexOf(texts[first]!), trusted);
  const front = joined.slice(0, joined.indexOf(named[0]!)).filter((d) => d.kind === "text");
  const largest = greatest(named.map(size));
  const inHeadingFace = (d: Draft) => named.some((n) => bold(n) === bold(d) && family(n) === family(d));
  const opening = front.find((d) => d.heading);
  const onFirstPage = opening && opening.page === front[0]!.page ? opening : undefined;
  const cover = onFirstPage && titlePage(joined, onFirstPage, named[0]!);
  const block = onFirstPage && !cover ? titleBlock(joined, onFirstPage) : undefined;
  if (cover) {
    for (const d of cover) unhead(d);
  } else if (block && !(size(opening!) > largest * TITLE_SCALE && inHeadingFace(opening!))) {
    for (const d of block) unhead(d);
  } else if (front.some((d) => d.heading && size(d) > largest * TITLE_SCALE && inHeadingFace(d))) {
    for (const d of named) d.heading = Math.min(6, d.outlined! + 1);
  }
  if (trusted) settleFrontMatter(front, largest);
  return joined;
}

/** The size a draft's largest line is set at. */
function size(draft: Draft): number {
  return greatest(draft.lines.map((l) => l.size));
}

/** True when every line of a draft is bold. */
function bold(draft: Draft): boolean {
  return draft.lines.every(allBold);
}

/** The font family of a draft's first visible span not set in a monospace font. */
function family(draft: Draft): string {
  const spans = draft.lines.flatMap((l) => l.spans);
  return fontFamily(spans.find((s) => s.text.trim() && !s.font.monospace)?.font.name ?? "");
}

/** Makes a heading text again. */
function unhead(draft: Draft) {
  delete draft.heading;
  delete draft.runIn;
}

/**
 * Joins a title wrapped over several rows: headings the outline leaves out,
 * before its first heading (at `first`), one right under the other on a
 * page, at one size. Only the opening heading's rows are joined unless the
 * outline lists the document's headings (`all`).
 */
function joinTitleRows(drafts: readonly Draft[], first: number, all: boolean): Draft[] {
  const out: Draft[] = [];
  let opened = false;
  drafts.forEach((draft, i) => {
    const prev = out.at(-1);
    if (
      i < first && (all || !opened) && prev?.heading && draft.heading && !prev.outlined &&
      prev.page === draft.page && prev.heading === draft.heading &&
      Math.abs(size(prev) - size(draft)) < 0.5 &&
      draft.lines[0]!.y - prev.lines.at(-1)!.y <= size(draft) * 1.6
    ) {
      append(prev.lines, draft.lines);
      return;
    }
    if (prev?.heading) opened = true;
    out.push(draft);
  });
  return out;
}

/**
 * Without an outline, the rows of a title that opens the document (a title broken over two rows by hand, as
 * a paper's class sets it) joined as `joinTitleRows` joins them: headings before the first text that is no
 * heading, one right under the other at one size and level.
 */
function joinOpeningTitle(drafts: readonly Draft[], texts: readonly Draft[]): Draft[] {
  if (!texts[0]?.heading) return [...drafts];
  const body = texts.find((d) => !d.heading);
  const joined = joinTitleRows(drafts, body ? drafts.indexOf(body) : drafts.length, false);
  settleOpeningBlock(joined, texts[0]);
  return joined;
}

/**
 * Without an outline, a title block under the opening title (`title`): its bylines, centred on the
 * title and smaller, are text, and the text's own headings count from the top level, as the title
 * does (a paper's metadata title stands apart from its sections, not over them).
 */
function settleOpeningBlock(drafts: readonly Draft[], title: Draft): void {
  if (title.page !== drafts.find((d) => d.kind === "text")?.page) return;
  const block = titleBlock(drafts, title, (d) => isByline(d) || listsNames(d));
  if (!block) return;
  for (const d of block.slice(1)) unhead(d);
  const after = drafts.slice(drafts.indexOf(title) + 1).filter((d) => d.heading);
  const top = least(after.map((d) => d.heading!));
  if (top > 1 && top <= 6) { for (const d of after) d.heading! -= top - 1; }
}

/** Parts, at least, of a line naming authors: names and titles between commas. */
const NAMED_PARTS = 3;
/** Words each part of such a line has at most. */
const PART_WORDS = 4;

/** True when each line of a draft lists names between commas (authors with their titles), no sentence. */
function listsNames(draft: Draft): boolean {
  return draft.lines.every((l) => {
    const text = l.spans.map((s) => s.text).join(" ").trim();
    const parts = text.split(/\s*,\s*(?:and\s+)?|\s+and\s+/).filter(Boolean);
    return !/[.;:!?]$/.test(text) && parts.length >= NAMED_PARTS &&
      parts.every((p) => p.split(/\s+/).length <= PART_WORDS) && l.spans.every((s) => !s.link);
  });
}

/**
 * Before the first heading the outline names, keeps as headings only those
 * set larger than every heading it names and at the largest size there: the
 * title. The rest (byline, date, a contents page's heading) become text.
 */
function settleFrontMatter(front: readonly Draft[], largestNamed: number) {
  const heads = front.filter((d) => d.heading && !d.outlined);
  const top = Math.max(0, greatest(heads.map(size)));
  for (const draft of heads) {
    if (size(draft) < top * 0.97 || top < largestNamed * TITLE_SCALE) unhead(draft);
  }
}

/**
 * The drafts of the title page `title` opens: every draft on its page, when
 * the title is the page's first, the rest are short text lines (see
 * `isByline`) and the outline's first heading (`firstNamed`) stands on a
 * later page; undefined otherwise.
 */
function titlePage(drafts: readonly Draft[], title: Draft, firstNamed: Draft): Draft[] | undefined {
  const page = drafts.filter((d) => d.page === title.page);
  if (firstNamed.page <= title.page || title.lines.length > BLOCK_LINES) return undefined;
  const rest = page.slice(1);
  const short = (d: Draft) => d.kind === "text" && d.lines.length <= BLOCK_LINES && isByline(d);
  if (page[0] !== title || rest.length > TITLE_PAGE_LINES || !rest.every(short)) return undefined;
  return page;
}

/**
 * The drafts of the title block opened by `title`: the text drafts right
 * after it on its page that share its centre or right edge, while they are
 * short; undefined when none of them is smaller than the title (no byline).
 */
function titleBlock(drafts: readonly Draft[], title: Draft, byline = isByline): Draft[] | undefined {
  if (title.lines.length > BLOCK_LINES) return undefined;
  const block = [title];
  for (const draft of drafts.slice(drafts.indexOf(title) + 1)) {
    if (draft.kind !== "text" || draft.page !== title.page || draft.outlined) break;
    if (draft.lines.length > BLOCK_LINES || !byline(draft) || !alignedWith(draft, title)) break;
    block.push(draft);
  }
  return block.some((d) => size(d) < size(title) * 0.95) ? block : undefined;
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
  const titleLeft = least(title.lines.map((l) => l.x0));
  return draft.lines.every((l) => {
    // Lines flush left with the title are the text's own start, not a block centred or set right.
    if (Math.abs(l.x0 - titleLeft) <= ALIGN_TOLERANCE) return false;
    return titleCentres.some((c) => Math.abs(centre(l.x0, l.x1) - c) <= ALIGN_TOLERANCE) ||
      titleRights.some((r) => Math.abs(l.x1 - r) <= ALIGN_TOLERANCE);
  });
}

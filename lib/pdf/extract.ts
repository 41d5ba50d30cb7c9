/**
 * Turns one pdf.js page into positioned, styled spans: text items in top-down
 * page coordinates with their font style, the link annotation over them and,
 * in tagged PDFs, what the structure tree says about them. Links are read in
 * `links.ts`, painted shapes in `shaded_spans.ts`.
 *
 * @module
 */
import { multiply } from "./affine.ts";
import { keepLabelMarkers, mayBeArtifactMarker } from "./artifact_markers.ts";
import { joinLineEndHyphens, mayBeLineEndHyphen } from "./artifact_hyphens.ts";
import { sortArtifacts } from "./artifact_blocks.ts";
import { nextShift, shiftedId, type ShiftState, treeIdShift } from "./tree_id_shift.ts";
import { type FontResolver, styleForText, typedText } from "./fonts.ts";
import type { PDFPageProxy } from "./load.ts";
import { type StructNode, tagsFromStructTree } from "./tagged.ts";
import type { Span, Tag } from "./types.ts";
import { readLigatureGlyphs, readLigatures } from "./ligature_glyphs.ts";
import { type LinkAnnotation, linkAreas, splitAtLinks } from "./links.ts";
import { withSpacesAfter } from "./line_end_spaces.ts";
import { adoptFallbackSymbols } from "./code_fallback_glyphs.ts";
import { plainMathLetters } from "./math_letters.ts";
import { rulesInView, withLevelRules, withShapes } from "./shaded_spans.ts";
import { withTaggedMathInRow, withUntaggedMathInRow } from "./math_rows.ts";
import { readView, sidewaysTurn } from "./sideways_pages.ts";
import { readTextContent } from "./text_content.ts";
import { append } from "./append.ts";

/** What pdf.js reads for a glyph its font maps to no character. */
const NO_CHARACTER = "\u0000";

/** A soft hyphen with more of the line after it. */
const INNER_SOFT_HYPHEN = /\u00ad(?!\s*$)/g;

/** A page's spans. */
export interface PageSpans {
  width: number;
  height: number;
  spans: Span[];
  /** Characters of text outside the upright reading flow (rotated labels), left out. */
  rotatedCharacters: number;
  /** The spaces the page draws after its spans were read (`line_end_spaces.ts`). */
  spacesRead: boolean;
  /**
   * The transform the page was read through, where it is not the plain upright one: a page read turned
   * (`sideways_pages.ts`), a `/Rotate` entry, or a media or crop box not starting at the origin.
   */
  view?: number[];
}

/** Options for {@linkcode extractPage}. */
export interface ExtractOptions {
  fonts: FontResolver;
  /** Read the structure tree (tagged PDFs). */
  tagged: boolean;
  /** Keeps structure ids unique across pages; advanced by each call. */
  ids: { next: number };
  /** The shift the next page's structure tree ids take (`tree_id_shift.ts`); advanced by each call. */
  treeShift?: ShiftState;
  /** The page's link annotations, from `readLinks` (`links.ts`). */
  links: readonly LinkAnnotation[];
  /**
   * A count that changes when pdf.js reads a path that may be a shape
   * (`shape_hint.ts`): unchanged across the page's text extraction, the page
   * has no painted shape to look for. Without it every page is looked at.
   */
  shapeHints?: () => number;
  /**
   * The level rules painted since the last call, in page space (y up), and
   * forgets them (`takeLevelRules`): on a page whose shapes are not read, its
   * thematic breaks.
   */
  levelRules?: () => ReadonlyArray<readonly [number, number, number, number]>;
}

/** Fields of a text content item used here. */
interface TextItem {
  str: string;
  transform: number[];
  width: number;
  fontName: string;
}

/** Fields of a marked-content item used here. */
interface MarkedItem {
  type: string;
  id?: string;
  tag?: string;
}

/** The tags of a page's marked content and the ids its structure tree leaves out, when the document is tagged. */
async function pageTags(
  page: PDFPageProxy,
  options: ExtractOptions,
): Promise<{ tags: Map<string, Tag>; omitted: Set<string> }> {
  if (!options.tagged) return { tags: new Map(), omitted: new Set() };
  const read = tagsFromStructTree(await page.getStructTree() as StructNode | null, options.ids.next);
  options.ids.next = read.nextId;
  return { tags: read.tags, omitted: read.omitted };
}

/** A page's tags and left-out ids, their numbers shifted to meet the page's marked content (`tree_id_shift.ts`). */
function alignedTags(
  read: { tags: Map<string, Tag>; omitted: Set<string> },
  items: readonly MarkedItem[],
  state: ShiftState = {},
): { tags: Map<string, Tag>; omitted: Set<string> } {
  if (read.tags.size === 0) return read;
  const ids = new Set(
    items.flatMap((item) => item.id && item.type.startsWith("beginMarked") ? [item.id] : []),
  );
  const treeIds = [...read.tags.keys(), ...read.omitted];
  const shift = treeIdShift(treeIds, ids, state.next);
  // Read without the pages before: kept, for the run to be read again where they give another shift.
  if (state.next === undefined) state.start = { treeIds, contentIds: [...ids], shift };
  state.next = nextShift(shift, ids);
  if (shift === 0) return read;
  return {
    tags: new Map([...read.tags].map(([id, tag]) => [shiftedId(id, shift), tag])),
    omitted: new Set([...read.omitted].map((id) => shiftedId(id, shift))),
  };
}

/** What a page's resolved fonts, ligatures, links and tags are, for reading its text items. */
interface PageContext {
  transform: number[];
  fonts: Awaited<ReturnType<ExtractOptions["fonts"]["resolve"]>>;
  ligatures: Awaited<ReturnType<typeof readLigatureGlyphs>>;
  links: ReturnType<typeof linkAreas>;
  tags: Map<string, Tag>;
  omitted: Set<string>;
}

/** A page's text items read as spans, with the artifact labels and sequences among them. */
interface ItemsRead {
  spans: Span[];
  /**
   * Artifact list labels, kept only where tagged text follows (`artifact_markers.ts`), and line-end
   * hyphens, kept on the word they break (`artifact_hyphens.ts`).
   */
  labelMarkers: Set<Span>;
  /** Each marked `Artifact` sequence's spans: blocks of text among them are read (`artifact_blocks.ts`). */
  sequences: Span[][];
  /** Characters set rotated, left out. */
  rotatedCharacters: number;
}

/** Reads a page's text items, marked content included, into spans (see {@linkcode extractPage}). */
function readItems(items: readonly unknown[], page: PageContext): ItemsRead {
  const spans: Span[] = [];
  const labelMarkers = new Set<Span>();
  let rotatedCharacters = 0;
  const marked: Array<{ id?: string; artifact: boolean; sequence?: Span[] }> = [];
  const sequences: Span[][] = [];
  for (const raw of items) {
    const mark = raw as MarkedItem;
    if (mark.type === "beginMarkedContentProps" || mark.type === "beginMarkedContent") {
      const parent = marked.at(-1);
      const opens = mark.tag === "Artifact" && parent?.artifact !== true;
      const sequence = opens ? [] : parent?.sequence;
      if (opens) sequences.push(sequence!);
      marked.push({
        id: mark.id ?? parent?.id,
        artifact: mark.tag === "Artifact" || parent?.artifact === true || page.omitted.has(mark.id ?? ""),
        ...(sequence ? { sequence } : {}),
      });
      continue;
    }
    if (mark.type === "endMarkedContent") {
      marked.pop();
      continue;
    }
    const item = raw as TextItem;
    // A glyph the font maps to no character (a missing glyph's box, as a browser draws for a script its
    // fonts lack) comes out as U+0000: no text.
    if (!item.str || !item.str.replaceAll(NO_CHARACTER, "").trim()) continue;
    const context = marked.at(-1);
    const label = mayBeArtifactMarker(item.str) || mayBeLineEndHyphen(item.str);
    if (context?.artifact && !label && !context.sequence) continue;
    const m = multiply(page.transform, item.transform);
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = m;
    if (!(a > 0 && Math.abs(b) <= Math.abs(a) * 0.01)) {
      rotatedCharacters += item.str.length;
      continue;
    }
    const size = Math.hypot(c, d);
    const font = styleForText(
      page.fonts.get(item.fontName) ?? { name: "", bold: false, italic: false, monospace: false },
      item.str,
    );
    // A soft hyphen is a word's break only at the end of a line (see `text_edits.ts`).
    const text = plainMathLetters(
      typedText(readLigatures(item.str, page.ligatures.get(item.fontName)), font).replaceAll(NO_CHARACTER, "")
        .replace(INNER_SOFT_HYPHEN, ""),
    );
    const span: Span = { text, x, y, width: item.width, size, font };
    const tag = context?.id ? page.tags.get(context.id) : undefined;
    if (tag) span.tag = tag;
    if (context?.artifact && label) labelMarkers.add(span);
    const pieces = page.links.length === 0 ? [span] : splitAtLinks(span, page.links);
    append(spans, pieces);
    if (context?.artifact && context.sequence) append(context.sequence, pieces);
  }
  return { spans, labelMarkers, sequences, rotatedCharacters };
}

/**
 * Extracts a page's spans.
 *
 * @param page The pdf.js page.
 * @param options Font resolver, tagging and id counter.
 */
export async function extractPage(page: PDFPageProxy, options: ExtractOptions): Promise<PageSpans> {
  const hintsBefore = options.shapeHints?.();
  options.levelRules?.();
  const content = await readTextContent(page, { includeMarkedContent: options.tagged });
  // A page whose text mostly reads turned (a table set sideways) is read turned upright.
  const upright = page.getViewport({ scale: 1 });
  const turn = sidewaysTurn(content.items, upright.transform);
  const viewport = turn === 0
    ? upright
    : page.getViewport({ scale: 1, rotation: (page.rotate + turn) % 360 });
  // Hints measure points; a page with another user unit is always looked at.
  const paints = hintsBefore === undefined || options.shapeHints!() !== hintsBefore || page.userUnit !== 1;
  const levelRules = options.levelRules?.() ?? [];
  const families: Record<string, string> = {};
  for (const [id, style] of Object.entries(content.styles)) families[id] = style.fontFamily;
  const parsedBefore = options.fonts.pagesParsed;
  const fonts = await options.fonts.resolve(page, families);
  const ligatures = await readLigatureGlyphs(page, content.items, fonts);
  const links = linkAreas(options.links, viewport.transform);
  const { tags, omitted } = alignedTags(
    await pageTags(page, options),
    content.items as MarkedItem[],
    options.treeShift,
  );

  const read = readItems(content.items, {
    transform: viewport.transform,
    fonts,
    ligatures,
    links,
    tags,
    omitted,
  });
  const { labelMarkers, sequences, rotatedCharacters } = read;
  let spans = read.spans;
  const artifacts = sortArtifacts(sequences, [...tags.values()].some((tag) => tag.cell !== undefined));
  for (const span of artifacts.text) labelMarkers.delete(span);
  spans = spans.filter((span) => !artifacts.furniture.has(span) || labelMarkers.has(span));
  spans = keepLabelMarkers(joinLineEndHyphens(spans, labelMarkers), labelMarkers);
  adoptFallbackSymbols(spans);
  // Only where pdf.js has the page's operator list at hand (fonts or shapes read): no page is parsed for it.
  const spacesRead = paints || options.fonts.pagesParsed !== parsedBefore;
  if (spacesRead) await withSpacesAfter(page, spans, viewport.transform);
  if (!options.tagged) spans = withUntaggedMathInRow(spans, rulesInView(levelRules, viewport.transform));
  return {
    width: viewport.width,
    height: viewport.height,
    spans: options.tagged
      ? withTaggedMathInRow(spans, rulesInView(levelRules, viewport.transform))
      : paints
      ? await withShapes(page, spans, viewport, options.ids)
      : withLevelRules(spans, levelRules, viewport.transform),
    rotatedCharacters,
    spacesRead,
    ...readView(viewport),
  };
}

/**
 * Turns one pdf.js page into positioned, styled spans: text items in top-down
 * page coordinates with their font style, the link annotation over them and,
 * in tagged PDFs, what the structure tree says about them.
 *
 * @module
 */
import { type FontResolver, typedText } from "./fonts.ts";
import type { PDFDocumentProxy, PDFPageProxy } from "./load.ts";
import { type StructNode, tagsFromStructTree } from "./tagged.ts";
import type { Span, Tag } from "./types.ts";
import { markInlineBoxes } from "./inline_boxes.ts";
import { readLigatureGlyphs, readLigatures } from "./ligature_glyphs.ts";
import { labelGridCells } from "./rulings.ts";
import { addVectorBullets, type Mark, type OperatorList, pageShapes } from "./vector_marks.ts";

/** A page's spans. */
export interface PageSpans {
  width: number;
  height: number;
  spans: Span[];
  /** Characters of text outside the upright reading flow (rotated labels), left out. */
  rotatedCharacters: number;
}

/** A clickable area pointing to a URL, in top-down coordinates. */
interface LinkArea {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  url: string;
}

/** Options for {@linkcode extractPage}. */
export interface ExtractOptions {
  fonts: FontResolver;
  /** Read the structure tree (tagged PDFs). */
  tagged: boolean;
  /** Keeps structure ids unique across pages; advanced by each call. */
  ids: { next: number };
  /** The page's link annotations, from {@linkcode readLinks}. */
  links: readonly LinkAnnotation[];
  /**
   * A count that changes when pdf.js reads a path that may be a shape
   * (`shape_hint.ts`): unchanged across the page's text extraction, the page
   * has no painted shape to look for. Without it every page is looked at.
   */
  shapeHints?: () => number;
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

/** Multiplies two affine matrices `[a b c d e f]`. */
function multiply(m: number[], n: number[]): number[] {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = m;
  const [p = 0, q = 0, r = 0, s = 0, t = 0, u = 0] = n;
  return [a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s, a * t + c * u + e, b * t + d * u + f];
}

/** pdf.js' annotation type number for links. */
const LINK_ANNOTATION = 2;

/** URL schemes kept as Markdown links. */
const LINK_SCHEME = /^(https?:|mailto:|ftp:)/i;

/** A link annotation as pdf.js reports it (fields used here). */
export interface LinkAnnotation {
  rect: number[];
  url?: string;
  unsafeUrl?: string;
  pageIndex?: number;
}

/**
 * Reads the link annotations pointing to URLs on the given pages, for the
 * whole document in one pass, grouped by 1-based page number.
 */
export async function readLinks(
  doc: PDFDocumentProxy,
  pages: readonly number[],
): Promise<Map<number, LinkAnnotation[]>> {
  const wanted = new Set(pages.map((p) => p - 1));
  const skip = new Set<number>();
  for (let i = 0; i < doc.numPages; i++) if (!wanted.has(i)) skip.add(i);
  const annotations =
    (await doc.getAnnotationsByType(new Set([LINK_ANNOTATION]), skip) ?? []) as LinkAnnotation[];
  const byPage = new Map<number, LinkAnnotation[]>();
  for (const annotation of annotations) {
    const url = annotation.url ?? annotation.unsafeUrl;
    if (typeof url !== "string" || !LINK_SCHEME.test(url) || annotation.pageIndex === undefined) continue;
    const page = annotation.pageIndex + 1;
    byPage.set(page, [...byPage.get(page) ?? [], annotation]);
  }
  return byPage;
}

/** Converts link annotations to areas in top-down page coordinates. */
function linkAreas(annotations: readonly LinkAnnotation[], view: number[]): LinkArea[] {
  return annotations.map((annotation) => {
    const [ax0 = 0, ay0 = 0, ax1 = 0, ay1 = 0] = annotation.rect;
    const p = toView(view, ax0, ay0);
    const q = toView(view, ax1, ay1);
    return {
      x0: Math.min(p[0], q[0]),
      x1: Math.max(p[0], q[0]),
      y0: Math.min(p[1], q[1]),
      y1: Math.max(p[1], q[1]),
      url: (annotation.url ?? annotation.unsafeUrl)!,
    };
  });
}

/** Applies the viewport transform to a point. */
function toView(view: number[], x: number, y: number): [number, number] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = view;
  return [a * x + c * y + e, b * x + d * y + f];
}

/**
 * Extracts a page's spans.
 *
 * @param page The pdf.js page.
 * @param options Font resolver, tagging and id counter.
 */
export async function extractPage(page: PDFPageProxy, options: ExtractOptions): Promise<PageSpans> {
  const viewport = page.getViewport({ scale: 1 });
  const hintsBefore = options.shapeHints?.();
  const content = await page.getTextContent({ includeMarkedContent: options.tagged });
  // Hints measure points; a page with another user unit is always looked at.
  const paints = hintsBefore === undefined || options.shapeHints!() !== hintsBefore || page.userUnit !== 1;
  const families: Record<string, string> = {};
  for (const [id, style] of Object.entries(content.styles)) families[id] = style.fontFamily;
  const fonts = await options.fonts.resolve(page, families);
  const ligatures = await readLigatureGlyphs(page, content.items, fonts);
  const links = linkAreas(options.links, viewport.transform);
  let tags = new Map<string, Tag>();
  let omitted = new Set<string>();
  if (options.tagged) {
    const tree = await page.getStructTree() as StructNode | null;
    const read = tagsFromStructTree(tree, options.ids.next);
    tags = read.tags;
    omitted = read.omitted;
    options.ids.next = read.nextId;
  }

  const spans: Span[] = [];
  let rotatedCharacters = 0;
  const marked: Array<{ id?: string; artifact: boolean }> = [];
  for (const raw of content.items) {
    const mark = raw as MarkedItem;
    if (mark.type === "beginMarkedContentProps" || mark.type === "beginMarkedContent") {
      const parent = marked.at(-1);
      marked.push({
        id: mark.id ?? parent?.id,
        artifact: mark.tag === "Artifact" || parent?.artifact === true || omitted.has(mark.id ?? ""),
      });
      continue;
    }
    if (mark.type === "endMarkedContent") {
      marked.pop();
      continue;
    }
    const item = raw as TextItem;
    if (!item.str || !item.str.trim()) continue;
    const context = marked.at(-1);
    if (context?.artifact) continue;
    const m = multiply(viewport.transform, item.transform);
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = m;
    if (!(a > 0 && Math.abs(b) <= Math.abs(a) * 0.01)) {
      rotatedCharacters += item.str.length;
      continue;
    }
    const size = Math.hypot(c, d);
    const font = fonts.get(item.fontName) ?? { name: "", bold: false, italic: false, monospace: false };
    const text = typedText(readLigatures(item.str, ligatures.get(item.fontName)), font);
    const span: Span = { text, x, y, width: item.width, size, font };
    const tag = context?.id ? tags.get(context.id) : undefined;
    if (tag) span.tag = tag;
    if (links.length === 0) spans.push(span);
    else for (const piece of splitAtLinks(span, links)) spans.push(piece);
  }
  return {
    width: viewport.width,
    height: viewport.height,
    spans: options.tagged || !paints ? spans : await withShapes(page, spans, viewport, options.ids),
    rotatedCharacters,
  };
}

/**
 * Reads what painted shapes say (untagged PDFs; a tagged one labels its list
 * items and code): bullets drawn as shapes become bullet spans, and spans on
 * a shaded area (the background of a code block) carry its id. The operator
 * list is the one font resolution asks for, so pdf.js serves it from its
 * cache when both need it.
 */
async function withShapes(
  page: PDFPageProxy,
  spans: Span[],
  viewport: { transform: number[]; width: number; height: number },
  ids: { next: number },
): Promise<Span[]> {
  if (spans.length === 0) return spans;
  const ops = await page.getOperatorList({ annotationMode: 0 }) as OperatorList;
  const shapes = pageShapes(ops, viewport.transform, viewport.width * viewport.height);
  const labelled = labelGridCells(spans, shapes.grids, ids);
  markInlineBoxes(labelled, shapes.boxes);
  const areaIds = shapes.areas.map(() => ids.next++);
  const enclosed = shapes.areas.map((a) => shapes.areas.some((o) => o !== a && encloses(o, a)));
  for (const span of labelled) {
    const x = span.x + Math.min(span.width, span.size) / 2, y = span.y - span.size * 0.3;
    // The innermost (last painted) area holding the span's first letter, past a token's highlight.
    for (let k = shapes.areas.length - 1; k >= 0; k--) {
      const a = shapes.areas[k]!;
      if (isHighlight(a, span, enclosed[k]!)) continue;
      if (x >= a.x0 && x <= a.x1 && y >= a.y0 && y <= a.y1) {
        span.shade = areaIds[k]!;
        break;
      }
    }
  }
  return addVectorBullets(labelled, shapes.marks);
}

/**
 * True when an area is a syntax highlighter's background behind a token or a
 * line of a listing, which is shading within the listing's (if any), not a
 * block of its own: a line tall, and starting where its text does, where a
 * listing's shading leaves room on the left, or lying within a larger shaded
 * area (a token of several lines, such as a template string, is shaded from
 * the listing's left edge on each line it spans).
 *
 * @param enclosed Whether another shaded area of the page holds this one.
 */
function isHighlight(area: { x0: number; y0: number; y1: number }, span: Span, enclosed: boolean): boolean {
  return area.y1 - area.y0 < span.size * 1.5 && (enclosed || area.x0 >= span.x - 1);
}

/** True when area `outer` holds `inner` whole and is taller. */
function encloses(outer: Omit<Mark, "filled">, inner: Omit<Mark, "filled">): boolean {
  return outer.y1 - outer.y0 > inner.y1 - inner.y0 + 1 && outer.x0 <= inner.x0 + 0.5 &&
    outer.x1 >= inner.x1 - 0.5 && outer.y0 <= inner.y0 + 0.5 && outer.y1 >= inner.y1 - 0.5;
}

/** Rough advance of a character in ems, enough to place link edges inside a span. */
function advance(char: string): number {
  if (char === " ") return 0.28;
  if (/[il.,;:'!|fjtrI()\[\]]/.test(char)) return 0.3;
  if (/[mwMW@]/.test(char)) return 0.85;
  if (/[A-Z]/.test(char)) return 0.68;
  return 0.52;
}

/**
 * Splits a span where link areas begin and end and marks the covered pieces
 * with the link's URL. Character positions are estimated from rough advances
 * scaled to the span's width, then each link's edges snap to word edges.
 */
export function splitAtLinks(span: Span, links: readonly LinkArea[]): Span[] {
  const middle = span.y - span.size * 0.3;
  const hits = links.filter((l) =>
    middle >= l.y0 - 1 && middle <= l.y1 + 1 && l.x1 > span.x + 0.5 && l.x0 < span.x + span.width - 0.5
  );
  if (hits.length === 0) return [span];
  const chars = [...span.text];
  const units = chars.map(advance);
  const scale = span.width / Math.max(units.reduce((a, b) => a + b, 0), 1e-6);
  const starts: number[] = [];
  let x = span.x;
  for (const unit of units) {
    starts.push(x);
    x += unit * scale;
  }
  starts.push(span.x + span.width);
  const urlAt = chars.map((_, i) => {
    const center = (starts[i]! + starts[i + 1]!) / 2;
    return hits.find((l) => center >= l.x0 && center <= l.x1)?.url;
  });
  snapToWords(chars, urlAt);
  const pieces: Span[] = [];
  let start = 0;
  for (let i = 1; i <= chars.length; i++) {
    if (i < chars.length && urlAt[i] === urlAt[start]) continue;
    const piece: Span = {
      ...span,
      text: chars.slice(start, i).join(""),
      x: starts[start]!,
      width: starts[i]! - starts[start]!,
    };
    const url = urlAt[start];
    if (url) piece.link = url;
    pieces.push(piece);
    start = i;
  }
  return pieces;
}

/** Moves the edges of each linked run to the nearest word edge. */
function snapToWords(chars: readonly string[], urlAt: Array<string | undefined>) {
  const isWordEdge = (i: number) =>
    i <= 0 || i >= chars.length || /[\s("'\u2018\u201c]/.test(chars[i - 1]!) ||
    /[\s.,;:!?)"'\u2019\u201d]/.test(chars[i]!);
  const nearestEdge = (i: number) => {
    for (let d = 0; d < chars.length; d++) {
      if (isWordEdge(i - d)) return Math.max(0, i - d);
      if (isWordEdge(i + d)) return Math.min(chars.length, i + d);
    }
    return i;
  };
  let i = 0;
  while (i < chars.length) {
    const url = urlAt[i];
    let j = i;
    while (j < chars.length && urlAt[j] === url) j++;
    if (url) {
      const from = nearestEdge(i), to = nearestEdge(j);
      for (let k = Math.min(i, from); k < Math.max(j, to); k++) {
        urlAt[k] = k >= from && k < to ? url : undefined;
      }
      if (to > from) {
        while (j < to) j++;
      }
    }
    i = Math.max(j, i + 1);
  }
}

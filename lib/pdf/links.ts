/**
 * Links in a PDF page's text: the link annotations pointing to URLs, read for
 * the whole document in one pass, turned into areas in top-down page
 * coordinates, and the spans they cover split where each link begins and
 * ends (snapped to word edges) and marked with its URL. Apart from span
 * extraction (`extract.ts`) because reading annotations is its own pass.
 *
 * @module
 */
import type { PDFDocumentProxy } from "./load.ts";
import type { Span } from "./types.ts";

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
export function linkAreas(annotations: readonly LinkAnnotation[], view: number[]): LinkArea[] {
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

/** A clickable area pointing to a URL, in top-down coordinates. */
export interface LinkArea {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  url: string;
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
    i <= 0 || i >= chars.length || /[\s(\["'\u2018\u201c]/.test(chars[i - 1]!) ||
    /[\s.,;:!?)\]"'\u2019\u201d]/.test(chars[i]!);
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

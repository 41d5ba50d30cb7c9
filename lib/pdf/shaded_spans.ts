/**
 * What painted shapes say about a page's spans (`extract.ts`): grid cells
 * labelled, inline boxes marked, bullets drawn as shapes turned into bullet
 * spans, and spans on a shaded area (a code block's background, not a
 * token's highlight within it) given that area's id.
 *
 * @module
 */
import type { PDFPageProxy } from "./load.ts";
import type { Rule, Span } from "./types.ts";
import { markInlineBoxes } from "./inline_boxes.ts";
import { labelGridCells } from "./rulings.ts";
import { markThematicBreaks } from "./thematic_breaks.ts";
import { addVectorBullets, type Mark, type OperatorList, pageShapes } from "./vector_marks.ts";
import { greatest, least } from "./extremes.ts";

/**
 * Reads what painted shapes say (untagged PDFs; a tagged one labels its list
 * items and code): bullets drawn as shapes become bullet spans, and spans on
 * a shaded area (the background of a code block) carry its id. The operator
 * list is the one font resolution asks for, so pdf.js serves it from its
 * cache when both need it.
 */
export async function withShapes(
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
  markThematicBreaks(labelled, shapes.rules);
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
 * Marks the thematic breaks of a page whose shapes are not read (it painted
 * nothing but level rules, see `shape_hint.ts`) from those rules, given in
 * page space (y up) and brought to the spans' space by the viewport's
 * transform.
 */
export function withLevelRules(
  spans: Span[],
  rules: ReadonlyArray<readonly [number, number, number, number]>,
  transform: readonly number[],
): Span[] {
  if (rules.length === 0 || spans.length === 0) return spans;
  markThematicBreaks(spans, rulesInView(rules, transform));
  return spans;
}

/**
 * Level rules given in page space (y up) brought to the spans' space by the
 * viewport's transform. A rule level in page space stands upright on a page
 * shown a quarter turn (`/Rotate 90`, or read turned): no level rule there, left out.
 */
export function rulesInView(
  rules: ReadonlyArray<readonly [number, number, number, number]>,
  transform: readonly number[],
): Rule[] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = transform;
  return rules.map(([x0, y0, x1, y1]) => {
    const xs = [a * x0 + c * y0 + e, a * x1 + c * y1 + e], ys = [b * x0 + d * y0 + f, b * x1 + d * y1 + f];
    return { x0: least(xs), x1: greatest(xs), y0: least(ys), y1: greatest(ys) };
  }).filter((rule) => rule.x1 - rule.x0 > rule.y1 - rule.y0);
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

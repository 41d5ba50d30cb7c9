/**
 * List markers a tagged PDF files as artifacts. Content marked `Artifact`
 * is page furniture and is left out; but LaTeX's tagging (with LuaTeX, in
 * its paragraph-only phase) marks a list item's bullet so, the item itself
 * being a plain `P`. Without the bullet the item reads as a paragraph. A
 * marker-only artifact (a bullet glyph, `1.`, `a)`) is kept where tagged
 * text follows it on its baseline, within a few ems: there it is the
 * item's label. Anywhere else (a running head's separator) it stays out.
 *
 * @module
 */
import { isMarkerOnly } from "./lists.ts";
import type { Span } from "./types.ts";

/** Widest gap, in ems of the marker, between a kept marker and the text it labels. */
const LABEL_GAP_EMS = 4;

/** True when artifact text may be a list item's label (see the module comment). */
export function mayBeArtifactMarker(text: string): boolean {
  return isMarkerOnly(text);
}

/**
 * The spans (in content order) without the `markers` (artifact labels kept
 * for now) that no tagged text follows: a marker stays when the next span
 * is tagged, on its baseline, and starts right of it within
 * {@linkcode LABEL_GAP_EMS} ems.
 */
export function keepLabelMarkers(spans: readonly Span[], markers: ReadonlySet<Span>): Span[] {
  if (markers.size === 0) return spans.slice();
  return spans.filter((span, i) => !markers.has(span) || labels(span, spans[i + 1], markers));
}

/** True when `next` is tagged text standing on `marker`'s line, just right of it. */
function labels(marker: Span, next: Span | undefined, markers: ReadonlySet<Span>): boolean {
  if (!next || markers.has(next) || !next.tag) return false;
  const end = marker.x + marker.width;
  const gap = next.x - end;
  return Math.abs(next.y - marker.y) <= marker.size * 0.3 && gap >= -marker.size * 0.2 &&
    gap <= marker.size * LABEL_GAP_EMS;
}

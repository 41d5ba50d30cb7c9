/**
 * List items set wholly in a code face. ReportLab (rst2pdf) sets a list's
 * number or bullet in the face its item's text opens with, so an item made
 * only of inline code (`` 1. `beforeHook` ``) is drawn as one row of code,
 * its marker inside it, and the page cut takes the row for code: it never
 * reaches the list markers. Once a row off the shading the document's
 * listings sit on has become a paragraph of inline code
 * (`unshadedCodeToText`), a run of such paragraphs at one edge, each
 * opening with a marker (numbers counting up one by one, or one bullet),
 * is a list.
 *
 * @module
 */
import { type Draft, markedItem } from "./draft.ts";
import { listMarker, type Marker } from "./lists.ts";

/** Most, in points, the items' markers may stand apart and still be at one edge. */
const EDGE_SLACK = 1;

/** A one-line paragraph wholly in a code face that opens with a list marker: its marker. */
function codeItemMarker(draft: Draft): Marker | null {
  if (draft.kind !== "text" || draft.lines.length !== 1) return null;
  const line = draft.lines[0]!;
  if (!line.spans.every((s) => s.font.monospace || !s.text.trim())) return null;
  const marker = listMarker(line);
  return marker && marker.rest.some((s) => s.text.trim()) ? marker : null;
}

/** True when `next` goes on with the item whose marker is `prev`: the next number, or the same bullet. */
function follows(prev: Marker, next: Marker): boolean {
  if (prev.ordered !== next.ordered) return false;
  if (!prev.ordered) return prev.markdown === next.markdown;
  return parseInt(next.markdown) === parseInt(prev.markdown) + 1 &&
    prev.markdown.at(-1) === next.markdown.at(-1);
}

/**
 * Turns each run of two or more one-line paragraphs of inline code that
 * open with list markers, at one edge, into list items (their depth that of
 * a list item right before the run at the same edge, else the top level).
 */
export function codeRowsToItems(drafts: Draft[]): void {
  let start = 0;
  while (start < drafts.length) {
    const first = codeItemMarker(drafts[start]!);
    if (!first) {
      start++;
      continue;
    }
    const run: Array<[Draft, Marker]> = [[drafts[start]!, first]];
    const x = drafts[start]!.lines[0]!.x0;
    for (let k = start + 1; k < drafts.length; k++) {
      const marker = codeItemMarker(drafts[k]!);
      const line = drafts[k]!.lines[0]!;
      if (!marker || Math.abs(line.x0 - x) > EDGE_SLACK || !follows(run.at(-1)![1], marker)) break;
      run.push([drafts[k]!, marker]);
    }
    if (run.length >= 2) {
      const before = drafts[start - 1];
      const depth = before?.kind === "list_item" && Math.abs((before.markerX ?? -Infinity) - x) <= EDGE_SLACK
        ? before.depth ?? 0
        : 0;
      for (const [draft, marker] of run) {
        Object.assign(draft, markedItem(draft.lines[0]!, marker, depth));
      }
    }
    start += run.length;
  }
}

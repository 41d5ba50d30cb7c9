/**
 * Lines a forced break (`\\`) parts inside one paragraph. LaTeX's tagging code
 * files each such line of a `flushright`, `center` or address block as a `P`
 * of its own (mitthesis' committee page: a name, a title, a department), so
 * each read as a paragraph. What TeX prints tells them apart from paragraphs:
 * in a document that indents its paragraphs' first lines, paragraphs of one
 * line each, set one under the other at the text's own line spacing (no
 * paragraph gap) and aligned on one edge or centred, with none set in by the
 * paragraphs' indent from its column's edge, are the lines of one paragraph
 * broken by hand. A gap above a line (`\\[18pt]`, the
 * space before the next member) still parts paragraphs.
 *
 * @module
 */
import { draftInset, paragraphEdges } from "./column_edges.ts";
import { apartInTree, type Draft } from "./draft.ts";
import { paragraphIndent } from "./full_stop_turns.ts";
import type { DocumentStats } from "./stats.ts";
import type { Line } from "./types.ts";

/** How far (points) two lines' edges or centres may stand apart and still be aligned. */
const ALIGNED = 1;

/** How far a baseline step may stray from the line spacing, as a fraction of it. */
const STEP_TOLERANCE = 0.08;

/** True when a draft is a plain tagged paragraph of a single line. */
function isLoneParagraphLine(draft: Draft): boolean {
  if (draft.kind !== "text" || draft.lines.length !== 1 || draft.heading !== undefined) return false;
  if (draft.quote || draft.itemDepth !== undefined || draft.typedNumber) return false;
  const spans = draft.lines[0]!.spans.filter((s) => s.text.trim());
  return spans.length > 0 && spans.every((s) => s.tag?.paragraph && !s.tag.note && !s.tag.listItem);
}

/** True when two lines share their left edge, their right edge or their centre. */
function aligned(a: Line, b: Line): boolean {
  return Math.abs(a.x0 - b.x0) < ALIGNED || Math.abs(a.x1 - b.x1) < ALIGNED ||
    Math.abs(a.x0 + a.x1 - b.x0 - b.x1) < 2 * ALIGNED;
}

/** True when `line` stands right under `above` at the text's line spacing for their size. */
function atLineStep(above: Line, line: Line, stats: DocumentStats): boolean {
  if (line.page !== above.page || Math.abs(line.size - above.size) > 0.5) return false;
  const gap = stats.lineGap(line.size);
  return Math.abs(line.y - above.y - gap) <= gap * STEP_TOLERANCE;
}

/**
 * Joins runs of one-line tagged paragraphs that are the lines of one paragraph a forced break parts (see the
 * module's comment). Documents that do not indent their paragraphs are left as they are: there a paragraph
 * of one line under another looks the same.
 */
export function joinBrokenLines(drafts: Draft[], stats: DocumentStats): Draft[] {
  // Only a tagged paragraph can be such a line: an untagged document's indent is not measured.
  const indent = drafts.some(isLoneParagraphLine) ? paragraphIndent(drafts) : undefined;
  if (indent === undefined) return drafts;
  // A line set in by the indent opens a paragraph (lines of dialogue, each set in, align on that edge):
  // measured from the column's edge, where the later lines of its page's longer paragraphs stand.
  const edges = paragraphEdges(drafts.filter((d) => d.lines.length > 1));
  const setIn = (d: Draft) =>
    Math.abs(draftInset(edges, d, stats.pageMargin?.(d.page)) - indent) < indent / 3;
  const lineOf = (d: Draft) => isLoneParagraphLine(d) && !setIn(d);
  const out: Draft[] = [];
  /** The draft the last lines were joined into, while it holds only such lines. */
  let run: Draft | undefined;
  for (const draft of drafts) {
    const lone = lineOf(draft);
    const last = out.at(-1);
    const above = last?.lines.at(-1);
    if (
      lone && last && above && (last === run || lineOf(last)) &&
      apartInTree(above, draft.lines[0]!) && atLineStep(above, draft.lines[0]!, stats) &&
      aligned(above, draft.lines[0]!)
    ) {
      last.lines.push(draft.lines[0]!);
      last.brokenLines = last.lines.length;
      run = last;
      continue;
    }
    run = undefined;
    out.push(draft);
  }
  return out;
}

/**
 * A paragraph's Markdown where its first `broken` lines each end in a forced break: those lines apart, each
 * with its break (two spaces before the line's end), then the rest run together.
 *
 * @param render Renders some lines' inline Markdown.
 */
export function brokenLinesText(
  lines: readonly Line[],
  broken: number,
  render: (lines: readonly Line[]) => string,
): string {
  const parts = lines.slice(0, broken).map((line) => render([line]));
  if (lines.length > broken) parts.push(render(lines.slice(broken)));
  return parts.filter(Boolean).join("  \n");
}

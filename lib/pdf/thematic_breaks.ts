/**
 * Thematic breaks: a rule drawn across the text between two blocks (HTML's
 * `<hr>`, Markdown's `---`). The rule is written out as a break, and the
 * space above the block under it is measured from the rule: measured from
 * the text above, the rule's own margins look like a heading's space.
 *
 * A rule is a break only where it stands alone: across at least half the
 * width of the text beside it (its column's), clear of the lines above and below it (an underline touches
 * or runs through its line), near both, meeting no upright rule (a box's border) and with no
 * other such rule a few lines away (a table's rules across).
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { isHorizontal, meet } from "./rulings.ts";
import type { Rule, Span } from "./types.ts";
import { greatest, least } from "./extremes.ts";

/** Points by which a rule across may miss an upright one and still be its box's border. */
const BOX_SLACK = 1.5;
/** Shortest share of the page's text width a break's rule runs across. */
const MIN_SHARE = 0.5;
/** Farthest, in ems of the text under it, a break's rule stands from the text above and below it. */
const MAX_REACH = 4;
/** Closest, in ems, another rule across may stand for a rule to be a break (table rules stand closer). */
const ALONE = 4;
/** How close, in points, the strokes of one rule lie (a bevelled border is drawn as two). */
const STROKES = 3;
/** Widest gap, in points, between pieces of one rule drawn end to end. */
const PIECE_GAP = 0.5;

/**
 * Marks the spans of the first line under each thematic break with the
 * break's height (`Span.ruleAbove`).
 *
 * @param spans The page's spans.
 * @param rules The page's drawn rules outside table grids (`vector_marks.ts`).
 */
export function markThematicBreaks(spans: readonly Span[], rules: readonly Rule[]): void {
  const text = spans.filter((s) => s.text.trim());
  if (text.length === 0 || rules.length === 0) return;
  const upright = rules.filter((r) => r.y1 - r.y0 > r.x1 - r.x0);
  const across = joinStrokes(rules.filter(isHorizontal))
    .filter((r) => !upright.some((u) => meet(u, r, BOX_SLACK)) && !text.some((s) => decorates(r, s)));
  for (const rule of across) {
    // The text beside the rule: its column's, where the page has several.
    const beside = text.filter((s) => s.x < rule.x1 && s.x + s.width > rule.x0);
    const near = beside.filter((s) => Math.abs(s.y - rule.y0) < s.size * MAX_REACH * 3);
    const left = least(near.map((s) => s.x)), right = greatest(near.map((s) => s.x + s.width));
    if (near.length === 0 || rule.x1 - rule.x0 < (right - left) * MIN_SHARE) continue;
    // Lines under and over it: any of the column's (a rule set centred and short leaves a line set flush
    // left of it, and short, out of its reach).
    const column = text.filter((s) => s.x < right && s.x + s.width > left);
    const under = column.filter((s) => s.y - s.size * 0.75 >= rule.y1);
    const over = column.filter((s) => s.y <= rule.y0);
    if (under.length === 0 || over.length === 0) continue;
    const next = under.reduce((a, b) => b.y < a.y ? b : a), prev = over.reduce((a, b) => b.y > a.y ? b : a);
    const em = next.size;
    if (next.y - rule.y1 > em * MAX_REACH || rule.y0 - prev.y > em * MAX_REACH) continue;
    if (across.some((o) => o !== rule && Math.abs(o.y0 - rule.y0) < em * ALONE)) continue;
    const y = (rule.y0 + rule.y1) / 2;
    for (const s of under) if (Math.abs(s.y - next.y) < em * 0.3) s.ruleAbove = y;
  }
}

/**
 * Rules across whose strokes lie within {@linkcode STROKES} points and overlap
 * or meet end to end (a writer may draw one rule as a row of short pieces),
 * each joined into one.
 */
function joinStrokes(rules: readonly Rule[]): Rule[] {
  const out: Rule[] = [];
  for (const r of [...rules].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0)) {
    const last = out.at(-1);
    if (last && r.y0 - last.y1 <= STROKES && r.x0 <= last.x1 + PIECE_GAP && r.x1 >= last.x0 - PIECE_GAP) {
      out[out.length - 1] = {
        x0: Math.min(last.x0, r.x0),
        x1: Math.max(last.x1, r.x1),
        y0: last.y0,
        y1: Math.max(last.y1, r.y1),
      };
    } else out.push({ ...r });
  }
  return out;
}

/** True when a rule runs through or just under a span's letters: an underline or a strike-through. */
function decorates(rule: Rule, span: Span): boolean {
  return span.x < rule.x1 && span.x + span.width > rule.x0 && rule.y1 > span.y - span.size * 0.8 &&
    rule.y0 < span.y + span.size * 0.35;
}

/**
 * The height of the thematic break between two drafts of one page, when one
 * stands under the first and over the second.
 */
export function breakBetween(draft: Draft, next: Draft): number | undefined {
  const last = draft.lines.at(-1), first = next.lines[0];
  const rule = first?.spans.find((s) => s.ruleAbove !== undefined)?.ruleAbove;
  return rule !== undefined && last && first && last.page === first.page && last.y < rule ? rule : undefined;
}

/**
 * Panels: text set on a shaded box among unshaded text (a LaTeX `tcolorbox`,
 * an HTML `div` with a background) stands in from the column's edge by the
 * box's padding, which quote detection by indentation takes for a quote's.
 * A panel is no quotation: its paragraphs and listings keep their own
 * structure. Three things still make it a quote: a quote's rule beside its
 * text, a callout label opening it (a note or a warning, which Markdown
 * writes as a quote, GitHub's alerts among them), and text not set in on the
 * same shading (a painted region holding a column's text, whose quotes are
 * set in from it as anywhere).
 *
 * @module
 */
import { blockId, type Draft, shadeOf } from "./draft.ts";
import type { Line } from "./types.ts";

/** True when a line stands beside a quote's rule or is tagged as a quote. */
function markedQuote(line: Line): boolean {
  return line.spans.some((s) => s.bar !== undefined || s.tag?.quote);
}

/**
 * Takes back the quote mark of paragraphs that stand on a panel (see the
 * module's comment).
 *
 * @param drafts The document's drafts, quotes and callout labels marked.
 * @param callouts The drafts of callout boxes (`markCalloutLabels`), which stay quotes.
 */
export function unquotePanels(drafts: readonly Draft[], callouts: ReadonlySet<Draft>): void {
  // Shadings that hold text at its column's edge are backgrounds of a region, not panels.
  const backgrounds = new Set<number>();
  for (const d of drafts) {
    if (d.kind !== "text" || d.quote || d.heading) continue;
    for (const line of d.lines) {
      const shade = shadeOf(line);
      if (shade !== undefined) backgrounds.add(shade);
    }
  }
  for (const d of drafts) {
    if (d.kind !== "text" || !d.quote || callouts.has(d) || blockId(d.lines[0]!) !== undefined) continue;
    const shade = shadeOf(d.lines[0]!);
    if (shade === undefined || backgrounds.has(shade)) continue;
    // All of its text on the panel: a shaded word (inline code's background) makes none.
    const onPanel = (l: Line) => l.spans.every((s) => s.shade === shade || !s.text.trim());
    if (!d.lines.every(onPanel) || d.lines.some(markedQuote)) continue;
    delete d.quote;
    delete d.quoteStart;
  }
}

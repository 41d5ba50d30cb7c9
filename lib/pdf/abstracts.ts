/**
 * A paper's abstract is no quotation. Journal and conference classes set the
 * abstract in from both margins under a label of its own (`ABSTRACT`,
 * `Abstract`), which quote detection by indentation takes for a quote's
 * measure. The paragraphs set in right under that label, before the
 * document's first heading, are the abstract's (and the keywords the class
 * sets with it): paragraphs of the text.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { plainLineText } from "./inline.ts";

/** The label a class sets over an abstract: the word alone on its line. */
const ABSTRACT_LABEL = /^abstract[.:]?$/i;

/** True when `draft` is a paragraph of one line reading the abstract's label. */
export function isAbstractLabel(draft: Draft): boolean {
  return draft.kind === "text" && draft.heading === undefined && draft.lines.length === 1 &&
    ABSTRACT_LABEL.test(plainLineText(draft.lines[0]!).trim());
}

/**
 * Takes back the quote mark of the paragraphs right under an abstract's label
 * that stands before the first heading (see the module's comment).
 *
 * @param drafts The document's drafts, headings and quotes marked.
 */
export function unquoteAbstract(drafts: readonly Draft[]): void {
  const firstHeading = drafts.findIndex((d) => d.heading !== undefined);
  const front = firstHeading < 0 ? drafts.length : firstHeading;
  const label = drafts.slice(0, front).findIndex(isAbstractLabel);
  if (label < 0) return;
  delete drafts[label]!.quote;
  delete drafts[label]!.quoteStart;
  for (let i = label + 1; i < front && drafts[i]!.quote && drafts[i]!.kind === "text"; i++) {
    delete drafts[i]!.quote;
    delete drafts[i]!.quoteStart;
  }
}

/**
 * GitHub's alerts printed as text. A README's alert is a quote opened by its
 * type in brackets (`[!NOTE]`, `[!TIP]`); a producer that does not know the
 * syntax prints the label as it stands, and the alert's further paragraphs
 * as more of the quote. Where the space between two quotes is the space
 * between two paragraphs of one (TeX with pandoc's paragraph skips), the
 * label says where an alert starts: the quote paragraphs after it, at its
 * inset, are its own until the next label.
 *
 * @module
 */
import type { Draft } from "./draft.ts";
import { plainLineText } from "./inline.ts";

/** An alert's label opening a paragraph: a word after `[!`, its bracket escaped or not. */
const ALERT_LABEL = /^\\?\[!\p{L}+\\?\]/u;

/** True when a quote paragraph opens with an alert's label (`[!NOTE]`). */
export function opensAlert(draft: Draft): boolean {
  const first = draft.lines[0];
  return first !== undefined && ALERT_LABEL.test(plainLineText(first).trim());
}

/**
 * A quote's text with the alert's label it opens with written as GitHub reads
 * it, brackets unescaped (`[!NOTE]`, not `\[!NOTE\]`): escaped, it is no alert.
 */
export function withAlertLabel(text: string): string {
  return text.replace(/^\\\[!(\p{L}+)\\\]/u, "[!$1]");
}

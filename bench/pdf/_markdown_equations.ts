/**
 * The numbers a pandoc Markdown source's raw LaTeX displays print. pandoc
 * passes an environment such as `\begin{equation}` through to LaTeX as it
 * stands, so the page sets its number at the right margin (`(1)`); read back
 * by pandoc's LaTeX reader for a reference, it is a formula without one, and
 * the page's `(1)` was a word the reference lacked. The displays are counted
 * as LaTeX counts them (`_latex_counters.ts`: a row with `\notag` or a
 * starred environment takes none, `\tag{…}` its own), each number written at
 * its row's end as the LaTeX sources' references write it, and each
 * `\eqref`/`\ref` of a label the number it prints. A listing's text (a fenced
 * block, an inline code span) is never read as an environment. Counted flat,
 * as the article classes number; a chaptered rendering's `(1.1)` is not.
 *
 * @module
 */
import { Count } from "./_latex_counters.ts";
import { withReferences } from "./_latex_numbering.ts";

/** The display environments that number their rows, unstarred. */
const NUMBERED_DISPLAY = /\\begin\{(equation|multline|align|gather|flalign|alignat|eqnarray)\}/g;

/** The Markdown with its fenced blocks and inline code spans blanked (same length). */
function withoutCode(markdown: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  return markdown
    .replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\2[`~]*[ \t]*$|(?![\s\S]))/gm, blank)
    .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, blank)
    .replace(/<!--[\s\S]*?-->/g, blank);
}

/** `markdown` with each numbered raw LaTeX display's number written where the page prints it. */
export function withEquationNumbers(markdown: string): string {
  const scan = withoutCode(markdown);
  const count = new Count(markdown, scan, { chapters: false, chapterLabels: false });
  NUMBERED_DISPLAY.lastIndex = 0;
  for (let m = NUMBERED_DISPLAY.exec(scan); m; m = NUMBERED_DISPLAY.exec(scan)) {
    const next = count.display(m[1]!, m.index, m[0]);
    if (next >= 0) NUMBERED_DISPLAY.lastIndex = next;
  }
  if (count.inserts.length === 0) return markdown;
  let out = markdown;
  for (const insert of count.inserts.sort((a, b) => b.at - a.at)) {
    out = out.slice(0, insert.at) + insert.text + out.slice(insert.end ?? insert.at);
  }
  return withReferences(out, count.labels);
}

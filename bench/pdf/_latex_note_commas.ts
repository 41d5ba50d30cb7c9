/**
 * Commas between successive notes' marks. footmisc's `multiple` option, and
 * classes that redefine `\footnote` to look ahead for another (mitthesis),
 * print `footnotes.²,³,⁴` where two or more notes follow each other; pandoc
 * writes the marks run together (`[^2][^3][^4]`). Where the source or its
 * class asks for the commas, the reference writes them (`[^2],[^3],[^4]`).
 *
 * @module
 */
import { groupEnd, outsideVerbatim } from "./_latex_generated.ts";

/** footmisc loaded with `multiple`, or `\footnote` redefined to peek at what follows it for another. */
const ASKS_COMMAS =
  /\\usepackage\s*\[[^\]]*\bmultiple\b[^\]]*\]\s*\{footmisc\}|\\peek_\w+:\w*\s*\\footnote\s*\{\s*\\textsuperscript\s*\{[^}]*,\s*\}/;

/** Whether a source, or the class file given, prints a comma between successive notes' marks. */
export function printsNoteCommas(source: string, classFile = ""): boolean {
  return ASKS_COMMAS.test(source) || ASKS_COMMAS.test(classFile);
}

/** A comma written between each `\footnote{…}` and a `\footnote` right after it, outside verbatim text. */
export function withNoteCommas(text: string): string {
  return outsideVerbatim(text, (part) => {
    let out = "", last = 0;
    for (const found of part.matchAll(/\\footnote\s*(?=\{)/g)) {
      const open = found.index + found[0].length;
      if (open < last) continue;
      const end = groupEnd(part, open);
      if (end < 0) break;
      if (/^\\footnote(?![a-zA-Z@])/.test(part.slice(end))) {
        out += part.slice(last, end) + ",";
        last = end;
      }
    }
    return out + part.slice(last);
  });
}

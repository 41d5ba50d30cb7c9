/**
 * Accents TeX sets over a letter. TeX has no accented letters in its classic
 * fonts: `\'e`, `\v{s}`, `\AA` draw the accent's glyph (`´`, `ˇ`, `˚`), then
 * move back and draw the letter under it. pdf.js reads the accent as a
 * spacing character at the end of one run and the letter opening the next,
 * which starts left of that run's end: `H´` `ebrard`, `Prˇ` `sa`, and where
 * the ring stands far enough over its `A`, the run after it was taken for a
 * line of its own (`AIA 171˚` / `A(a,b)`). An accent ending a run that the
 * next run on its baseline overlaps, opening with a letter, is composed with
 * that letter (`Hébrard`, `Prša`, `171Å`).
 *
 * @module
 */
import type { Span } from "./types.ts";

/** Spacing accents TeX draws over a letter, as the combining marks they stand for. */
const COMBINING: Record<string, string> = {
  "\u00B4": "\u0301", // acute
  "`": "\u0300", // grave
  "\u02C6": "\u0302", // circumflex
  "\u02DC": "\u0303", // tilde
  "\u00A8": "\u0308", // dieresis
  "\u02DA": "\u030A", // ring
  "\u02C7": "\u030C", // caron
  "\u02D8": "\u0306", // breve
  "\u00AF": "\u0304", // macron
  "\u02D9": "\u0307", // dot above
  "\u02DD": "\u030B", // double acute
};

/** How far, in ems, runs may stand apart in height and still be one baseline's. */
const SAME_BASELINE_EM = 0.3;

/**
 * Least overlap, in ems, of the next run under the accent's run: TeX sets the
 * letter under its accent's glyph (a third of an em and more), while a run
 * merely following another (a listing's backtick, then the next token) starts
 * at its end give or take the rounding of the coordinates a producer writes.
 */
const MIN_OVERLAP_EM = 0.1;

/** The accent ending `span`'s text, if one does. */
function endingAccent(span: Span): string | undefined {
  const last = span.text.at(-1);
  return last !== undefined && last in COMBINING ? last : undefined;
}

/** `letter` under `accent`, as one character where Unicode has it (TeX's dotless i takes the accent as `i`). */
function composed(letter: string, accent: string): string {
  return ((letter === "ı" ? "i" : letter) + COMBINING[accent]!).normalize("NFC");
}

/** The spans with each accent set over the letter of the next run composed with it (see the module's comment). */
export function composeAccents(spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i]!, next = spans[i + 1];
    const accent = endingAccent(span);
    if (
      !accent || !next || (span.text.length > 1 && /\s$/.test(span.text.slice(0, -1))) ||
      Math.abs(next.y - span.y) > span.size * SAME_BASELINE_EM ||
      next.x > span.x + span.width - span.size * MIN_OVERLAP_EM ||
      next.x < span.x || !/^\p{L}/u.test(next.text)
    ) {
      out.push(span);
      continue;
    }
    const [letter, ...rest] = next.text;
    if (span.text.length > 1) out.push({ ...span, text: span.text.slice(0, -1), width: next.x - span.x });
    out.push({ ...next, text: composed(letter!, accent) + rest.join("") });
    i++;
  }
  return out;
}

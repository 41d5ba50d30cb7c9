/**
 * Small capitals set by size: where the font has no small capitals of its
 * own, a class sets a heading's capitals at its size and the rest of its
 * letters as capitals a size or two smaller (`A` at 11 pt, `PPENDIX` at
 * 8.8 pt). The line's most frequent size is then the smaller one, which
 * ranks the heading below the body or under headings of its own level; its
 * size is its capitals'.
 *
 * @module
 */
import type { Line } from "./types.ts";
import { greatest, least } from "./extremes.ts";

/** Smallest ratio of the small capitals' size to the capitals'. */
const LOWEST = 0.6;
/** Largest ratio of the small capitals' size to the capitals'. */
const HIGHEST = 0.9;
/** How far (points) a span's size may stand from one of the two sizes. */
const SIZE_SLACK = 0.25;

/**
 * The size of a line's capitals when it is set in small capitals by size
 * (see the module comment): no lower-case letter, letters at two sizes in a
 * small capitals' ratio, more of them at the smaller. Undefined otherwise.
 */
export function smallCapsSize(line: Line): number | undefined {
  const letters = line.spans.filter((s) => /\p{L}/u.test(s.text));
  if (letters.length < 2 || letters.some((s) => /\p{Ll}/u.test(s.text))) return undefined;
  const big = greatest(letters.map((s) => s.size)), small = least(letters.map((s) => s.size));
  if (small / big < LOWEST || small / big > HIGHEST) return undefined;
  let bigLetters = 0, smallLetters = 0;
  for (const s of letters) {
    const count = s.text.match(/\p{L}/gu)!.length;
    if (Math.abs(s.size - big) <= SIZE_SLACK) bigLetters += count;
    else if (Math.abs(s.size - small) <= SIZE_SLACK) smallLetters += count;
    else return undefined;
  }
  return smallLetters > bigLetters ? big : undefined;
}

/**
 * The size a heading candidate's lines are set at, its capitals' where they
 * are small capitals set by size, and whether every line with letters is.
 */
export function capitalsSize(lines: readonly Line[]): { size: number; smallCaps: boolean } {
  let size = 0, lettered = 0, caps = 0;
  for (const line of lines) {
    const capitals = smallCapsSize(line);
    size = Math.max(size, capitals ?? line.size);
    if (!line.spans.some((s) => /\p{L}/u.test(s.text))) continue;
    lettered++;
    if (capitals !== undefined) caps++;
  }
  return { size, smallCaps: lettered > 0 && caps === lettered };
}

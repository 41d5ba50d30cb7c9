/**
 * Line-end hyphens a tagged PDF files as artifacts. LaTeX's tagging code
 * (LuaTeX, 2024+ kernel) marks the hyphen TeX adds to a word it breaks at a
 * line's end as an `Artifact`, so that reading the tagged text joins the
 * word; content marked `Artifact` is left out, which would leave the word's
 * halves as two words ("enhance" "ments"). Such a hyphen, standing right
 * after tagged text on its baseline, with the next tagged text a line
 * below, opening in lower case, is kept as a soft hyphen at the end of the
 * text it follows: the line joining (`line_joins.ts`) then joins the word, as for
 * a hyphen drawn with a glyph mapped to U+00AD.
 *
 * @module
 */
import type { Span } from "./types.ts";

/** A hyphen alone: ASCII, Unicode's hyphen, or the soft hyphen. */
const HYPHEN_ONLY = /^[-\u2010\u00ad]$/;

/** True when artifact text may be a word's line-end hyphen (see the module comment). */
export function mayBeLineEndHyphen(text: string): boolean {
  return HYPHEN_ONLY.test(text.trim());
}

/**
 * The spans (in content order) with each artifact hyphen that ends a
 * hyphenated word's first half (see the module comment) moved onto that
 * half as a soft hyphen; the other artifacts stay as they are.
 */
export function joinLineEndHyphens(spans: readonly Span[], artifacts: ReadonlySet<Span>): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i]!;
    const before = out.at(-1);
    if (artifacts.has(span) && before && endsWordHalf(before, span, spans[i + 1], artifacts)) {
      out[out.length - 1] = {
        ...before,
        text: `${before.text}\u00ad`,
        width: span.x + span.width - before.x,
      };
      continue;
    }
    out.push(span);
  }
  return out;
}

/** True when `hyphen` ends the word of tagged `before` and the tagged text `next` goes on with it a line below. */
function endsWordHalf(
  before: Span,
  hyphen: Span,
  next: Span | undefined,
  artifacts: ReadonlySet<Span>,
): boolean {
  if (!mayBeLineEndHyphen(hyphen.text) || !before.tag || artifacts.has(before)) return false;
  if (!next || !next.tag || artifacts.has(next)) return false;
  const size = hyphen.size;
  const onBaseline = Math.abs(before.y - hyphen.y) <= size * 0.3;
  const adjacent = Math.abs(hyphen.x - (before.x + before.width)) <= size * 0.3;
  const lineBelow = next.y - hyphen.y > size * 0.5;
  return onBaseline && adjacent && lineBelow && /\p{L}$/u.test(before.text) && /^\s*\p{Ll}/u.test(next.text);
}

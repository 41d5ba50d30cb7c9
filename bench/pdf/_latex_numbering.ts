/**
 * The numbers LaTeX prints that no source spells, counted from the source
 * as LaTeX counts them: headings (`1.2`, the chapter's label "Chapter 1",
 * "Appendix A"), equations (`(1.3)`), figures and tables ("Figure 1.1:"
 * before a caption, "1.1b" for a subfigure). pandoc prints none of them: a
 * caption without its label, a `\ref` as its key. LaTeX counts by its
 * counters — a chapter resets its sections, equations, figures and tables
 * where the document has chapters, `\appendix` turns the top level to
 * letters, a starred heading and a row with `\notag` take no number — and
 * writes the results to the `.aux`; where a repository commits that, its
 * numbers win (`_latex_aux.ts`). The counted numbers give each `\ref` and
 * `\eqref` the number it prints (through `_latex_aux.ts`' filter, which
 * leaves a listing's code as it is), each numbered display row its number at
 * its end, each caption its label, each
 * numbered chapter of a report-like class the line it prints above its title,
 * and the contents, figures and tables lists their entries (`_latex_lists.ts`)
 * where no `.toc`, `.lof` or `.lot` is committed.
 *
 * @module
 */
import type { ListLine } from "./_latex_lists.ts";
import { withNamedReferences } from "./_latex_crossrefs.ts";
import { outsideVerbatim } from "./_latex_generated.ts";
import { Count, type NumberingOptions } from "./_latex_counters.ts";

export type { NumberingOptions } from "./_latex_counters.ts";

/** The counted numbers: the source with them written in, the labels', and the generated lists' entries. */
export interface Numbering {
  text: string;
  labels: Map<string, string>;
  contents: ListLine[];
  figures: ListLine[];
  tables: ListLine[];
}

/** The events numbering reads, in the order of the source. */
const EVENT = new RegExp(
  [
    String.raw`\\(chapter|section|subsection|subsubsection|paragraph)(\*?)\s*(?:\[([^\]]*)\])?\s*(?=\{)`,
    String.raw`\\appendix(?![a-zA-Z])`,
    String
      .raw`\\begin\{(figure|table|longtable|(?:split)?deluxetable|subfigure|equation|multline|align|gather|flalign|alignat|eqnarray)(\*?)\}`,
    String.raw`\\end\{(figure|table|longtable|(?:split)?deluxetable)\*?\}`,
    String.raw`\\(caption|subcaption|tablecaption)\s*(?:\[([^\]]*)\])?\s*(?=\{)`,
    String.raw`\\label\s*\{([^}]*)\}`,
    String.raw`\\renewcommand\s*\{?\\theequation\}?\s*\{\\arabic\{equation\}\}`,
    // The AAS journals' deluxetable numbered by hand: this table's number, the counter left as it stands.
    String.raw`\\tablenum\s*\{([^}]*)\}`,
  ].join("|"),
  "g",
);

/** The source with its comments and verbatim text blanked (same length), so nothing in them is read as an event. */
function masked(text: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  return text
    .replace(
      /\\begin\{(verbatim\*?|Verbatim|lstlisting|minted)\}[\s\S]*?\\end\{\1\}|\\verb\*?([^\sa-zA-Z*]).*?\2/g,
      blank,
    )
    .replace(/(?<!\\)%[^\n]*/g, blank);
}

/** The theorem-like environments of amsthm's and the classes' usage, which number by counters of their own. */
const THEOREMS =
  /^(theorem|lemma|proposition|corollary|definition|remark|example|claim|conjecture|observation|exercise)\*?$/;

/**
 * Whether a label follows the opening of a theorem-like environment (`\begin{lemma}[Title]\label{…}`): one
 * the source declares (`\newtheorem{name}`) or of the usual names. It takes that environment's number,
 * which is not counted here, not the heading's before it: left unknown, its references stay as they are.
 */
function opensTheorem(before: string, source: string): boolean {
  const opening = /\\begin\{([a-zA-Z]+\*?)\}\s*(?:\[(?:[^[\]{}]|\{[^{}]*\})*\])?\s*$/.exec(before);
  if (!opening) return false;
  const name = opening[1]!;
  return THEOREMS.test(name) ||
    new RegExp(`\\\\newtheorem\\*?\\s*\\{${name.replace("*", "\\*")}\\}`).test(source);
}

/** Counts the source's numbers (see the module's note). */
export function numbered(text: string, options: NumberingOptions): Numbering {
  const scan = masked(text);
  const count = new Count(text, scan, options);
  EVENT.lastIndex = Math.max(text.indexOf("\\begin{document}"), 0);
  for (let m = EVENT.exec(scan); m; m = EVENT.exec(scan)) {
    const at = m.index, open = at + m[0].length;
    if (m[1]) count.heading(m[1], m[2] === "*", m[3], at, open);
    else if (m[0].startsWith("\\appendix")) count.appendix();
    else if (m[4] && /deluxetable$/.test(m[4])) count.float("table", at);
    else if (m[4] && /^(figure|table|longtable|subfigure)$/.test(m[4])) count.float(m[4], at);
    else if (m[4] && m[5] !== "*") {
      const next = count.display(m[4], at, m[0]);
      if (next >= 0) EVENT.lastIndex = next;
    } else if (m[6]) count.floatEnd();
    else if (m[0].startsWith("\\renewcommand")) count.plainEquations();
    else if (m[10] !== undefined) count.numberedByHand(m[10].trim());
    else if (m[7] === "caption" || m[7] === "tablecaption") count.caption(m[8], at, open);
    else if (m[7] === "subcaption") count.subcaption(at, open);
    else if (
      m[9] !== undefined && count.current && !opensTheorem(scan.slice(Math.max(0, at - 300), at), text)
    ) {
      count.labels.set(m[9], count.current);
      count.kinds.set(m[9], count.currentKind);
    }
  }
  const { labels } = count;
  for (const [key, number] of options.labels ?? []) labels.set(key, number);
  let out = text;
  for (const insert of count.inserts.sort((a, b) => b.at - a.at)) {
    out = out.slice(0, insert.at) + insert.text + out.slice(insert.end ?? insert.at);
  }
  // References print their numbers, in a formula too (`\text{by \eqref{eq:C}}`, which texmath cannot read).
  out = outsideVerbatim(
    withNamedReferences(out, labels, count.kinds),
    (part) => withReferences(part, labels),
  );
  // An entry prints its title on one line, its references as their numbers (the text's are the filter's).
  const printed = (lines: ListLine[]) =>
    lines.map((line) => ({
      depth: line.depth,
      latex: withReferences(line.latex, labels).replace(/\\\\(?:\[[^\]]*\])?/g, " ").replace(/\s+/g, " ")
        .trim(),
    }));
  return {
    text: out,
    labels,
    contents: printed(count.contents),
    figures: printed(count.figures),
    tables: printed(count.tables),
  };
}

/** `\ref`, `\ref*` and `\eqref` of a known label written as the number each prints. */
export function withReferences(text: string, labels: ReadonlyMap<string, string>): string {
  return text.replace(/\\(ref\*?|eqref)\s*\{([^}]*)\}/g, (call, kind: string, key: string) => {
    const number = labels.get(key.trim());
    if (number === undefined) return call;
    return kind === "eqref" ? `(${number})` : number;
  });
}

/** Classes that set "Chapter 1" above a chapter's title: the standard report and book classes and their kin. */
const REPORT_LIKE = /^(report|book|memoir|scrreprt|scrbook)$/;

/** The class a source names in `\documentclass`, or "". */
export function documentClass(source: string): string {
  return /\\documentclass\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}/.exec(source)?.[1]?.trim() ?? "";
}

/**
 * Whether a document's chapters print a label line ("Chapter 1") above their titles: its class is one of
 * the standard report-like classes, or is built on one (`\LoadClass{report}` in the class file given).
 */
export function hasChapterLabels(source: string, classFile = ""): boolean {
  const base = /\\LoadClass\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}/.exec(classFile)?.[1]?.trim() ?? "";
  return REPORT_LIKE.test(documentClass(source)) || REPORT_LIKE.test(base);
}

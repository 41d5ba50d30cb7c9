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
import { groupEnd } from "./_latex_generated.ts";
import type { ListLine } from "./_latex_lists.ts";

/** How a document numbers, beyond what its body says. */
export interface NumberingOptions {
  /** Whether the document has chapters. */
  chapters: boolean;
  /** Whether its class sets "Chapter 1" above a chapter's title (the standard report and book classes). */
  chapterLabels: boolean;
  /** Numbers the committed `.aux` gives, by label: they win over the counted ones. */
  labels?: ReadonlyMap<string, string>;
}

/** The counted numbers: the source with them written in, the labels', and the generated lists' entries. */
export interface Numbering {
  text: string;
  labels: Map<string, string>;
  contents: ListLine[];
  figures: ListLine[];
  tables: ListLine[];
}

const LEVEL: Record<string, number> = {
  chapter: 0,
  section: 1,
  subsection: 2,
  subsubsection: 3,
  paragraph: 4,
};

/** Environments whose rows (split at `\\`) each take an equation number. */
const ROWS = /^(align|gather|flalign|alignat|eqnarray)$/;

/** The events numbering reads, in the order of the source. */
const EVENT = new RegExp(
  [
    String.raw`\\(chapter|section|subsection|subsubsection|paragraph)(\*?)\s*(?:\[([^\]]*)\])?\s*(?=\{)`,
    String.raw`\\appendix(?![a-zA-Z])`,
    String
      .raw`\\begin\{(figure|table|longtable|subfigure|equation|multline|align|gather|flalign|alignat|eqnarray)(\*?)\}`,
    String.raw`\\end\{(figure|table|longtable)\*?\}`,
    String.raw`\\(caption|subcaption)\s*(?:\[([^\]]*)\])?\s*(?=\{)`,
    String.raw`\\label\s*\{([^}]*)\}`,
    String.raw`\\renewcommand\s*\{?\\theequation\}?\s*\{\\arabic\{equation\}\}`,
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

/** A number as the letters LaTeX's `\Alph` and `\alph` print. */
function letters(n: number, upper: boolean): string {
  const s = String.fromCharCode(96 + n);
  return upper ? s.toUpperCase() : s;
}

/** The rows of a multi-row display: its body split at `\\` outside braces and inner environments. */
function displayRows(body: string, from: number): Array<{ start: number; end: number }> {
  const rows: Array<{ start: number; end: number }> = [];
  let depth = 0, start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body.startsWith("\\begin{", i)) depth++;
    else if (body.startsWith("\\end{", i)) depth--;
    else if (body[i] === "{") depth++;
    else if (body[i] === "}") depth--;
    else if (body[i] === "\\" && body[i + 1] === "\\" && depth === 0) {
      rows.push({ start: from + start, end: from + i });
      start = i + 2;
    }
    if (body[i] === "\\") i++;
  }
  rows.push({ start: from + start, end: from + body.length });
  return rows.filter((r) => body.slice(r.start - from, r.end - from).trim() !== "");
}

/** A name the source sets (`\renewcommand{\figurename}{Fig.}`), or LaTeX's English default. */
function nameOf(text: string, macro: string, fallback: string): string {
  const set = new RegExp(`\\\\renewcommand\\*?\\s*\\{?\\\\${macro}\\}?\\s*\\{([^{}]*)\\}`).exec(text);
  return set?.[1]?.trim() || fallback;
}

/** The deepest heading level numbered: the source's `secnumdepth`, else LaTeX's default. */
function secnumDepth(text: string, chapters: boolean): number {
  const set = /\\setcounter\s*\{secnumdepth\}\s*\{(-?\d+)\}/.exec(text);
  return set ? Number(set[1]) : chapters ? 2 : 3;
}

/**
 * A float's caption (`\caption[short]{text}` from `at`, its text's group opening at `open`) as the
 * paragraph LaTeX sets, its label before it: pandoc keeps a caption only beside an image or a table it can
 * read, and drops it beside a listing, subfigures or a table it cannot.
 */
function asParagraph(text: string, at: number, open: number, label: string) {
  const end = groupEnd(text, open);
  if (end < 0) return { at: open + 1, text: label };
  return { at, end, text: `\n\n${label}${text.slice(open + 1, end - 1)}\n\n` };
}

/** Counts the source's numbers (see the module's note). */
export function numbered(text: string, options: NumberingOptions): Numbering {
  const begin = text.indexOf("\\begin{document}");
  const scan = masked(text);
  const { chapters } = options;
  const depth = secnumDepth(text, chapters);
  const leqno = /\\documentclass\s*\[[^\]]*\bleqno\b/.test(text);
  const equationsBySection = !chapters && /\\numberwithin\s*\{equation\}\s*\{section\}/.test(scan);
  const names = {
    chapter: nameOf(text, "chaptername", "Chapter"),
    appendix: nameOf(text, "appendixname", "Appendix"),
    figure: nameOf(text, "figurename", "Figure"),
    table: nameOf(text, "tablename", "Table"),
  };
  const counters = [0, 0, 0, 0, 0];
  let appendix = false, equation = 0, figure = 0, table = 0, sub = 0;
  let float: "figure" | "table" | "longtable" | null = null, floatNumbered = false, floatStart = 0;
  let current = "";
  const labels = new Map<string, string>();
  const inserts: Array<{ at: number; end?: number; text: string }> = [];
  const contents: ListLine[] = [], figures: ListLine[] = [], tables: ListLine[] = [];
  const top = chapters ? 0 : 1;
  const headingNumber = (level: number) => {
    const parts = counters.slice(top, level + 1).map((n, i) =>
      i === 0 && appendix ? letters(n, true) : String(n)
    );
    return parts.join(".");
  };
  // A float that sets its equations' numbers plain (`\renewcommand{\theequation}{\arabic{equation}}`), as
  // a table of examples does, keeps the count going but prints it without the chapter's.
  let plainEquations = false;
  const within = () =>
    plainEquations
      ? ""
      : chapters
      ? `${headingNumber(0)}.`
      : equationsBySection
      ? `${headingNumber(1)}.`
      : "";
  const prefix = () => chapters ? `${headingNumber(0)}.` : "";
  EVENT.lastIndex = Math.max(begin, 0);
  for (let m = EVENT.exec(scan); m; m = EVENT.exec(scan)) {
    const at = m.index;
    if (m[1]) {
      const level = LEVEL[m[1]]!;
      const open = at + m[0].length;
      const title = text.slice(open + 1, Math.max(open + 1, groupEnd(text, open) - 1));
      if (m[2] || level < top || level > depth) continue;
      counters[level]!++;
      counters.fill(0, level + 1);
      if (level === 0 || (!chapters && level === 1)) {
        if (chapters) equation = figure = table = 0;
        else if (equationsBySection) equation = 0;
      }
      current = headingNumber(level);
      contents.push({ depth: level - top, latex: `${current} ${m[3] ?? title}`.replace(/\s+/g, " ") });
      if (level === 0 && options.chapterLabels) {
        inserts.push({ at, text: `${appendix ? names.appendix : names.chapter} ${current}\n\n` });
      }
    } else if (m[0].startsWith("\\appendix")) {
      appendix = true;
      counters[top] = 0;
    } else if (m[4]) {
      const env = m[4], starred = m[5] === "*";
      if (env === "figure" || env === "table" || env === "longtable") {
        float = env;
        floatStart = at;
        floatNumbered = false;
        sub = 0;
      } else if (env === "subfigure") {
        sub++;
      } else if (!starred) {
        const close = scan.indexOf(`\\end{${env}}`, at);
        // Text naming an environment (an error message's "a preceding \begin{equation}?") opens none.
        const inner = scan.slice(at + m[0].length, close < 0 ? undefined : close);
        if (close < 0 || inner.includes(`\\begin{${env}}`) || /\\(?:chapter|section)\b/.test(inner)) continue;
        // `alignat`'s column count is its argument, not its first row.
        const columns = env === "alignat"
          ? /^\s*\{[^{}]*\}/.exec(scan.slice(at + m[0].length))?.[0] ?? ""
          : "";
        const bodyStart = at + m[0].length + columns.length, bodyEnd = close < 0 ? scan.length : close;
        const rows = ROWS.test(env) ? displayRows(scan.slice(bodyStart, bodyEnd), bodyStart) : [
          { start: bodyStart, end: bodyEnd },
        ];
        for (const row of rows) {
          const span = scan.slice(row.start, row.end);
          const tag = /\\tag\*?\s*\{([^}]*)\}/.exec(span);
          const number = tag
            ? tag[1]!
            : /\\(?:notag|nonumber)(?![a-zA-Z])/.test(span)
            ? ""
            : `${within()}${++equation}`;
          for (const label of span.matchAll(/\\label\s*\{([^}]*)\}/g)) {
            if (number) labels.set(label[1]!, number);
          }
          // The number prints at the row's end, in parentheses (at its start with the class' `leqno`).
          if (number && !tag) {
            inserts.push(
              leqno ? { at: row.start, text: `\\text{(${number}) }` } : {
                at: row.end,
                text: `\\text{ (${number})}`,
              },
            );
          }
        }
        EVENT.lastIndex = bodyEnd;
      }
    } else if (m[6]) {
      float = null;
      plainEquations = false;
    } else if (m[0].startsWith("\\renewcommand")) {
      plainEquations = float !== null;
    } else if (m[7] === "caption" && float) {
      const open = at + m[0].length;
      const isTable = float !== "figure";
      if (!floatNumbered) {
        floatNumbered = true;
        current = `${prefix()}${isTable ? ++table : ++figure}`;
        if (m[8] !== "") {
          const caption = m[8] ?? text.slice(open + 1, Math.max(open + 1, groupEnd(text, open) - 1));
          const entry = { depth: 0, latex: `${current} ${caption.replace(/\\label\s*\{[^}]*\}/g, "")}` };
          (isTable ? tables : figures).push({ ...entry, latex: entry.latex.replace(/\s+/g, " ").trim() });
        }
      }
      const label = `${isTable ? names.table : names.figure} ${current}: `;
      if (float !== "longtable") inserts.push(asParagraph(text, at, open, label));
      else {
        // A long table's first caption heads it; those of its continued pages repeat it there.
        const end = groupEnd(text, open);
        const first = current === `${prefix()}${table}` && inserts.every((i) => i.at !== floatStart);
        if (first && end > 0) {
          inserts.push({ at: floatStart, text: `${label}${text.slice(open + 1, end - 1)}\n\n` });
        }
        if (end > 0) {
          inserts.push({ at, end: end + (/^\s*\\\\/.exec(text.slice(end))?.[0].length ?? 0), text: "" });
        }
      }
    } else if (m[7] === "subcaption") {
      current = `${prefix()}${figure + (floatNumbered ? 0 : 1)}${letters(sub, false)}`;
      inserts.push(asParagraph(text, at, at + m[0].length, `(${letters(sub, false)}) `));
    } else if (m[9] !== undefined && current) {
      labels.set(m[9], current);
    }
  }
  for (const [key, number] of options.labels ?? []) labels.set(key, number);
  let out = text;
  for (const insert of inserts.sort((a, b) => b.at - a.at)) {
    out = out.slice(0, insert.at) + insert.text + out.slice(insert.end ?? insert.at);
  }
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
    contents: printed(contents),
    figures: printed(figures),
    tables: printed(tables),
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

/**
 * LaTeX's counters as a source moves them (`_latex_numbering.ts` reads the source's events and asks
 * `Count` to step them): headings, equation rows, figures, tables, subfigures, and the numbers each
 * prints where it prints them.
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

const LEVEL: Record<string, number> = {
  chapter: 0,
  section: 1,
  subsection: 2,
  subsubsection: 3,
  paragraph: 4,
};

/** Environments whose rows (split at `\\`) each take an equation number. */
const ROWS = /^(align|gather|flalign|alignat|eqnarray)$/;

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

/** Where LaTeX's counters stand, and what counting them has found so far. */
export class Count {
  readonly labels = new Map<string, string>();
  readonly inserts: Array<{ at: number; end?: number; text: string }> = [];
  readonly contents: ListLine[] = [];
  readonly figures: ListLine[] = [];
  readonly tables: ListLine[] = [];
  readonly #counters = [0, 0, 0, 0, 0];
  readonly #top: number;
  readonly #depth: number;
  readonly #leqno: boolean;
  readonly #equationsBySection: boolean;
  readonly #names: Record<"chapter" | "appendix" | "figure" | "table", string>;
  #appendix = false;
  #equation = 0;
  #figure = 0;
  #table = 0;
  #sub = 0;
  #float: "figure" | "table" | "longtable" | null = null;
  #floatNumbered = false;
  #floatStart = 0;
  /** The number the float was given by hand (`\tablenum`), which steps no counter. */
  #byHand: string | undefined;
  /** A float that sets its equations' numbers plain (`\renewcommand{\theequation}{\arabic{equation}}`). */
  #plainEquations = false;
  /** The number the last `\refstepcounter` made, which a `\label` takes. */
  current = "";
  /** The counter that made it (`section`, `figure`, `appendix`…), which names a reference (`Figure 1`). */
  currentKind = "";
  /** Each label's counter, by label. */
  readonly kinds = new Map<string, string>();

  constructor(readonly text: string, readonly scan: string, readonly options: NumberingOptions) {
    this.#top = options.chapters ? 0 : 1;
    this.#depth = secnumDepth(text, options.chapters);
    this.#leqno = /\\documentclass\s*\[[^\]]*\bleqno\b/.test(text);
    this.#equationsBySection = !options.chapters && /\\numberwithin\s*\{equation\}\s*\{section\}/.test(scan);
    this.#names = {
      chapter: nameOf(text, "chaptername", "Chapter"),
      appendix: nameOf(text, "appendixname", "Appendix"),
      figure: nameOf(text, "figurename", "Figure"),
      table: nameOf(text, "tablename", "Table"),
    };
  }

  #headingNumber(level: number): string {
    return this.#counters.slice(this.#top, level + 1)
      .map((n, i) => i === 0 && this.#appendix ? letters(n, true) : String(n)).join(".");
  }

  /** The chapter's number and a point, where floats are numbered within chapters. */
  #prefix(): string {
    return this.options.chapters ? `${this.#headingNumber(0)}.` : "";
  }

  /** What an equation's number opens with: the chapter's or section's, or nothing. */
  #within(): string {
    if (this.#plainEquations) return "";
    if (this.options.chapters) return `${this.#headingNumber(0)}.`;
    return this.#equationsBySection ? `${this.#headingNumber(1)}.` : "";
  }

  /** A heading: `\chapter[short]{title}` at `at`, starred or not. */
  heading(command: string, starred: boolean, short: string | undefined, at: number, open: number): void {
    const level = LEVEL[command]!;
    const title = this.text.slice(open + 1, Math.max(open + 1, groupEnd(this.text, open) - 1));
    if (starred || level < this.#top || level > this.#depth) return;
    this.#counters[level]!++;
    this.#counters.fill(0, level + 1);
    if (level === 0 || (!this.options.chapters && level === 1)) {
      if (this.options.chapters) this.#equation = this.#figure = this.#table = 0;
      else if (this.#equationsBySection) this.#equation = 0;
    }
    this.current = this.#headingNumber(level);
    this.currentKind = this.#appendix && level === this.#top ? "appendix" : command;
    this.contents.push({
      depth: level - this.#top,
      latex: `${this.current} ${short ?? title}`.replace(/\s+/g, " "),
    });
    if (level === 0 && this.options.chapterLabels) {
      const name = this.#appendix ? this.#names.appendix : this.#names.chapter;
      this.inserts.push({ at, text: `${name} ${this.current}\n\n` });
    }
  }

  appendix(): void {
    this.#appendix = true;
    this.#counters[this.#top] = 0;
  }

  /** A float or subfigure opening at `at`. */
  float(env: string, at: number): void {
    if (env === "subfigure") {
      this.#sub++;
      return;
    }
    this.#float = env as "figure" | "table" | "longtable";
    this.#floatStart = at;
    this.#floatNumbered = false;
    this.#byHand = undefined;
    this.#sub = 0;
  }

  /** The open float's number given by hand (the AAS journals' `\tablenum{5}`): its caption's, no counter stepped. */
  numberedByHand(number: string): void {
    if (this.#float && !this.#floatNumbered) this.#byHand = number;
  }

  floatEnd(): void {
    this.#float = null;
    this.#plainEquations = false;
  }

  plainEquations(): void {
    this.#plainEquations = this.#float !== null;
  }

  /**
   * A numbered display opening at `at` (`match` its `\begin{env}`): each row's number, its labels', and the
   * number written where it prints. Returns where counting goes on, or -1 where it names no environment.
   */
  display(env: string, at: number, match: string): number {
    const { scan } = this;
    const close = scan.indexOf(`\\end{${env}}`, at);
    // Text naming an environment (an error message's "a preceding \begin{equation}?") opens none.
    const inner = scan.slice(at + match.length, close < 0 ? undefined : close);
    if (close < 0 || inner.includes(`\\begin{${env}}`) || /\\(?:chapter|section)\b/.test(inner)) return -1;
    // `alignat`'s column count is its argument, not its first row.
    const columns = env === "alignat" ? /^\s*\{[^{}]*\}/.exec(inner)?.[0] ?? "" : "";
    const bodyStart = at + match.length + columns.length;
    const rows = ROWS.test(env) ? displayRows(scan.slice(bodyStart, close), bodyStart) : [
      { start: bodyStart, end: close },
    ];
    for (const row of rows) {
      const span = scan.slice(row.start, row.end);
      const tag = /\\tag\*?\s*\{([^}]*)\}/.exec(span);
      const notag = /\\(?:notag|nonumber)(?![a-zA-Z])/.test(span);
      const number = tag ? tag[1]! : notag ? "" : `${this.#within()}${++this.#equation}`;
      for (const label of span.matchAll(/\\label\s*\{([^}]*)\}/g)) {
        if (!number) continue;
        this.labels.set(label[1]!, number);
        this.kinds.set(label[1]!, "equation");
      }
      // The number prints at the row's end, in parentheses (at its start with the class' `leqno`).
      if (number && !tag) {
        this.inserts.push(
          this.#leqno
            ? { at: row.start, text: `\\text{(${number}) }` }
            : { at: row.end, text: `\\text{ (${number})}` },
        );
      }
    }
    return close;
  }

  /** A float's `\caption[short]{text}` at `at`, its text's group opening at `open`. */
  caption(short: string | undefined, at: number, open: number): void {
    if (!this.#float) return;
    const { text } = this;
    const isTable = this.#float !== "figure";
    if (!this.#floatNumbered) {
      this.#floatNumbered = true;
      this.current = this.#byHand ?? `${this.#prefix()}${isTable ? ++this.#table : ++this.#figure}`;
      this.currentKind = isTable ? "table" : "figure";
      if (short !== "") {
        const caption = short ?? text.slice(open + 1, Math.max(open + 1, groupEnd(text, open) - 1));
        const latex = `${this.current} ${caption.replace(/\\label\s*\{[^}]*\}/g, "")}`.replace(/\s+/g, " ")
          .trim();
        (isTable ? this.tables : this.figures).push({ depth: 0, latex });
      }
    }
    const label = `${isTable ? this.#names.table : this.#names.figure} ${this.current}: `;
    if (this.#float !== "longtable") {
      this.inserts.push(asParagraph(text, at, open, label));
      return;
    }
    // A long table's first caption heads it; those of its continued pages repeat it there.
    const end = groupEnd(text, open);
    if (end < 0) return;
    const first = this.current === `${this.#prefix()}${this.#table}` &&
      this.inserts.every((i) => i.at !== this.#floatStart);
    if (first) {
      this.inserts.push({ at: this.#floatStart, text: `${label}${text.slice(open + 1, end - 1)}\n\n` });
    }
    this.inserts.push({ at, end: end + (/^\s*\\\\/.exec(text.slice(end))?.[0].length ?? 0), text: "" });
  }

  /** A subfigure's `\subcaption{text}` at `at`, its group opening at `open`. */
  subcaption(at: number, open: number): void {
    const letter = letters(this.#sub, false);
    this.current = `${this.#prefix()}${this.#figure + (this.#floatNumbered ? 0 : 1)}${letter}`;
    this.currentKind = "figure";
    this.inserts.push(asParagraph(this.text, at, open, `(${letter}) `));
  }
}

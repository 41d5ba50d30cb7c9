/**
 * The entries of the lists LaTeX generates, written out for pandoc: the
 * contents, the lists of figures and tables, the index. No source spells
 * them; LaTeX writes them to files beside the job on one run (`.toc`, `.lof`,
 * `.lot`, and makeindex's `.ind`) and prints them on the next. Where a
 * repository commits those files, the reference reads them as LaTeX does and
 * writes each entry as the line the page prints — its number and its title —
 * an item of a list nested as the page sets the entries in; where it commits
 * none, the entries come from the source's own headings and captions as LaTeX
 * numbers them (`_latex_numbering.ts`). A contents entry's page is left out
 * (a Markdown document has no pages; the converter's contents lists drop them
 * too, docs/pdf-structure.md, "Contents pages"); an index keeps its pages,
 * which are what its entries say.
 *
 * @module
 */
import { type GeneratedLists, groupEnd } from "./_latex_generated.ts";

/** One line of a generated list: how deep the page sets it in, and its text (LaTeX). */
export interface ListLine {
  depth: number;
  latex: string;
}

/** The levels `\contentsline` names, as LaTeX numbers them (`tocdepth` counts on this scale). */
const LEVELS: Record<string, number> = {
  part: -1,
  chapter: 0,
  section: 1,
  subsection: 2,
  subsubsection: 3,
  paragraph: 4,
  subparagraph: 5,
  figure: 1,
  table: 1,
};

/** The balanced groups following `at` in `text`, up to `count`, as their inner text. */
function groupsAfter(text: string, at: number, count: number): { args: string[]; end: number } {
  const args: string[] = [];
  let i = at;
  while (args.length < count) {
    const open = text.slice(i).search(/\S/) + i;
    if (text[open] !== "{") break;
    const end = groupEnd(text, open);
    if (end < 0) break;
    args.push(text.slice(open + 1, end - 1));
    i = end;
  }
  return { args, end: i };
}

/** A command and its `n` arguments taken out of `text`, each call replaced by `write(args)`. */
export function replaceCommand(
  text: string,
  command: string,
  n: number,
  write: (args: string[]) => string,
): string {
  const pattern = new RegExp(`\\\\${command}(?![a-zA-Z@])\\s*`, "g");
  let out = "";
  let last = 0;
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    const { args, end } = groupsAfter(text, found.index + found[0].length, n);
    if (args.length < n) continue;
    out += text.slice(last, found.index) + write(args);
    last = end;
    pattern.lastIndex = end;
  }
  return out + text.slice(last);
}

/**
 * The lines a `.toc`, `.lof` or `.lot` prints: each `\contentsline{level}{title}{page}{anchor}` down to
 * `depth` (LaTeX's `tocdepth`), its number (`\numberline{3.1}`) before its title; its page and its
 * running-head marks (`\markboth`) left out.
 */
export function contentsLines(file: string, depth: number): ListLine[] {
  const entries: Array<{ level: number; latex: string }> = [];
  const pattern = /\\contentsline\s*/g;
  for (let found = pattern.exec(file); found; found = pattern.exec(file)) {
    const { args } = groupsAfter(file, found.index + found[0].length, 3);
    const level = LEVELS[args[0]?.trim() ?? ""];
    if (args.length < 3 || level === undefined || level > depth) continue;
    let title = replaceCommand(args[1]!, "markboth", 2, () => "");
    title = replaceCommand(title, "numberline", 1, ([n]) => `${n!.trim()} `);
    entries.push({ level, latex: title.replace(/\s+/g, " ").trim() });
  }
  const top = Math.min(...entries.map((e) => e.level));
  return entries.map((e) => ({ depth: e.level - top, latex: e.latex }));
}

/**
 * The lines makeindex's `.ind` prints: each `\item`, `\subitem` and `\subsubitem` of its `theindex` as one
 * line at its depth, its pages (`\hyperpage{4}`) as the numbers they print; the gaps between letters
 * (`\indexspace`) print no text.
 */
export function indexLines(ind: string): ListLine[] {
  const body = /\\begin\{theindex\}([\s\S]*?)\\end\{theindex\}/.exec(ind)?.[1] ?? "";
  const pages = replaceCommand(
    withCrossReferences(body),
    "hyperpage",
    1,
    ([page]) => page!.replace(/--/g, "–"),
  )
    .replace(/\\indexspace\b/g, "");
  const parts = pages.split(/\\(item|subitem|subsubitem)(?![a-zA-Z])/);
  const lines: ListLine[] = [];
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const depth = ["item", "subitem", "subsubitem"].indexOf(parts[i]!);
    lines.push({ depth, latex: withCharCodes(parts[i + 1]!).replace(/\s+/g, " ").trim() });
  }
  return lines;
}

/** The words LaTeX's `\seename` and `\alsoname` print. */
const SEE: Record<string, string> = { see: "see", seealso: "see also" };

/**
 * An index entry's cross-reference (`\see{ellipsis dots}{15}`, which hyperref wraps as
 * `\hyperxindexformat{\see{…}}{15}`) written as the page prints it, "*see* ellipsis dots": the page
 * number makeindex passes it is not printed. A page in another format (`\hyperindexformat{\textbf}{12}`)
 * prints in it.
 */
function withCrossReferences(body: string): string {
  const formatted = ["hyperindexformat", "hyperxindexformat"].reduce(
    (text, command) =>
      replaceCommand(text, command, 2, ([format, page]) => {
        const see = /^\s*\\(see|seealso)\s*\{([\s\S]*)\}\s*$/.exec(format!);
        return see ? `\\emph{${SEE[see[1]!]}} ${see[2]}` : `${format}{${page}}`;
      }),
    body,
  );
  return Object.entries(SEE).reduce(
    (text, [command, words]) => replaceCommand(text, command, 2, ([target]) => `\\emph{${words}} ${target}`),
    formatted,
  );
}

/** TeX's `\char` with a character code (octal `'174`, hex `"7C`, decimal) written as the character it prints. */
export function withCharCodes(latex: string): string {
  return latex.replace(/\\char\s*(?:'([0-7]+)|"([0-9A-Fa-f]+)|(\d+))/g, (_, octal, hex, decimal) => {
    const code = octal ? parseInt(octal, 8) : hex ? parseInt(hex, 16) : Number(decimal);
    const char = String.fromCodePoint(code);
    return /[\\{}$&#^_%~]/.test(char) ? `\\char${code}` : char;
  });
}

/**
 * Lines as nested `itemize` lists, one item a line, a deeper line in a list inside the item above it; lines
 * a level or more below the one above (a skipped level) are that list's items, side by side.
 */
export function nestedItemize(lines: readonly ListLine[]): string {
  if (lines.length === 0) return "";
  const out: string[] = [];
  /** The depth of each open list's lines, outermost first. */
  const open: number[] = [];
  for (const line of lines) {
    while (open.length > 1 && open.at(-1)! > line.depth) (out.push("\\end{itemize}"), open.pop());
    if (open.length === 0 || open.at(-1)! < line.depth) (out.push("\\begin{itemize}"), open.push(line.depth));
    out.push(`\\item ${line.latex}`);
  }
  for (const _ of open) out.push("\\end{itemize}");
  return out.join("\n");
}

/** The files LaTeX and makeindex wrote for the generated lists, each "" where none is committed. */
export interface ListFiles {
  toc: string;
  lof: string;
  lot: string;
  ind: string;
}

/** The deepest level the contents print: the source's `\setcounter{tocdepth}{n}`, else LaTeX's default. */
export function tocDepth(source: string, chapters: boolean): number {
  const set = /\\setcounter\s*\{tocdepth\}\s*\{(-?\d+)\}/.exec(source);
  return set ? Number(set[1]) : chapters ? 2 : 3;
}

/** The generated lists' entries from the files committed beside the source, as LaTeX lists. */
export function committedLists(source: string, files: ListFiles, chapters: boolean): GeneratedLists {
  const depth = tocDepth(source, chapters);
  const list = (lines: ListLine[]) => lines.length ? nestedItemize(lines) : undefined;
  return {
    contents: list(contentsLines(files.toc, depth)),
    figures: list(contentsLines(files.lof, depth)),
    tables: list(contentsLines(files.lot, depth)),
    index: list(indexLines(files.ind)),
  };
}

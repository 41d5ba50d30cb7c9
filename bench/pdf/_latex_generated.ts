/**
 * What LaTeX prints that a source does not spell, written out for pandoc's
 * LaTeX reader, which prints nothing for it: the title `\maketitle` sets, with
 * the authors and the date under it (its notes, `\thanks`, as the text they
 * print, outside the footnotes' count), the
 * headings of the contents, the lists of figures and tables, the index and the
 * bibliography (biblatex's `\printbibliography`, BibTeX's `\bibliography`),
 * a `thebibliography` list with the labels LaTeX numbers its entries by (and
 * the citations of them with the same labels), and an
 * abstract, which pandoc keeps as metadata, as the paragraphs it prints under
 * its name (natbib's author-year lists and citations: `_latex_natbib.ts`). The
 * generated lists' entries (contents lines, index entries), which no source
 * spells, follow their headings where given (`_latex_lists.ts`). Headings take
 * the document's top level: `\chapter*` where the document has chapters,
 * `\section*` where it has none.
 *
 * @module
 */

import { type AuthorYear, authorYear, withAuthorYearCitations } from "./_latex_natbib.ts";

/** The end of the balanced `{…}` group opening at `open`, or -1. */
export function groupEnd(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i + 1;
  }
  return -1;
}

/** The argument of the first `\command{…}` (after an optional `[…]`), braces balanced, or null. */
export function commandArgument(text: string, command: string): string | null {
  const found = new RegExp(`\\\\${command}(?![a-zA-Z])\\s*(?:\\[[^\\]]*\\]\\s*)?\\{`).exec(text);
  if (!found) return null;
  const open = found.index + found[0].length - 1;
  const end = groupEnd(text, open);
  return end < 0 ? null : text.slice(open + 1, end - 1);
}

/** A name the source sets (`\renewcommand{\contentsname}{…}`), or LaTeX's English default. */
function fixedName(text: string, macro: string, fallback: string): string {
  const set = new RegExp(`\\\\renewcommand\\*?\\s*\\{?\\\\${macro}\\}?\\s*\\{([^{}]*)\\}`).exec(text);
  return set?.[1]?.trim() || fallback;
}

/** The heading a generated list prints, at the document's top level. */
function heading(title: string, chapters: boolean): string {
  return `\\${chapters ? "chapter" : "section"}*{${title}}`;
}

/** The title as one line: its line breaks as spaces, its footnotes (`\thanks`) left out. */
function titleLine(title: string): string {
  let out = title;
  for (let at = out.search(/\\thanks\s*\{/); at >= 0; at = out.search(/\\thanks\s*\{/)) {
    const end = groupEnd(out, out.indexOf("{", at));
    out = out.slice(0, at) + (end < 0 ? "" : out.slice(end));
  }
  return out.replace(/\\\\(?:\[[^\]]*\])?/g, " ").replace(/\s+/g, " ").trim();
}

/**
 * What `\maketitle` prints under the title: the authors (every `\author`, their `\and`s, on one line, as
 * a class that takes several sets them), then the date's lines as `\date` gives them, one paragraph broken
 * where it breaks (none where it is empty; where it is not given, the day of the run, which no source
 * spells, stays out).
 */
function byline(preamble: string): string[] {
  const authors: string[] = [];
  for (const found of preamble.matchAll(/\\author\s*(?:\[[^\]]*\]\s*)?(?=\{)/g)) {
    const open = found.index + found[0].length, end = groupEnd(preamble, open);
    if (end > 0) authors.push(...preamble.slice(open + 1, end - 1).split(/\\and\b/).map(titleLine));
  }
  const date = commandArgument(preamble, "date") ?? "";
  const lines = date.split(/\\\\(?:\[[^\]]*\])?/).map((line) => line.trim()).filter(Boolean);
  return [
    ...(authors.some(Boolean) ? [authors.filter(Boolean).join(", ")] : []),
    ...affiliations(preamble),
    // The date's lines are one paragraph a forced break parts, as \maketitle sets it.
    ...(lines.length > 0 ? [lines.join("\\\\\n")] : []),
  ];
}

/** The title block's declarations of where its authors work, whose text the title block prints. */
const AFFILIATION = /\\(?:affiliation|affil|institute|institution)\s*(?:\[[^\]]*\]\s*)?(?=\{)/g;

/**
 * The affiliations the title block prints, each once, in the order first declared (authors of one
 * institution share its line): `\affiliation`, `\affil`, `\institute`, `\institution` (not `\address`,
 * which the AMS classes and TUGboat's set in a signature at the article's end). An
 * argument that is only a mark (`\affil{1}`, numbers tying an author to an affiliation) prints no line.
 */
function affiliations(declarations: string): string[] {
  const lines: string[] = [];
  for (const found of declarations.matchAll(AFFILIATION)) {
    const open = found.index + found[0].length, end = groupEnd(declarations, open);
    const line = end > 0 ? titleLine(declarations.slice(open + 1, end - 1)) : "";
    if (line && !/^[\d,\s*†‡]*$/.test(line) && !lines.includes(line)) lines.push(line);
  }
  return lines;
}

/**
 * The notes (`\thanks{…}`) a preamble's title block holds, in order, and the
 * preamble without them. LaTeX marks them with symbols (∗, †) outside the
 * footnotes' count and sets their text at the first page's foot; pandoc would
 * keep them as numbered notes of the title's metadata, the first numbers of
 * the count, and number every footnote of the text one or more too high.
 */
function titleNotes(preamble: string): { preamble: string; notes: string[] } {
  const notes: string[] = [];
  let out = footnotesAsThanks(preamble);
  for (let at = out.search(/\\thanks\s*\{/); at >= 0; at = out.search(/\\thanks\s*\{/)) {
    const open = out.indexOf("{", at), end = groupEnd(out, open);
    if (end < 0) break;
    notes.push(out.slice(open + 1, end - 1).trim());
    out = out.slice(0, at) + out.slice(end);
  }
  return { preamble: out, notes };
}

/** The opening of a title block's declaration whose argument may hold a note: `\title{`, `\author[…]{`. */
const TITLE_DECLARATION = /\\(?:title|author)\s*(?:\[[^\]]*\]\s*)?\{/g;

/**
 * The preamble with every `\footnote` inside a `\title` or `\author` argument written as `\thanks`: LaTeX
 * sets it as the title's notes, marked by a symbol outside the footnotes' count (OASIcs' sample marks its
 * corresponding author so), and pandoc read it as a numbered note, twice.
 */
function footnotesAsThanks(preamble: string): string {
  let out = "", last = 0;
  for (const found of preamble.matchAll(TITLE_DECLARATION)) {
    const open = found.index + found[0].length - 1, end = groupEnd(preamble, open);
    if (end < 0 || open < last) continue;
    out += preamble.slice(last, open) +
      preamble.slice(open, end).replace(/\\footnote(?![a-zA-Z@])/g, "\\thanks");
    last = end;
  }
  return out + preamble.slice(last);
}

/** The name a bibliography prints: its `title=` option, `\refname`/`\bibname` spelled out. */
function bibliographyName(options: string, text: string, chapters: boolean): string {
  const references = fixedName(text, "refname", "References");
  const bibliography = fixedName(text, "bibname", "Bibliography");
  const title = /title\s*=\s*\{([^{}]*)\}/.exec(options)?.[1]?.trim();
  if (!title) return chapters ? bibliography : references;
  return title.replace(/\\refname\b/g, references).replace(/\\bibname\b/g, bibliography);
}

/**
 * A `thebibliography` list as LaTeX prints it: its heading, then each entry
 * with its label (`[1]`, or the `\bibitem[label]` given) as an item of a
 * list, and the labels by citation key. Where every entry has natbib's
 * author-year label (`_latex_natbib.ts`), the list prints none, and the
 * labels are given as authors and years.
 */
function labelledBibliography(
  body: string,
  name: string,
  chapters: boolean,
): { latex: string; labels: Map<string, string>; authorYears: Map<string, AuthorYear> } {
  const labels = new Map<string, string>();
  const authorYears = new Map<string, AuthorYear>();
  const entries = body.replace(/(?<!\\)%.*$/gm, "").split(/\\bibitem\b/).slice(1)
    .map((entry) => ({ entry, head: /^\s*(?:\[([^\]]*)\])?\s*\{([^}]*)\}/.exec(entry) }));
  const authorYearStyle = entries.length > 0 && entries.every(({ head }) => head?.[1] && authorYear(head[1]));
  const items: string[] = [];
  for (const [i, { entry, head }] of entries.entries()) {
    if (!head) continue;
    const label = head[1]?.trim() || String(i + 1);
    const key = head[2]!.trim(), text = entry.slice(head[0].length).trim();
    labels.set(key, label);
    if (authorYearStyle) authorYears.set(key, authorYear(label)!);
    items.push(authorYearStyle ? `\\item ${text}` : `\\item {[}${label}{]} ${text}`);
  }
  const list = items.length ? `\\begin{itemize}\n${items.join("\n")}\n\\end{itemize}` : "";
  // The commands the list declares for its entries before the first.
  const declared = bibliographyCommands(body.split(/\\bibitem\b/)[0]!);
  return {
    latex: `${declared ? `${declared}\n` : ""}${heading(name, chapters)}\n${list}`,
    labels,
    authorYears,
  };
}

/** A declaration's opening: `\providecommand{\name}` or `\newcommand\name`, starred or not. */
const DECLARATION = /\\(?:provide|new|renew)command\*?\s*(?:\{\\[A-Za-z@]+\}|\\[A-Za-z@]+)/g;

/**
 * The `\providecommand`, `\newcommand` and `\renewcommand` declarations in
 * `text`, one a line, each with its argument count and its body whole. BibTeX
 * styles declare there, before a list's first `\bibitem`, commands its
 * entries call (the AAS journals' style: `\dodoi{…}` printing `doi:` and the
 * identifier, `\doarXiv{…}` the preprint's address); read entry by entry, the
 * list lost them, and with them what the entries print.
 */
export function bibliographyCommands(text: string): string {
  const found: string[] = [];
  for (const m of text.matchAll(DECLARATION)) {
    let at = m.index + m[0].length;
    at += /^\s*(?:\[\d\])?\s*/.exec(text.slice(at))![0].length;
    const end = text[at] === "{" ? groupEnd(text, at) : -1;
    if (end > 0) found.push(text.slice(m.index, end));
  }
  return found.join("\n");
}

/** `\cite[note]{a,b}` as the labels LaTeX prints, `[1, 2, note]`, where every key has one. */
function withCitationLabels(text: string, labels: ReadonlyMap<string, string>): string {
  return text.replace(/\\cite(?![a-zA-Z])\s*(?:\[([^\]]*)\])?\s*\{([^}]*)\}/g, (call, note, keys: string) => {
    const found = keys.split(",").map((k) => labels.get(k.trim()));
    if (found.some((label) => label === undefined)) return call;
    return `{[}${[...found, ...(note?.trim() ? [note.trim()] : [])].join(", ")}{]}`;
  });
}

/** The entries of the lists LaTeX generates, as LaTeX to follow each list's heading (`_latex_lists.ts`). */
export interface GeneratedLists {
  contents?: string;
  figures?: string;
  tables?: string;
  index?: string;
  /** The list `\printbibliography` prints (`_latex_biblatex.ts`). */
  bibliography?: string;
}

/**
 * The source with what LaTeX generates written out (see the module's note).
 * `chapters` says whether the document (with the files it reads) has chapters.
 */
export function withGeneratedMatter(text: string, chapters: boolean, entries: GeneratedLists = {}): string {
  const begin = text.indexOf("\\begin{document}");
  if (begin < 0) return text;
  let preamble = text.slice(0, begin);
  let body = text.slice(begin);
  const title = commandArgument(text, "title");
  const at = titleBlockAt(body);
  if (title !== null && at !== null) {
    const { preamble: bare, notes } = titleNotes(preamble);
    preamble = bare;
    // The title's notes print as text at the first page's foot, each after its symbol.
    const declared = preamble + body.slice(0, at.index);
    const block = [heading(titleLine(title), chapters), ...byline(declared), ...notes];
    body = body.slice(0, at.index) + `${block.join("\n\n")}\n\n` + body.slice(at.index + at.length);
  }
  const lists: Array<[RegExp, string, string | undefined]> = [
    [/\\tableofcontents\b/g, fixedName(text, "contentsname", "Contents"), entries.contents],
    [/\\listoffigures\b/g, fixedName(text, "listfigurename", "List of Figures"), entries.figures],
    [/\\listoftables\b/g, fixedName(text, "listtablename", "List of Tables"), entries.tables],
    [/\\printindex\b/g, fixedName(text, "indexname", "Index"), entries.index],
  ];
  for (const [command, name, list] of lists) {
    body = body.replace(command, () => `${heading(name, chapters)}${list ? `\n${list}\n` : ""}`);
  }
  body = body.replace(
    /\\printbibliography\b(?:\[([^\]]*)\])?/g,
    (_, options = "") =>
      `${heading(bibliographyName(options, text, chapters), chapters)}${
        entries.bibliography ? `\n${entries.bibliography}\n` : ""
      }`,
  );
  // BibTeX's list (`\bibliography{…}`, read from the `.bbl` BibTeX writes) opens with the same heading.
  body = body.replace(
    /\\bibliography\s*\{[^}]*\}/g,
    () => heading(bibliographyName("", text, chapters), chapters),
  );
  // The abstract opens with its name (`\abstractname`), which the page prints as the abstract's heading.
  const abstract = heading(fixedName(text, "abstractname", "Abstract"), chapters);
  body = outsideVerbatim(
    body,
    (part) => part.replace(/\\begin\{abstract\}/g, () => `${abstract}\n`).replace(/\\end\{abstract\}/g, ""),
  );
  // Keywords declared in the body print where they stand, after their label (the AAS journals' class).
  body = outsideVerbatim(body, (part) => part.replace(/\\keywords\s*(?=\{)/g, "\n\nKeywords: "));
  // The AAS journals' `\acknowledgments` prints its name as an unnumbered section's heading (not where `\string`
  // prints the command's name).
  body = outsideVerbatim(
    body,
    (part) =>
      part.replace(
        /(?<!\\string)\\acknowledg(e?)ments\b(?!\s*\{)/g,
        (_, e) => heading(`Acknowledg${e}ments`, chapters),
      ),
  );
  const bibliography = /\\begin\{thebibliography\}\s*\{[^}]*\}([\s\S]*?)\\end\{thebibliography\}/.exec(body);
  if (bibliography) {
    const { latex, labels, authorYears } = labelledBibliography(
      bibliography[1]!,
      bibliographyName("", text, chapters),
      chapters,
    );
    const cited = body.slice(0, bibliography.index);
    const before = authorYears.size
      ? withAuthorYearCitations(cited, authorYears)
      : withCitationLabels(cited, labels);
    body = before + latex + body.slice(bibliography.index + bibliography[0].length);
  }
  return preamble + body;
}

/** Verbatim environments and `\verb`, which print what they hold rather than run it. */
const VERBATIM =
  /\\begin\{(verbatim\*?|Verbatim|lstlisting|minted)\}[\s\S]*?\\end\{\1\}|\\verb\*?([^\sa-zA-Z*]).*?\2/g;

/** `text` with `change` made to what lies outside its verbatim spans (`\verb` included). */
export function outsideVerbatim(text: string, change: (part: string) => string): string {
  let out = "";
  let last = 0;
  for (const literal of text.matchAll(VERBATIM)) {
    out += change(text.slice(last, literal.index)) + literal[0];
    last = literal.index + literal[0].length;
  }
  return out + change(text.slice(last));
}

/**
 * Where the title block prints in a body: at `\maketitle` (which it replaces), or, where a class prints
 * the title declared in the body unasked (no `\maketitle`, as the AAS journals' class does), before the
 * abstract. None where neither is there.
 */
function titleBlockAt(body: string): { index: number; length: number } | null {
  const made = /\\maketitle\b/.exec(body);
  if (made) return { index: made.index, length: made[0].length };
  const abstract = outsideVerbatim(body, (part) => part.replace(/\\begin\{abstract\}/g, "\0abstract"))
    .indexOf("\0abstract");
  return abstract >= 0 && /\\title\s*[[{]/.test(body.slice(0, abstract))
    ? { index: abstract, length: 0 }
    : null;
}

/** True when a document (its source and the files it reads) divides into chapters. */
export function hasChapters(texts: readonly string[]): boolean {
  return texts.some((text) => /^\s*\\chapter\*?\s*[[{]/m.test(text));
}

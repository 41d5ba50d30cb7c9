/**
 * Readies a LaTeX source for pandoc's LaTeX reader, which stops at the first
 * construct it cannot parse and writes the keys of a command it does not know
 * as text. What is taken out prints nothing in the PDF: the document's
 * metadata (`\DocumentMetadata{…}`, read by the tagging code), and code
 * between `\makeatletter`/`\makeatother` or `\ExplSyntaxOn`/`\ExplSyntaxOff`
 * (definitions in LaTeX's internal syntax, such as a column type whose `#1`
 * pandoc rejects, or a structure tag opened by hand), not where a verbatim
 * listing prints such code. An environment's opening inside a group that
 * does not close it (an error message's title) is written as the text it
 * prints. The document's text stays as its author wrote it. One command that prints text pandoc does not
 * know is written out as the text it prints: `\lipsum[a-b]`, the filler
 * paragraphs of the `lipsum` package, read from the TeX installation's copy
 * of the package (paragraphs apart, the last one running on into what
 * follows, as the package sets them). `\string`, line breaks inside a
 * paragraph and ligature characters are written as what they print (`_latex_printed_text.ts`).
 *
 * @module
 */
import { type GeneratedLists, groupEnd, outsideVerbatim, withGeneratedMatter } from "./_latex_generated.ts";
import { withPageReferences } from "./_latex_aux.ts";
import { withNoteCommas } from "./_latex_note_commas.ts";
import {
  withBoxSizesRead,
  withLigaturesAsLetters,
  withLineBreaksAsSpaces,
  withLiteralArguments,
  withLowercaseRead,
  withParagraphEndsRead,
  withStringsSpelled,
} from "./_latex_printed_text.ts";
import { runCommand } from "./_run.ts";
import { numbered, type Numbering } from "./_latex_numbering.ts";
import { withoutDeluxeColumnSpecs, withReadableTabulars } from "./_latex_tabular.ts";
import { withAppendixLabels, withClassOptionTests, withRunInAbstract } from "./_latex_ieeetran.ts";
import {
  type Engine,
  withBookmarkHeadings,
  withDocumentCommands,
  withEngineTests,
  withPackageCommands,
  withPackageTests,
} from "./_latex_document_commands.ts";
import { type ListLine, nestedItemize, tocDepth } from "./_latex_lists.ts";

/**
 * Spans of internal code, from the opening command to its closing one, and
 * (captured) verbatim environments, which print such code rather than run it.
 */
const INTERNAL_CODE =
  /(\\begin\{(verbatim\*?|Verbatim|lstlisting|minted)\}[\s\S]*?\\end\{\2\})|\\makeatletter\b[\s\S]*?\\makeatother\b|\\ExplSyntaxOn\b[\s\S]*?\\ExplSyntaxOff\b/g;

/**
 * The source without its internal code. A verbatim environment is read
 * first and kept whole: a listing that shows a patch in internal syntax
 * (`\makeatletter` … `\makeatother`) prints it.
 */
export function withoutInternalCode(text: string): string {
  return text.replace(
    INTERNAL_CODE,
    (span, verbatim?: string) => verbatim ?? [...span.matchAll(USER_LET)].map((m) => m[0]).join("\n"),
  );
}

/**
 * A user-level command made another one (`\let\indexpackagefont\textsf`), neither name internal: internal
 * code may set such a command up, and the text (a generated index's entries) prints with it.
 */
const USER_LET = /\\let\s*\\[A-Za-z]+\s*=?\s*\\[A-Za-z]+(?![A-Za-z@_:])/g;

/** `\DocumentMetadata` and its one argument, braces balanced. */
function withoutMetadata(text: string): string {
  const start = text.search(/\\DocumentMetadata\s*\{/);
  if (start < 0) return text;
  let depth = 0;
  for (let i = text.indexOf("{", start); i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return text.slice(0, start) + text.slice(i + 1);
  }
  return text;
}

/** The `lipsum` package's paragraphs, in its order, from the package's text file. */
export function lipsumParagraphs(file: string): string[] {
  return [...file.matchAll(/\\NewLipsumPar\{(?:%[^\n]*\n)?([^}]*)\}/g)].map((m) =>
    m[1]!.replace(/\s+/g, " ").trim()
  );
}

/** Reads the installed `lipsum` package's paragraphs (`kpsewhich lipsum.ltd.tex`). */
export async function installedLipsum(): Promise<string[]> {
  const path = new TextDecoder().decode(await runCommand("kpsewhich", ["lipsum.ltd.tex"])).trim();
  return lipsumParagraphs(await Deno.readTextFile(path));
}

/** `\lipsum[n]` and `\lipsum[a-b]` written out as the paragraphs they print. */
function withLipsum(text: string, lipsum: readonly string[]): string {
  return text.replace(/\\lipsum\[(\d+)(?:-(\d+))?\]/g, (call, from: string, to?: string) => {
    const chosen = lipsum.slice(Number(from) - 1, Number(to ?? from));
    return chosen.length ? chosen.join("\n\n") : call;
  });
}

/**
 * Spans of the body where a short-verbatim character keeps its ordinary
 * meaning: verbatim environments and `\verb`, an index entry's argument (where
 * `|` sets the page-number style), and a table's column specification (where
 * `|` is a rule).
 */
const LITERAL_SPANS =
  /\\begin\{(verbatim\*?|Verbatim|lstlisting|minted)\}[\s\S]*?\\end\{\1\}|\\verb\*?([^\sa-zA-Z*]).*?\2|\\index\{(?:[^{}]|\{[^{}]*\})*\}|\\begin\{(?:tabular\*?|array|ctab|longtable)\}(?:\[[^\]]*\])?(?:\{[^{}]*\})?\{(?:[^{}]|\{[^{}]*\})*\}/g;

/**
 * The body's short verbatim written as `\verb`: a class or package (`shortvrb`'s
 * `\MakeShortVerb`, the AMS documentation class) can make a character such as
 * `|` act as `\verb`'s opening delimiter, so `|\begin{aligned}|` prints that
 * code; pandoc does not know it and reads the code inside as LaTeX (here an
 * environment opened that never closes, which stops its reader).
 */
export function withShortVerb(text: string, char: string): string {
  const begin = text.indexOf("\\begin{document}");
  if (begin < 0) return text;
  const escaped = char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const short = new RegExp(`(?<!\\\\)${escaped}([^${escaped}\\n]+)${escaped}`, "g");
  const body = text.slice(begin);
  let out = "";
  let last = 0;
  for (const literal of body.matchAll(LITERAL_SPANS)) {
    out += body.slice(last, literal.index).replace(short, `\\verb${char}$1${char}`) + literal[0];
    last = literal.index + literal[0].length;
  }
  out += body.slice(last).replace(short, `\\verb${char}$1${char}`);
  return text.slice(0, begin) + out;
}

/** A braced group with no group inside it that names an environment's opening: `{\begin{split} won't work.}`. */
const OPENING_IN_GROUP = /\{([^{}]*?)\\begin\{([a-zA-Z]+\*?)\}([^{}]*)\}/g;

/**
 * The body's environment openings that cannot open one written as the text
 * they print: an opening inside a braced group that does not close it there
 * (an error message's title, `{\begin{split} won't work here.}`) is no
 * environment to TeX, whose groups must nest, so the class that takes the
 * group sets it as text; pandoc opens the environment and drops what
 * surrounds it up to the end of the enclosing one.
 */
export function withUnclosedOpeningsAsText(text: string): string {
  const begin = text.indexOf("\\begin{document}");
  if (begin < 0) return text;
  const asText = (body: string) =>
    body.replace(OPENING_IN_GROUP, (group, before: string, name: string, after: string) => {
      const closing = `\\end{${name}}`;
      if (before.includes(closing) || after.includes(closing)) return group;
      return `{${before}\\textbackslash{}begin\\{${name}\\}${after}}`;
    });
  const body = text.slice(begin + "\\begin{document}".length);
  let out = "";
  let last = 0;
  for (const literal of body.matchAll(LITERAL_SPANS)) {
    out += asText(body.slice(last, literal.index)) + literal[0];
    last = literal.index + literal[0].length;
  }
  return text.slice(0, begin) + "\\begin{document}" + out + asText(body.slice(last));
}

/** A command defined to close an environment and open another: `\def\producing{\end{minipage}\begin{minipage}…`. */
const SWITCHING_DEFINITION = /\\def\\[a-zA-Z@]+\s*\{\s*\\end\{/;

/**
 * The preamble without the definitions of environments that switch boxes
 * midway: a two-panel example (code at the left, what it prints at the right)
 * opens a box and defines a command, used between the panels, that closes it
 * and opens the next. pandoc expands such an environment into boxes that do
 * not nest and stops; left undefined, the environment is read as its content.
 */
export function withoutSwitchingEnvironments(text: string): string {
  const begin = text.indexOf("\\begin{document}");
  const preamble = begin < 0 ? text : text.slice(0, begin);
  let out = "";
  let last = 0;
  for (const definition of preamble.matchAll(/\\(?:re)?newenvironment\*?\s*\{[^{}]*\}(?:\[[^\]]*\])*/g)) {
    const open = preamble.indexOf("{", definition.index + definition[0].length);
    const beginEnd = open < 0 ? -1 : groupEnd(preamble, open);
    const endOpen = beginEnd < 0 ? -1 : preamble.indexOf("{", beginEnd);
    const endEnd = endOpen < 0 ? -1 : groupEnd(preamble, endOpen);
    if (endEnd < 0 || !SWITCHING_DEFINITION.test(preamble.slice(open, beginEnd))) continue;
    out += preamble.slice(last, definition.index);
    last = endEnd;
  }
  return out + preamble.slice(last) + (begin < 0 ? "" : text.slice(begin));
}

/** Spans where `%` is a character, not a comment: verbatim text, `\verb`, a URL. */
const PERCENT_LITERAL =
  /\\begin\{(verbatim\*?|Verbatim|lstlisting|minted)\}[\s\S]*?\\end\{\1\}|\\verb\*?([^\sa-zA-Z*]).*?\2|\\(?:url|href)\{[^{}]*\}/g;

/** A comment, the line end it hides and the blanks opening the next line, where that line holds more. */
const LINE_END_COMMENT = /(?<!\\)%[^\n]*\n[ \t]*(?=\S)/g;

/**
 * A comment ending a line hides the line end from TeX: `word%` then `\footnote{…}` on the next line prints
 * the note's mark close up to the word, and `con%` then `tinued` one word. pandoc reads the line end as a
 * space (`word [^1]`). The comment goes with its line end, as TeX reads it, outside verbatim text; a
 * comment before an empty line still ends the paragraph. A `\space` the line end stood for before is
 * written as the control space pandoc reads.
 */
export function withoutLineEndComments(text: string): string {
  return withoutComments(text).replace(SPACE_COMMAND, "\\ ");
}

/** LaTeX's `\space`, which prints a space and which pandoc drops (`}\space(If` read as `}(If`). */
const SPACE_COMMAND = /\\space(?![a-zA-Z@])/g;

/** `text` without its comments that end a line with more after it, outside verbatim text. */
function withoutComments(text: string): string {
  let out = "";
  let last = 0;
  for (const literal of text.matchAll(PERCENT_LITERAL)) {
    out += text.slice(last, literal.index).replace(LINE_END_COMMENT, "") + literal[0];
    last = literal.index + literal[0].length;
  }
  return out + text.slice(last).replace(LINE_END_COMMENT, "");
}

/** How a source is to be read beyond what it says itself. */
export interface LatexReading {
  /** `\lipsum`'s paragraphs, to write out its calls. */
  lipsum?: readonly string[];
  /** A character the document's class makes a short `\verb` (`|` in the AMS documentation class). */
  shortVerb?: string;
  /**
   * Definitions pandoc can read standing in for the class's own text commands
   * (which it defines in code pandoc cannot read), put before the source.
   */
  classCommands?: string;
  /** Whether the document has chapters: the level of the headings LaTeX generates (`_latex_generated.ts`). */
  chapters?: boolean;
  /**
   * The entries of the lists LaTeX generates (`_latex_lists.ts`), written after their headings; a list not
   * given takes the entries counted from the source (`_latex_numbering.ts`).
   */
  lists?: GeneratedLists;
  /** Whether the class sets a label line ("Chapter 1") above each numbered chapter's title. */
  chapterLabels?: boolean;
  /** The numbers the committed `.aux` gives, by label (`_latex_aux.ts`). */
  labels?: ReadonlyMap<string, string>;
  /** The pages the committed `.aux` gives, by label: what `\pageref` prints (`_latex_aux.ts`). */
  pages?: ReadonlyMap<string, string>;
  /** Whether successive notes' marks print a comma between them (`_latex_note_commas.ts`). */
  noteCommas?: boolean;
  /** Whether URLs print in the text's font (`\urlstyle{same}`): a `\doi`'s identifier is text. */
  urlsInText?: boolean;
  /** The engine that printed the PDF, which the source's engine tests (`\ifpdftex`) ask for. */
  engine?: Engine;
  /** Environments whose first argument the class prints as typed (`withLiteralArguments`). */
  literalArguments?: readonly string[];
}

/** The entries of a list counted from the source, as a LaTeX list, or none. */
function countedList(lines: readonly ListLine[]): string | undefined {
  return lines.length ? nestedItemize(lines) : undefined;
}

/**
 * The `\include{name}` and `\input{name}` of the files given (by name, without `.tex`) written out in place,
 * as LaTeX reads them, so what is counted across them (chapters, equations, figures) is counted once.
 */
export function withInputs(text: string, files: ReadonlyMap<string, string>): string {
  return text.replace(/\\(?:include|input)\s*\{([^}]*)\}/g, (call, name: string) => {
    const file = files.get(name.trim().replace(/\.tex$/, ""));
    return file === undefined ? call : `\n${file}\n`;
  });
}

/**
 * The source without what prints nothing and pandoc cannot read (among it
 * environments that switch boxes midway), with what it defines or tests that
 * pandoc does not read written out (`_latex_document_commands.ts`), `\lipsum` written out from its
 * paragraphs where given, a class's short verbatim written as `\verb`, its
 * text commands defined, and what LaTeX generates (titles, the headings of
 * generated lists, a bibliography's labels) written out, with the numbers it counts (headings', equations',
 * captions', the references to them: `_latex_numbering.ts`).
 */
export function latexForPandoc(text: string, reading: LatexReading = {}): string {
  const chapters = reading.chapters ?? false;
  const counted = countedNumbers(text, reading);
  const depth = tocDepth(text, chapters) - (chapters ? 0 : 1);
  return withGeneratedMatter(counted.text, chapters, {
    contents: reading.lists?.contents ?? countedList(counted.contents.filter((line) => line.depth <= depth)),
    figures: reading.lists?.figures ?? countedList(counted.figures),
    tables: reading.lists?.tables ?? countedList(counted.tables),
    ...(reading.lists?.index ? { index: reading.lists.index } : {}),
    ...(reading.lists?.bibliography ? { bibliography: reading.lists.bibliography } : {}),
  });
}

/**
 * The numbers LaTeX prints, counted in the source as `latexForPandoc` readies it for pandoc (so text that
 * only looks like an environment, in verbatim or an error message's title, counts for nothing).
 */
export function countedNumbers(text: string, reading: LatexReading = {}): Numbering {
  const code = withoutInternalCode(withoutMetadata(withoutLineEndComments(withLigaturesAsLetters(text))));
  // A class's short verbatim first: what follows leaves verbatim text as it is.
  const literal = withParagraphEndsRead(withLineBreaksAsSpaces(withBoxSizesRead(
    withStringsSpelled(withLowercaseRead(
      withLiteralArguments(
        reading.shortVerb ? withShortVerb(code, reading.shortVerb) : code,
        reading.literalArguments ?? [],
      ),
    )),
  )));
  const bare = withPackageCommands(withPackageTests(withDocumentCommands(literal)), {
    urlsInText: reading.urlsInText ?? false,
  });
  const tested = withRunInAbstract(
    withAppendixLabels(withClassOptionTests(reading.engine ? withEngineTests(bare, reading.engine) : bare)),
  );
  const verbatim = withUnclosedOpeningsAsText(withoutDeluxeColumnSpecs(withReadableTabulars(
    withoutSwitchingEnvironments(withBookmarkHeadings(tested, reading.chapters ?? false)),
  )));
  const paged = reading.pages
    ? outsideVerbatim(verbatim, (part) => withPageReferences(part, reading.pages!))
    : verbatim;
  const noted = reading.noteCommas ? withNoteCommas(paged) : paged;
  const defined = reading.classCommands ? `${reading.classCommands}\n${noted}` : noted;
  return numbered(withLipsum(defined, reading.lipsum ?? []), {
    chapters: reading.chapters ?? false,
    chapterLabels: reading.chapterLabels ?? false,
    ...(reading.labels ? { labels: reading.labels } : {}),
  });
}

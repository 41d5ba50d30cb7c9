/**
 * What a LaTeX source defines or tests that pandoc's LaTeX reader (2.17)
 * does not read, written out as LaTeX would print it: commands the document
 * defines with `\NewDocumentCommand` (the `xparse` syntax of the 2020+
 * kernel, which pandoc leaves undefined, dropping the text they print — a
 * committee page's title and roles), `\IfPackageLoadedTF` by whether the
 * source loads the package, the engine tests `\ifpdftex`, `\ifluatex` and
 * `\ifxetex` by the engine that printed the PDF (one a display formula holds
 * stops texmath, and the formula prints as its TeX), and `\pdfbookmark`,
 * an outline entry the source adds by hand, as a heading of the text it
 * marks: the PDF's outline, and its tags, make it one.
 *
 * @module
 */
import { groupEnd, outsideVerbatim } from "./_latex_generated.ts";

/**
 * Commands of widespread packages pandoc does not know, as what they print: microtype's letter-spaced
 * `\textls[amount]{text}` its text, unicode-math's alphabets (`\symbfit{J}`) texmath's; `\vspace`,
 * `\hspace` and the alignment declarations (`\centering`), nothing; `\doi{…}`, `doi:` and the identifier (as code,
 * or as text where URLs print in the text's font); `\raisebox`, its text; in
 * mathematics texmath cannot read, amsmath's `\hdotsfor` its dots, kerns and a row's added space
 * (`\\[4\jot]`) nothing, `\smash` and `\rotatebox` their content, `\cfrac` a fraction, `\leftroot` and
 * `\uproot` nothing, `\shoveright` its row, `\idotsint` its signs, `\varliminf` and its kin `\lim`, `\liminf`
 * and its kin their two words (`lim inf`), `\varGamma` and its kin the capital letter.
 */
export function withPackageCommands(text: string, { urlsInText = false } = {}): string {
  const alphabets: Record<string, string> = {
    symbfit: "boldsymbol",
    symbfup: "mathbf",
    symbf: "mathbf",
    symup: "mathrm",
    symit: "mathit",
    symsf: "mathsf",
    symtt: "mathtt",
    symcal: "mathcal",
    symbb: "mathbb",
  };
  return outsideVerbatim(text, (part) => printedCommands(part, alphabets, urlsInText));
}

/**
 * Whether a document's URLs print in its text's font (`\urlstyle{same}`, `{rm}` or `{sf}`, in the source
 * or its class), where a `\doi`'s identifier is text, not code.
 */
export function printsUrlsInText(source: string, classFile = ""): boolean {
  return /\\urlstyle\s*\{(?:same|rm|sf)\}/.test(source) || /\\urlstyle\s*\{(?:same|rm|sf)\}/.test(classFile);
}

/** `withPackageCommands` on text without verbatim. */
function printedCommands(text: string, alphabets: Record<string, string>, urlsInText: boolean): string {
  return text.replace(/\\textls\*?\s*(?:\[[^\]]*\])?\s*(?=\{)/g, "")
    // Space set by hand prints nothing; pandoc drops a paragraph that opens with it.
    .replace(/\\[vh]space\*?\s*\{[^{}]*\}/g, "")
    // Glue set by hand (`\hskip 1em plus 0.5em minus 0.4em\relax`, IEEEtran's bibliography) prints a space.
    .replace(
      /\\hskip\s*-?[\d.]+\s*[a-z]{2}(?:\s*plus\s*-?[\d.]+\s*fil{1,3}|\s*plus\s*-?[\d.]+\s*[a-z]{2})?(?:\s*minus\s*-?[\d.]+\s*[a-z]{2})?\s*(?:\\relax(?![a-zA-Z@]))?/g,
      " ",
    )
    // Math texmath stops at: amsmath's dots across columns, a row's added space, kerns, smashed and
    // rotated boxes (which print their content).
    .replace(/\\hdotsfor\s*(?:\[[^\]]*\])?\s*\{[^{}]*\}/g, "\\cdots ")
    .replace(/\\\\\s*\[[^\]]*\]/g, "\\\\")
    .replace(/\\m(?:kern|skip)\s*-?[\d.]+\s*mu/g, "")
    // amsmath's continued fraction (a fraction), its root's placement (nothing), its shoved rows (the row),
    // its dotted multiple integral and its limit variants (the integral signs, "lim").
    .replace(/\\cfrac\s*(?:\[[lr]\])?(?![a-zA-Z])/g, "\\frac")
    .replace(/\\(?:leftroot|uproot)\s*\{[^{}]*\}/g, "")
    .replace(/\\shove(?:left|right)\s*(?=\{)/g, "")
    .replace(/\\idotsint(?![a-zA-Z])/g, "\\int\\cdots\\int")
    .replace(/\\var(?:liminf|limsup|injlim|projlim)(?![a-zA-Z])/g, "\\lim")
    // Its operator names of two words, which it sets a thin space apart, and its italic capital Greek,
    // which texmath does not know: the words apart, the letter.
    .replace(/\\lim(inf|sup)(?![a-zA-Z])/g, "\\lim\\,\\$1")
    .replace(/\\(proj|inj)lim(?![a-zA-Z])/g, "\\operatorname{$1}\\,\\lim")
    .replace(/\\var(Gamma|Delta|Theta|Lambda|Xi|Pi|Sigma|Upsilon|Phi|Psi|Omega)(?![a-zA-Z])/g, "\\$1")
    // A rotated box sets its text; a formula in it is the formula (no `$` inside the display's math).
    .replace(/\\rotatebox\s*(?:\[[^\]]*\])?\s*\{[^{}]*\}\s*\{\s*\$([^$]*)\$\s*\}/g, "{$1}")
    .replace(/\\(?:smash\s*(?:\[[^\]]*\])?|rotatebox\s*(?:\[[^\]]*\])?\s*\{[^{}]*\})\s*(?=\{)/g, "")
    // A raised box prints its text; pandoc reads its height and depth (`[0cm][0cm]`) as text.
    .replace(/\\raisebox\s*\{[^{}]*\}(?:\s*\[[^\]]*\]){0,2}\s*(?=\{)/g, "")
    // An alignment declaration prints nothing; pandoc drops a group that follows one (`\centering{…}`).
    .replace(/\\(?:centering|raggedright|raggedleft)(?![a-zA-Z@])\s*/g, "")
    // The doi package's `\doi{…}` prints its prefix and the identifier; pandoc drops it.
    .replace(
      /\\doi\s*\{([^{}]*)\}/g,
      (_, id: string) =>
        urlsInText ? `doi:${id.replace(/[_%#&$]/g, (c) => `\\${c}`)}` : `doi:\\nolinkurl{${id}}`,
    )
    .replace(
      /\\(sym(?:bfit|bfup|bf|up|it|sf|tt|cal|bb))(?![a-zA-Z@])/g,
      (_, name: string) => `\\${alphabets[name]}`,
    );
}

/** The engine that printed a document, as its engine tests name it. */
export type Engine = "pdftex" | "luatex" | "xetex";

/** One argument of an `xparse` signature: mandatory, optional with a default, optional, or a star. */
type ArgumentKind = { kind: "m" } | { kind: "O"; fallback: string } | { kind: "o" } | { kind: "s" };

/** The arguments an `xparse` signature (`m m`, `O{2em} m`, `s o m`) takes. */
function signature(spec: string): ArgumentKind[] {
  const out: ArgumentKind[] = [];
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i]!;
    if (c === "m" || c === "o" || c === "s") out.push({ kind: c });
    else if (c === "O" && spec[i + 1] === "{") {
      const end = groupEnd(spec, i + 1);
      out.push({ kind: "O", fallback: spec.slice(i + 2, end - 1) });
      i = end - 1;
    }
  }
  return out;
}

/** The arguments of a call starting at `at`, read by `kinds`, and where the call ends; null if malformed. */
function callArguments(
  text: string,
  at: number,
  kinds: ArgumentKind[],
): { args: string[]; end: number } | null {
  const args: string[] = [];
  let i = at;
  const skip = () => {
    while (/\s/.test(text[i] ?? "")) i++;
  };
  for (const k of kinds) {
    skip();
    if (k.kind === "s") {
      args.push(text[i] === "*" ? "*" : "");
      if (text[i] === "*") i++;
    } else if (k.kind === "m") {
      if (text[i] !== "{") return null;
      const end = groupEnd(text, i);
      if (end < 0) return null;
      args.push(text.slice(i + 1, end - 1));
      i = end;
    } else if (text[i] === "[") {
      const end = text.indexOf("]", i);
      if (end < 0) return null;
      args.push(text.slice(i + 1, end));
      i = end + 1;
    } else args.push(k.kind === "O" ? k.fallback : "");
  }
  return { args, end: i };
}

/** A definition's pattern: `\NewDocumentCommand\name{spec}{body}`, the name braced or not. */
const DEFINITION =
  /\\(?:New|Renew|Provide|Declare)DocumentCommand\s*(?:\{\s*\\([a-zA-Z@]+)\s*\}|\\([a-zA-Z@]+))\s*(?=\{)/g;

/** The source with the commands it defines by `\NewDocumentCommand` expanded where called, their definitions out. */
export function withDocumentCommands(text: string): string {
  let out = text;
  for (let found = DEFINITION.exec(out); found; found = DEFINITION.exec(out)) {
    const name = found[1] ?? found[2]!;
    const specOpen = found.index + found[0].length, specEnd = groupEnd(out, specOpen);
    const bodyOpen = specEnd < 0 ? -1 : out.slice(specEnd).search(/\S/) + specEnd;
    const bodyEnd = bodyOpen < 0 || out[bodyOpen] !== "{" ? -1 : groupEnd(out, bodyOpen);
    if (bodyEnd < 0) continue;
    const kinds = signature(out.slice(specOpen + 1, specEnd - 1));
    const body = out.slice(bodyOpen + 1, bodyEnd - 1);
    let rest = out.slice(bodyEnd);
    const call = new RegExp(`\\\\${name}(?![a-zA-Z@])`, "g");
    let expanded = "";
    let last = 0;
    for (let c = call.exec(rest); c; c = call.exec(rest)) {
      const parsed = callArguments(rest, c.index + c[0].length, kinds);
      if (!parsed) continue;
      const filled = body.replace(/#(\d)/g, (_, n: string) => parsed.args[Number(n) - 1] ?? "");
      expanded += rest.slice(last, c.index) + filled;
      last = parsed.end;
      call.lastIndex = parsed.end;
    }
    rest = expanded + rest.slice(last);
    out = out.slice(0, found.index) + rest;
    DEFINITION.lastIndex = found.index;
  }
  return out;
}

/** `\IfPackageLoadedTF{package}{yes}{no}` as the branch the source's own `\usepackage` lines choose. */
export function withPackageTests(text: string): string {
  const loaded = new Set(
    [...text.matchAll(/\\(?:usepackage|RequirePackage)\s*(?:\[[^\]]*\])?\s*\{([^}]*)\}/g)]
      .flatMap((m) => m[1]!.split(",").map((p) => p.trim())),
  );
  let out = text;
  for (
    let at = out.search(/\\IfPackageLoadedTF\s*\{/);
    at >= 0;
    at = out.search(/\\IfPackageLoadedTF\s*\{/)
  ) {
    const parsed = callArguments(out, at + "\\IfPackageLoadedTF".length, [{ kind: "m" }, { kind: "m" }, {
      kind: "m",
    }]);
    if (!parsed) break;
    const [name, yes, no] = parsed.args;
    out = out.slice(0, at) + (loaded.has(name!.trim()) ? yes : no) + out.slice(parsed.end);
  }
  return out;
}

/** `\ifpdftex … \else … \fi` and its kin (`\ifluatex`, `\ifxetex`) as the branch `engine` takes. */
export function withEngineTests(text: string, engine: Engine): string {
  return outsideVerbatim(text, (part) => engineBranches(part, engine));
}

/** `withEngineTests` on text without verbatim. */
function engineBranches(text: string, engine: Engine): string {
  return text.replace(
    /\\if(pdftex|luatex|xetex|PDFTeX|LuaTeX|XeTeX)(?![a-zA-Z@])([\s\S]*?)(?:\\else(?![a-zA-Z@])([\s\S]*?))?\\fi(?![a-zA-Z@])/g,
    (_, tested: string, yes: string, no = "") => tested.toLowerCase() === engine ? yes : no,
  );
}

/** Size and weight switches a hand-set title carries, which a heading's own style replaces. */
const SIZE_AND_WEIGHT =
  /\\(?:tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge|bfseries|textbf)(?![a-zA-Z@])/g;

/** The heading commands by outline level (hyperref's: 0 the chapter's, 1 the section's). */
const BY_LEVEL = ["chapter", "section", "subsection", "subsubsection", "paragraph"];

/** The letters of some LaTeX, lower-cased, commands and braces left out. */
function letters(latex: string): string {
  return latex.replace(/\\[a-zA-Z@]+\*?/g, " ").replace(/[^\p{L}\p{N}]+/gu, "").toLowerCase();
}

/** Where the balanced group closing at `close` (a `}`) opens, or -1. */
function groupStartBefore(text: string, close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    if (text[i - 1] === "\\") continue;
    if (text[i] === "}") depth++;
    else if (text[i] === "{" && --depth === 0) return i;
  }
  return -1;
}

/**
 * `\pdfbookmark[level]{title}{anchor}`, which prints nothing, as a heading of the group just before it
 * that prints the title (`{\Large\textbf{\MakeUppercase{Thesis committee}}}`): the outline entry marks that
 * text. A bookmark whose text the group before it does not print, or that follows a command's argument
 * (a heading's, marked already), is left out.
 */
export function withBookmarkHeadings(text: string, chapters: boolean): string {
  const pattern = /\\pdfbookmark\s*(?:\[(-?\d)\])?\s*\{([^{}]*)\}\s*\{[^{}]*\}/g;
  let out = "";
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    let close = found.index - 1;
    while (close >= last && /\s/.test(text[close]!)) close--;
    const open = text[close] === "}" ? groupStartBefore(text, close) : -1;
    const inner = open >= last ? text.slice(open + 1, close) : "";
    const title = found[2]!;
    // A heading's argument (`\\chapter*{Acknowledgments}`) is a heading already.
    const argument = /\\(?:part|chapter|(?:sub)*section|(?:sub)?paragraph)\*?\s*(?:\[[^\]]*\])?\s*$/.test(
      text.slice(last, Math.max(open, last)),
    );
    if (inner && !argument && letters(inner) === letters(title) && letters(title)) {
      const command = BY_LEVEL[Math.max(Number(found[1] ?? "0"), chapters ? 0 : 1)] ?? "paragraph";
      const plain = inner.replace(SIZE_AND_WEIGHT, "");
      out += `${text.slice(last, open)}\n\n\\${command}*{${plain}}\n\n`;
    } else out += text.slice(last, found.index);
    last = found.index + found[0].length;
  }
  return out + text.slice(last);
}

/** The engine a PDF's producer names (`LuaHBTeX 1.18`, `pdfTeX 1.40.26`, `xdvipdfmx`). */
export function engineOf(producer: string): Engine {
  if (/lua/i.test(producer)) return "luatex";
  if (/xetex|xelatex|xdvipdfmx/i.test(producer)) return "xetex";
  return "pdftex";
}

/**
 * What the IEEEtran class' own source conventions print, which pandoc's LaTeX
 * reader (2.17) cannot tell: its tests of the class options
 * (`\ifCLASSOPTIONcompsoc … \else … \fi`), which pandoc reads as both
 * branches (a paper's `Acknowledgments` heading and its `Acknowledgment` twin,
 * where the page prints the one its options choose), and its `\appendices`,
 * after which a section's label prints as "Appendix B" even where its title
 * is empty (pandoc writes an empty heading); its abstract and index terms,
 * whose names it runs in before their text (`Abstract—`) where the article
 * class sets a heading, and which a Computer Society journal declares before
 * `\maketitle` and prints under the title. Its text commands
 * (`\IEEEPARstart`, `\IEEEmembership`) are definitions a document's entry
 * carries (`classCommands` in the corpus list).
 *
 * @module
 */

import { groupEnd } from "./_latex_generated.ts";

/** An `\if…` token, an `\else`, a `\fi`, or a comment (skipped, as TeX skips it). */
const TOKEN = /(?<!\\)%[^\n]*|\\(if[a-zA-Z@]*|else|fi)(?![a-zA-Z@])/g;

/** The options of the source's `\documentclass[…]{IEEEtran}`, or none where another class sets it. */
export function ieeetranOptions(text: string): ReadonlySet<string> | undefined {
  const found = /^[^%\n]*\\documentclass\s*(?:\[([^\]]*)\])?\s*\{IEEEtran\}/m.exec(text);
  if (!found) return undefined;
  return new Set((found[1] ?? "").split(",").map((option) => option.trim()).filter(Boolean));
}

/**
 * `\ifCLASSOPTION<name> yes \else no \fi` as the branch the class options take (`yes` where `<name>` is
 * one of them), and `\ifCLASSINFOpdf` as its first branch (the PDF was written directly), such tests inside
 * the branch taken read the same way, tests of other kinds carried along; text set by another class is
 * returned as it is.
 */
export function withClassOptionTests(text: string): string {
  const options = ieeetranOptions(text);
  return options ? branchesTaken(text, options) : text;
}

/** `text` with each class option test as the branch `options` take, tests nested in that branch as well. */
function branchesTaken(text: string, options: ReadonlySet<string>): string {
  const tokens: RegExpExecArray[] = [...text.matchAll(TOKEN)].filter((token) => token[1] !== undefined);
  let out = "";
  let last = 0;
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!;
    const tested = /^ifCLASS(OPTION|INFO)(.+)$/.exec(open[1]!);
    if (!tested || open.index < last) continue;
    const { otherwise, end } = branchEnds(tokens, i);
    if (end === undefined) break;
    const taken = tested[1] === "OPTION" ? options.has(tested[2]!) : tested[2] === "pdf";
    const yesEnd = otherwise ?? end;
    const branch = taken
      ? text.slice(open.index + open[0].length, yesEnd.index)
      : otherwise
      ? text.slice(otherwise.index + otherwise[0].length, end.index)
      : "";
    out += text.slice(last, open.index) + branchesTaken(branch, options);
    last = end.index + end[0].length;
  }
  return out + text.slice(last);
}

/** The `\else` (if any) and the `\fi` that close the test opened by `tokens[at]`, nested tests skipped. */
function branchEnds(
  tokens: readonly RegExpExecArray[],
  at: number,
): { otherwise?: RegExpExecArray; end?: RegExpExecArray } {
  let depth = 0;
  let otherwise: RegExpExecArray | undefined;
  for (let i = at + 1; i < tokens.length; i++) {
    const name = tokens[i]![1]!;
    if (name.startsWith("if")) depth++;
    else if (name === "fi" && depth-- === 0) return { otherwise, end: tokens[i] };
    else if (name === "else" && depth === 0) otherwise = tokens[i];
  }
  return { otherwise };
}

/** After IEEEtran's `\appendices`, a `\section{}` with no title as the label it prints ("Appendix B"). */
export function withAppendixLabels(text: string): string {
  if (!ieeetranOptions(text)) return text;
  const start = /\\appendices(?![a-zA-Z@])/.exec(text);
  if (!start) return text;
  let letter = 0;
  const after = text.slice(start.index).replace(
    /\\section\s*(\*?)\s*\{([^{}]*)\}/g,
    (heading, star, title) => {
      if (star) return heading;
      const label = `Appendix ${String.fromCharCode(65 + letter++)}`;
      return title.trim() ? heading : `\\section*{${label}}`;
    },
  );
  return text.slice(0, start.index) + after;
}

/**
 * IEEEtran's abstract and index terms as it sets them, their names run in before their text ("Abstract—The
 * abstract goes here."), no heading; a Computer Society journal's (`\IEEEtitleabstractindextext{…}`,
 * declared before `\maketitle`) under the title, where the page prints them.
 */
export function withRunInAbstract(text: string): string {
  if (!ieeetranOptions(text)) return text;
  let out = withItemizedThanks(text);
  const declared = /\\IEEEtitleabstractindextext\s*\{/.exec(out);
  const end = declared ? groupEnd(out, declared.index + declared[0].length - 1) : -1;
  if (declared && end > 0) {
    const inner = out.slice(declared.index + declared[0].length, end - 1);
    out = out.slice(0, declared.index) + out.slice(end);
    out = out.replace(/\\maketitle(?![a-zA-Z@])/, (command) => `${command}\n\n${inner}\n\n`);
  }
  return out.replace(/\\begin\{abstract\}\s*/g, "\n\nAbstract---")
    .replace(/\\begin\{IEEEkeywords\}\s*/g, "\n\nIndex Terms---")
    .replace(/\\end\{(?:abstract|IEEEkeywords)\}/g, "\n\n");
}

/**
 * A Computer Society journal's notes on its authors (`\IEEEcompsocitemizethanks{\IEEEcompsocthanksitem …}`),
 * which print at the first page's foot as the title's other notes do: a `\thanks` each.
 */
function withItemizedThanks(text: string): string {
  const declared = /\\IEEEcompsocitemizethanks\s*\{/.exec(text);
  const end = declared ? groupEnd(text, declared.index + declared[0].length - 1) : -1;
  if (!declared || end < 0) return text;
  const items = text.slice(declared.index + declared[0].length, end - 1).split(
    /\\IEEEcompsocthanksitem(?![a-zA-Z@])/,
  );
  const notes = items.map((item) => item.trim()).filter(Boolean).map((item) => `\\thanks{${item}}`);
  return text.slice(0, declared.index) + notes.join("") + text.slice(end);
}

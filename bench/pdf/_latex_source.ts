/**
 * Readies a LaTeX source for pandoc's LaTeX reader, which stops at the first
 * construct it cannot parse and writes the keys of a command it does not know
 * as text. What is taken out prints nothing in the PDF: the document's
 * metadata (`\DocumentMetadata{…}`, read by the tagging code), and code
 * between `\makeatletter`/`\makeatother` or `\ExplSyntaxOn`/`\ExplSyntaxOff`
 * (definitions in LaTeX's internal syntax, such as a column type whose `#1`
 * pandoc rejects, or a structure tag opened by hand). The document's text
 * stays as its author wrote it. One command that prints text pandoc does not
 * know is written out as the text it prints: `\lipsum[a-b]`, the filler
 * paragraphs of the `lipsum` package, read from the TeX installation's copy
 * of the package (paragraphs apart, the last one running on into what
 * follows, as the package sets them).
 *
 * @module
 */
import { runCommand } from "./_run.ts";

/** Spans of internal code, from the opening command to its closing one. */
const INTERNAL_CODE = [
  /\\makeatletter\b[\s\S]*?\\makeatother\b/g,
  /\\ExplSyntaxOn\b[\s\S]*?\\ExplSyntaxOff\b/g,
];

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
 * The source without what prints nothing and pandoc cannot read, `\lipsum`
 * written out from `lipsum` (the package's paragraphs) where given.
 */
export function latexForPandoc(text: string, lipsum: readonly string[] = []): string {
  const readable = INTERNAL_CODE.reduce((out, span) => out.replace(span, ""), withoutMetadata(text));
  return withLipsum(readable, lipsum);
}

/**
 * Names a document class defines as text it prints: the AAS journals' class
 * sets a bibliography's journals as commands (`\apj`, `\aap`) that print an
 * abbreviation through a one-argument command styling it
 * (`\newcommand\aap{\ref@jnl{A\&A}}`, `\def\ref@jnl#1{{\jnl@style#1}}`).
 * pandoc reads no class file and dropped them (`2013, , 558`). Each command
 * of no argument whose body is such a styling wrapper around plain text is
 * written as a `\newcommand` pandoc reads, printing the text (a command of
 * text alone may be a class's internal name, and is left out).
 *
 * @module
 */

/** `\def\name#1{{\style#1}}` or `\def\name#1{#1}`: a one-argument command that only styles its argument. */
const WRAPPER = /\\def\\([A-Za-z@]+)#1\s*\{(?:\{\\[A-Za-z@]+\s*#1\}|#1)\}/g;

/** `\newcommand\name{\wrapper{text}}` (or `\renewcommand`, `\providecommand`, the name braced or not). */
const TEXT_COMMAND =
  /\\(?:re|provide)?newcommand\*?\s*(?:\{\\([A-Za-z]+)\}|\\([A-Za-z]+))\s*\{\\([A-Za-z@]+)\s*\{([^{}\\]*(?:\\[&%$#_][^{}\\]*)*)\}\}/g;

/**
 * The `\newcommand`s, one a line, printing the text each command of `cls` (a
 * class file's source) of no argument prints through a styling wrapper.
 */
export function classTextCommands(cls: string): string {
  const source = cls.replace(/(?<!\\)%.*$/gm, "");
  const wrappers = new Set([...source.matchAll(WRAPPER)].map((m) => m[1]!));
  const commands = new Map<string, string>();
  for (const m of source.matchAll(TEXT_COMMAND)) {
    const name = m[1] ?? m[2]!, wrapper = m[3]!;
    if (!wrappers.has(wrapper)) continue;
    commands.set(name, m[4]!.trim());
  }
  return [...commands].map(([name, text]) => `\\newcommand{\\${name}}{${text}}`).join("\n");
}

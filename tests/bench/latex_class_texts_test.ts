import assert from "node:assert/strict";
import { classTextCommands } from "../../bench/pdf/_latex_class_texts.ts";

/** A class that prints journals' names through a command styling its argument, as the AAS journals' does. */
const CLASS = String.raw`\def\ref@jnl#1{{\jnl@style#1}}% the journal's style
\newcommand\aj{\ref@jnl{AJ}}%        % Astronomical Journal
\newcommand\aap{\ref@jnl{A\&A}}%
\renewcommand\apj{\ref@jnl{ApJ}}%
\newcommand\sovast{\ref@jnl{Soviet~Ast.}}%
\newcommand\plain{Plain Text}
\newcommand\shouted{\MakeUppercase{loud}}
\newcommand\takes[1]{\ref@jnl{#1}}
`;

Deno.test("classTextCommands writes the text a class's commands print through a styling wrapper", () => {
  assert.equal(
    classTextCommands(CLASS),
    [
      "\\newcommand{\\aj}{AJ}",
      "\\newcommand{\\aap}{A\\&A}",
      "\\newcommand{\\apj}{ApJ}",
      "\\newcommand{\\sovast}{Soviet~Ast.}",
    ].join("\n"),
  );
  assert.equal(classTextCommands(String.raw`\newcommand\aj{\ref@jnl{AJ}}`), "", "no wrapper, no text");
});

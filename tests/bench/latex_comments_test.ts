import assert from "node:assert/strict";
import { withoutLineEndComments } from "../../bench/pdf/_latex_source.ts";

Deno.test("a comment ending a line goes with the line end it hides, outside verbatim text; \\space is a space", () => {
  const source = [
    "the number.%",
    "%%%%%%%%",
    "\\footnote{A note.}\\space%",
    "(con%",
    "  tinued, 5\\% of it.% a comment before an empty line",
    "",
    "Next \\verb|a%b| and \\url{http://x.org/a%20b}",
    "\\begin{verbatim}",
    "50% off",
    "x",
    "\\end{verbatim}",
  ].join("\n");
  assert.equal(
    withoutLineEndComments(source),
    [
      "the number.\\footnote{A note.}\\ (continued, 5\\% of it.% a comment before an empty line",
      "",
      "Next \\verb|a%b| and \\url{http://x.org/a%20b}",
      "\\begin{verbatim}",
      "50% off",
      "x",
      "\\end{verbatim}",
    ].join("\n"),
  );
});

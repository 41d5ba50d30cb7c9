import assert from "node:assert/strict";
import { printsNoteCommas, withNoteCommas } from "../../bench/pdf/_latex_note_commas.ts";

Deno.test("successive notes take a comma between them, a lone note and verbatim text none", () => {
  assert.equal(
    withNoteCommas(
      String.raw`done.\footnote{First {a}.}\footnote{Second.}\footnote{Third.} More\footnote{x} y.`,
    ),
    String.raw`done.\footnote{First {a}.},\footnote{Second.},\footnote{Third.} More\footnote{x} y.`,
  );
  const verbatim = String.raw`\begin{verbatim}\footnote{a}\footnote{b}\end{verbatim}`;
  assert.equal(withNoteCommas(verbatim), verbatim);
});

Deno.test("footmisc's multiple option or a \\footnote that looks ahead for another asks for the commas", () => {
  assert.ok(printsNoteCommas(String.raw`\usepackage[bottom,multiple]{footmisc}`));
  assert.ok(
    printsNoteCommas(
      "",
      String.raw`\cs_new:Npn \x { \peek_meaning:NT \footnote {\textsuperscript{\mdseries,}} }`,
    ),
  );
  assert.ok(!printsNoteCommas(String.raw`\usepackage[bottom]{footmisc}`, String.raw`\LoadClass{report}`));
});

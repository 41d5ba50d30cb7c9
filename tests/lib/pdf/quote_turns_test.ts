/** A paragraph going on after a turn opens lower-case, past opening quotation marks and brackets. */
import assert from "node:assert/strict";
import { opensLowerCase } from "../../../lib/pdf/quote_turns.ts";

Deno.test("text opening lower-case after quotation marks or a bracket goes on from the text before", () => {
  for (const text of ["wherever you can", "‘very high’, we mean", "“quoted” words", "(see below) and"]) {
    assert.ok(opensLowerCase(text), text);
  }
  for (const text of ["Larger bodies", "‘Very high’", "2 MB", "— a dash"]) {
    assert.ok(!opensLowerCase(text), text);
  }
});

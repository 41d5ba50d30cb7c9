/**
 * TeX's math fonts are no code. pdf.js calls a font fixed-pitch when all the
 * widths it holds are equal, which a math font subset to a few signs is (the
 * symbols' `−` and `∈`, the extension font's `∑`, texinfo's leader dots in
 * the math italic): their text was written as inline code. The name
 * overrules the flag, as it does for a roman face's small subsets; a
 * typewriter face stays monospace.
 */
import assert from "node:assert/strict";
import { fontStyleFromName } from "../../../lib/pdf/fonts.ts";

Deno.test("a math font subset pdf.js calls fixed-pitch is no monospace face", () => {
  for (const name of ["ABCDEF+CMSY10", "CMEX10", "CMMI9", "CMBSY7", "LMMathSymbols10-Regular", "MSBM10"]) {
    assert.equal(fontStyleFromName(name, true).monospace, false, name);
  }
  assert.equal(fontStyleFromName("ABCDEF+CMTT10", true).monospace, true);
  assert.equal(fontStyleFromName("CMTT9", false).monospace, true);
  // A face named for no class keeps the flag.
  assert.equal(fontStyleFromName("ABCDEF+Fira", true).monospace, true);
});

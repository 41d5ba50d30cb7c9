import assert from "node:assert/strict";
import {
  charactersBeyondAscii,
  charactersToProbe,
  EMOJI_AS_CHARACTERS,
  printedCharactersFilter,
  probeSource,
  readProbe,
} from "../../bench/pdf/_printed_characters.ts";
import { throughPandocFilter } from "../_support/pandoc_filter.ts";

/** pandoc's GitHub Markdown for a GitHub Markdown source through one Lua filter, as the references are made. */
function throughFilter(markdown: string, filter: string): Promise<string> {
  return throughPandocFilter(markdown, "gfm", filter);
}

Deno.test("the probe sets each character beyond ASCII once in prose and once in a listing", () => {
  const chars = charactersBeyondAscii("mean ± σ, min … max ± σ");
  assert.deepEqual(chars, ["±", "σ", "…"]);
  assert.equal(probeSource(chars), "p0:±:\n\np1:σ:\n\np2:…:\n\n```\nc0:±:\nc1:σ:\nc2:…:\n```\n");
});

Deno.test("reading the probe back: kerns read as spaces and unnamed glyphs print nothing, split markers keep the source", () => {
  const chars = ["±", "σ", "…", "中"];
  // pdfTeX's running-text ellipsis is three full stops with kerns a reader takes for spaces; LuaTeX's stand-in
  // for a glyph its font lacks reads as U+FFFD; the listing's `中` marker was split by the reader.
  const text = "p0:±:\np1::\np2:. . .:\np3:\uFFFD:\nc0:±:\nc1:σ:\nc2:...:\nc3:\n中:\n";
  const printed = readProbe(text, chars);
  assert.deepEqual([...printed.prose], [["±", "±"], ["σ", ""], ["…", "..."], ["中", ""]]);
  assert.deepEqual([...printed.code], [["±", "±"], ["σ", "σ"], ["…", "..."]]);
});

Deno.test("the reference writes text by the prose map and code by the listing map", async () => {
  const printed = readProbe("p0::\np1:...:\nc0:σ:\nc1:...:\n", ["σ", "…"]);
  const markdown = "Time ± σ, then … and `min … σ`.\n\n```\nTime (mean ± σ)\nRange (min … max)\n```\n";
  assert.equal(
    await throughFilter(markdown, printedCharactersFilter(printed)),
    "Time ± , then ... and `min ... σ`.\n\n    Time (mean ± σ)\n    Range (min ... max)\n",
  );
});

Deno.test("the emoji a shortcode stands for is probed, and written as the engine printed it, not as the shortcode", async () => {
  // pandoc reads GitHub Markdown's `:wink:` as its emoji; the source holds only ASCII.
  const source = "Concatenate files :wink:. Mean ± σ.";
  assert.deepEqual(charactersToProbe(source, "Concatenate files 😉. Mean ± σ."), ["±", "σ", "😉"]);
  // pdfTeX printed nothing for it.
  const printed = readProbe("p0:±:\np1:σ:\np2::\n", ["±", "σ", "😉"]);
  assert.equal(
    await throughFilter(source, printedCharactersFilter(printed)),
    "Concatenate files . Mean ± σ.\n",
  );
  // An engine that printed it writes the character.
  const shown = readProbe("p0:😉:\n", ["😉"]);
  assert.equal(await throughFilter("files :wink:.", printedCharactersFilter(shown)), "files 😉.\n");
});

Deno.test("a browser's print writes a shortcode's emoji as the character its HTML holds, not as the shortcode", async () => {
  assert.equal(
    await throughFilter("Concatenate files :wink:, same 546 files :smile:.", EMOJI_AS_CHARACTERS),
    "Concatenate files 😉, same 546 files 😄.\n",
  );
});

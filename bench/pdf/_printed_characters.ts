/**
 * What a LaTeX engine prints of the characters beyond ASCII a source holds,
 * for the references of the documents printed here by LaTeX
 * (`_latex_producers.ts`): the reference is the source, but a page can only
 * hold what the engine sets. pdfTeX's T1 fonts have no σ, ❯ nor
 * box-drawing character (TeX reports each and sets nothing) and set `…` as
 * three full stops; LuaTeX leaves out what its font lacks. Rather than a
 * table of such losses kept by hand, each character is asked of the engine
 * itself: set alone, in running text and in a listing (whose font may differ),
 * in the same template and with the same fonts as the document, and read back
 * from the PDF by Poppler's `pdftotext`, a reader other than the converter
 * scored. The reference then writes each character as it came back: text
 * characters as the prose printed them, code characters as the listing did.
 *
 *     apt-get install poppler-utils (besides what `_latex_producers.ts` needs)
 *
 * @module
 */
import { type LatexEngine, printLatex } from "./_latex_producers.ts";
import { runCommand } from "./_run.ts";

/** How an engine prints characters: in running text and in a listing, each as the text read back. */
export interface PrintedCharacters {
  prose: Map<string, string>;
  code: Map<string, string>;
}

/** The characters beyond ASCII of a text, each once, in order of first use. */
export function charactersBeyondAscii(text: string): string[] {
  return [...new Set([...text].filter((c) => c.codePointAt(0)! > 0x7e))];
}

/** A pictograph: what an emoji shortcode (`:wink:`) stands for. */
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

/**
 * The characters to ask the engine about: those beyond ASCII of the source,
 * and the pictographs of the text as pandoc reads it (`read`), where GitHub
 * Markdown's shortcodes (`:wink:`) become emoji, which the page prints as the
 * engine prints that character (nothing, in pdfTeX's and Latin Modern's fonts).
 */
export function charactersToProbe(source: string, read: string): string[] {
  return [...new Set([...charactersBeyondAscii(source), ...[...read].filter((c) => PICTOGRAPH.test(c))])];
}

/**
 * The probe document (GitHub Markdown): each character alone between
 * numbered markers, once in a paragraph of its own and once on a row of a
 * listing.
 */
export function probeSource(chars: readonly string[]): string {
  const prose = chars.map((c, i) => `p${i}:${c}:`).join("\n\n");
  const code = chars.map((c, i) => `c${i}:${c}:`).join("\n");
  return `${prose}\n\n\`\`\`\n${code}\n\`\`\`\n`;
}

/**
 * Reads the probe's text back: each marker's character as printed. A
 * character set alone prints no word space, so a space the reader puts
 * between its glyphs (the kerns of pdfTeX's `…` in running text) is none;
 * a glyph the reader cannot name (U+FFFD: LuaTeX's stand-in where its font
 * lacks the character) prints no text. A marker the text lacks (a line the
 * reader split) leaves its character out of the map, so the reference
 * keeps it as the source spells it.
 */
export function readProbe(text: string, chars: readonly string[]): PrintedCharacters {
  const printed: PrintedCharacters = { prose: new Map(), code: new Map() };
  for (const match of text.matchAll(/^([pc])(\d+):(.*):$/gm)) {
    const char = chars[Number(match[2])];
    if (char === undefined) continue;
    (match[1] === "p" ? printed.prose : printed.code).set(char, match[3]!.replace(/[\s\uFFFD]/g, ""));
  }
  return printed;
}

/** Sets every character of `chars` with `engine` in the document's template and reads back what it printed. */
export async function printedCharacters(
  engine: LatexEngine,
  chars: readonly string[],
  filter: string,
  work: string,
): Promise<PrintedCharacters> {
  const input = `${work}/characters.md`;
  await Deno.writeTextFile(input, probeSource(chars));
  const pdf = `${work}/characters.pdf`;
  await Deno.writeFile(pdf, await printLatex(engine, input, "gfm", filter, work));
  const text = new TextDecoder().decode(await runCommand("pdftotext", ["-raw", "-enc", "UTF-8", pdf, "-"]));
  return readProbe(text, chars);
}

/**
 * A pandoc Lua filter that writes each emoji of GitHub Markdown's shortcodes
 * (`:wink:`) as its character, for a document a browser printed: the HTML
 * holds the character, never the shortcode pandoc's writer would put back.
 */
export const EMOJI_AS_CHARACTERS = `
return { { Span = function(s) if s.classes:includes("emoji") then return s.content end end } }
`;

/** A Lua string expression for a text, spelled by code points so no quoting can break it. */
function luaString(text: string): string {
  const points = [...text].map((c) => c.codePointAt(0)!);
  return points.length === 0 ? '""' : `utf8.char(${points.join(", ")})`;
}

/** A Lua table from character to printed text, for the characters the engine prints otherwise. */
function luaTable(map: Map<string, string>): string {
  const rows = [...map].filter(([char, text]) => char !== text).map(([char, text]) =>
    `[${luaString(char)}] = ${luaString(text)}`
  );
  return `{ ${rows.join(", ")} }`;
}

/**
 * A pandoc Lua filter that writes the reference's characters as the engine
 * printed them: text (`Str`) by the prose map, inline code and listings by
 * the listing map. Run last, after the filters that turn mathematics and
 * roles into text.
 */
export function printedCharactersFilter(printed: PrintedCharacters): string {
  return `
local prose = ${luaTable(printed.prose)}
local code = ${luaTable(printed.code)}
local function as_printed(text, map) return (text:gsub(utf8.charpattern, function(c) return map[c] end)) end
return { {
  Str = function(s) return pandoc.Str(as_printed(s.text, prose)) end,
  Code = function(c) c.text = as_printed(c.text, code); return c end,
  CodeBlock = function(c) c.text = as_printed(c.text, code); return c end,
  -- An emoji written as its character, as printed, not as the shortcode the writer would put back.
  Span = function(s) if s.classes:includes("emoji") then return s.content end end,
} }
`;
}

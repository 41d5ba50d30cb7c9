/**
 * The character maps pdf.js ships (`pdfjs-dist/cmaps/`), served to it from
 * the installed package. A font in Chinese, Japanese or Korean often names
 * one of the standard CMaps (`UniGB-UCS2-H`, `Adobe-Japan1-UCS2`, …) instead
 * of carrying its own, both for its encoding and for the Unicode of its
 * glyphs; without them pdf.js cannot read one character of such a font and
 * the text is lost. A document only picks a name: a name that is not one of
 * the packaged files is refused, so nothing else is ever read, and every
 * other kind of external data (standard fonts, WebAssembly) stays refused.
 *
 * @module
 */
import { createRequire } from "node:module";

/** The packaged CMaps' directory and files' names, found once per thread. */
let packaged: { directory: string; names: Set<string> } | undefined;
/** A file read once per thread: pdf.js asks again for every document that uses it. */
const read = new Map<string, Promise<Uint8Array>>();

/** Where the packaged CMaps are, and their files' names. */
function packagedCMaps(): { directory: string; names: Set<string> } {
  if (packaged) return packaged;
  const packageJson = createRequire(import.meta.url).resolve("pdfjs-dist/package.json");
  const directory = packageJson.replace(/package\.json$/, "cmaps/");
  const names = new Set<string>();
  for (const entry of Deno.readDirSync(directory)) {
    if (entry.isFile && entry.name.endsWith(".bcmap")) names.add(entry.name);
  }
  packaged = { directory, names };
  return packaged;
}

/**
 * The bytes of one packaged CMap file (`UniGB-UCS2-H.bcmap`), a fresh copy
 * each time (pdf.js may take it over).
 *
 * @throws {Error} The name is not a packaged CMap.
 */
export async function packagedCMap(filename: string): Promise<Uint8Array> {
  const { directory, names } = packagedCMaps();
  if (!names.has(filename)) throw new Error(`No packaged CMap ${filename}`);
  let bytes = read.get(filename);
  if (!bytes) {
    bytes = Deno.readFile(`${directory}${filename}`);
    read.set(filename, bytes);
  }
  return (await bytes).slice();
}

/**
 * pdf.js' `BinaryDataFactory`: packaged CMaps only, every other request
 * refused, so a document can never make it read any other file. Text of
 * fonts that rely on standard font data is still extracted from the
 * built-in metrics.
 */
export class PackagedCMapsOnly {
  /** pdf.js passes the configured URLs; none are used. */
  constructor(_options: unknown) {}

  /** A packaged CMap, or a refusal. */
  fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    if (kind === "cMapUrl") return packagedCMap(filename);
    return Promise.reject(new Error(`External ${kind} data is disabled`));
  }
}

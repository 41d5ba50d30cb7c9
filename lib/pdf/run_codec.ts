/**
 * A run of pages (`page_run.ts`) as one compact buffer, for handing it from
 * the worker that extracted it to the worker that finishes the document.
 * JSON of the R reference manual's lines is 53 MB and costs seconds to write
 * and read; here every number goes into one `Float64Array` (exact, `-0`,
 * `NaN` and infinities included), the text into one `Uint16Array` (code
 * units, so any string comes back as it was), and only what repeats (fonts,
 * link targets, structure tags) or is per page goes as JSON. Fonts and tags
 * shared by several spans come back shared, as extraction made them.
 *
 * Buffer layout: a `Uint32` header length, the header JSON (UTF-8), padding
 * to 8 bytes, the numbers, the text's length per span (`Uint32`), the text.
 *
 * @module
 */
import type { PageRun, RunShifts } from "./page_run.ts";
import type { FontStyle, Line, PageText, Span, Tag } from "./types.ts";

/** What goes as JSON. */
interface Header {
  fonts: FontStyle[];
  links: string[];
  tags: Tag[];
  pageCharacters: PageRun["pageCharacters"];
  warnings: string[];
  ids: number;
  treeShift?: PageRun["treeShift"];
  pages: number;
  spans: number;
  numbers: number;
  characters: number;
  /** The text has no unpaired surrogate, so a UTF-16 decoder reads it back exactly. */
  wellFormed: boolean;
}

/** Which optional fields of a span follow its fixed ones. */
const LINK = 1, TAG = 2, SHADE = 4, BAR = 8, RULE_ABOVE = 16, SPACE_AFTER = 32;

/** Bits of a page's flags: which optional fields it has (a view takes its six numbers after the flags). */
const SPACES_READ = 1, VIEW = 2;

/** Code units per `String.fromCharCode` call (an argument list has a bounded length). */
const CHUNK = 8192;

/** Index of `value` in `table`, adding it when first seen. */
function intern<T>(index: Map<T, number>, table: T[], value: T): number {
  let at = index.get(value);
  if (at === undefined) {
    at = table.length;
    index.set(value, at);
    table.push(value);
  }
  return at;
}

/** Encodes `run` as one transferable buffer. */
export function encodeRun(run: PageRun): ArrayBuffer {
  const fonts: FontStyle[] = [], links: string[] = [], tags: Tag[] = [];
  const fontIndex = new Map<FontStyle, number>();
  const linkIndex = new Map<string, number>();
  const tagIndex = new Map<Tag, number>();
  const numbers: number[] = [];
  const texts: string[] = [];
  for (const page of run.pages) {
    const flags = (page.spacesRead ? SPACES_READ : 0) | (page.view ? VIEW : 0);
    numbers.push(page.page, page.width, page.height, page.lines.length, flags);
    if (page.view) numbers.push(...page.view);
    for (const line of page.lines) {
      numbers.push(line.spans.length, line.x0, line.x1, line.y, line.size, line.page);
      for (const span of line.spans) {
        texts.push(span.text);
        const flags = (span.link === undefined ? 0 : LINK) | (span.tag === undefined ? 0 : TAG) |
          (span.shade === undefined ? 0 : SHADE) | (span.bar === undefined ? 0 : BAR) |
          (span.ruleAbove === undefined ? 0 : RULE_ABOVE) | (span.spaceAfter ? SPACE_AFTER : 0);
        numbers.push(span.x, span.y, span.width, span.size, intern(fontIndex, fonts, span.font), flags);
        if (span.link !== undefined) numbers.push(intern(linkIndex, links, span.link));
        if (span.tag !== undefined) numbers.push(intern(tagIndex, tags, span.tag));
        if (span.shade !== undefined) numbers.push(span.shade);
        if (span.bar !== undefined) numbers.push(span.bar);
        if (span.ruleAbove !== undefined) numbers.push(span.ruleAbove);
      }
    }
  }
  const text = texts.join("");
  const header: Header = {
    fonts,
    links,
    tags,
    pageCharacters: run.pageCharacters,
    warnings: run.warnings,
    ids: run.ids,
    ...(run.treeShift ? { treeShift: run.treeShift } : {}),
    pages: run.pages.length,
    spans: texts.length,
    numbers: numbers.length,
    characters: text.length,
    wellFormed: text.isWellFormed(),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const numbersAt = align(4 + json.length);
  const lengthsAt = numbersAt + numbers.length * 8;
  const textAt = lengthsAt + texts.length * 4;
  const buffer = new ArrayBuffer(textAt + text.length * 2);
  new DataView(buffer).setUint32(0, json.length);
  new Uint8Array(buffer, 4, json.length).set(json);
  new Float64Array(buffer, numbersAt, numbers.length).set(numbers);
  const lengths = new Uint32Array(buffer, lengthsAt, texts.length);
  for (let i = 0; i < texts.length; i++) lengths[i] = texts[i]!.length;
  const units = new Uint16Array(buffer, textAt, text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return buffer;
}

/** `at` rounded up to a multiple of 8. */
function align(at: number): number {
  return Math.ceil(at / 8) * 8;
}

/** True when a `Uint16Array`'s bytes are little-endian, as the UTF-16LE decoder reads them. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Reads UTF-16LE, keeping a leading byte-order mark as text. */
const utf16 = new TextDecoder("utf-16le", { ignoreBOM: true });

/**
 * The string of `units`, exactly. Well-formed text goes through the native
 * decoder (about a hundred times faster on a large document's text than
 * building it from code units); text with an unpaired surrogate, which the
 * decoder would replace, is rebuilt unit by unit.
 */
function unitsToString(units: Uint16Array, wellFormed: boolean): string {
  if (wellFormed && LITTLE_ENDIAN) return utf16.decode(units);
  const parts: string[] = [];
  for (let at = 0; at < units.length; at += CHUNK) {
    parts.push(String.fromCharCode(...units.subarray(at, at + CHUNK)));
  }
  return parts.join("");
}

/** The header of a run encoded by {@linkcode encodeRun}, and its length in bytes. */
function readHeader(bytes: Uint8Array): { header: Header; jsonLength: number } {
  const jsonLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  return { header: JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + jsonLength))), jsonLength };
}

/** The pages and tree id shifts of a run encoded by {@linkcode encodeRun}, read from its header alone. */
export function decodeRunShifts(bytes: Uint8Array): RunShifts {
  const { header } = readHeader(bytes);
  return {
    pageCharacters: header.pageCharacters,
    ...(header.treeShift ? { treeShift: header.treeShift } : {}),
  };
}

/** Decodes a run encoded by {@linkcode encodeRun} (a view of a larger buffer will do). */
export function decodeRun(bytes: Uint8Array): PageRun {
  const { header, jsonLength } = readHeader(bytes);
  // Typed arrays need aligned offsets: copy the rest when the view itself is not aligned.
  const body = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const numbersAt = body.byteOffset + align(4 + jsonLength);
  const lengthsAt = numbersAt + header.numbers * 8;
  const textAt = lengthsAt + header.spans * 4;
  const n = new Float64Array(body.buffer, numbersAt, header.numbers);
  const lengths = new Uint32Array(body.buffer, lengthsAt, header.spans);
  const text = unitsToString(new Uint16Array(body.buffer, textAt, header.characters), header.wellFormed);
  const { fonts, links, tags } = header;
  let at = 0, span = 0, offset = 0;
  const pages: PageText[] = [];
  for (let p = 0; p < header.pages; p++) {
    const page: PageText = { page: n[at]!, width: n[at + 1]!, height: n[at + 2]!, lines: [] };
    const lineCount = n[at + 3]!;
    const flags = n[at + 4]!;
    at += 5;
    if (flags & SPACES_READ) page.spacesRead = true;
    if (flags & VIEW) page.view = [...n.subarray(at, at += 6)];
    for (let l = 0; l < lineCount; l++) {
      const spanCount = n[at]!;
      const spans: Span[] = new Array(spanCount);
      const line: Line = {
        spans,
        x0: n[at + 1]!,
        x1: n[at + 2]!,
        y: n[at + 3]!,
        size: n[at + 4]!,
        page: n[at + 5]!,
      };
      at += 6;
      for (let s = 0; s < spanCount; s++) {
        const length = lengths[span++]!;
        const out: Span = {
          text: text.slice(offset, offset += length),
          x: n[at]!,
          y: n[at + 1]!,
          width: n[at + 2]!,
          size: n[at + 3]!,
          font: fonts[n[at + 4]!]!,
        };
        const flags = n[at + 5]!;
        at += 6;
        if (flags & LINK) out.link = links[n[at++]!]!;
        if (flags & TAG) out.tag = tags[n[at++]!]!;
        if (flags & SHADE) out.shade = n[at++]!;
        if (flags & BAR) out.bar = n[at++]!;
        if (flags & RULE_ABOVE) out.ruleAbove = n[at++]!;
        if (flags & SPACE_AFTER) out.spaceAfter = true;
        spans[s] = out;
      }
      page.lines.push(line);
    }
    pages.push(page);
  }
  const run: PageRun = {
    pages,
    pageCharacters: header.pageCharacters,
    warnings: header.warnings,
    ids: header.ids,
  };
  if (header.treeShift) run.treeShift = header.treeShift;
  return run;
}

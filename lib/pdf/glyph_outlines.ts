/**
 * The shape of a glyph in a TrueType font program, as a key two glyphs share
 * when they draw the same outline wherever they place it. A programming
 * font's ligatures and contextual alternates are often the plain character's
 * outline moved (a colon raised to meet `=`, the slashes of `//` drawn closer
 * together): such a glyph has no Unicode value of its own, and its outline
 * is the one evidence left of the character it stands for. pdf.js hands the
 * API side each font's program, rebuilt with a character map of its own
 * (`font.data`, its `toFontChar` map leading there from the PDF's codes);
 * this reads outlines from it, bounds-checked: the font comes from an
 * untrusted document.
 *
 * @module
 */

/** A TrueType program's tables read here, as views into its bytes. */
export interface TrueTypeGlyphs {
  /** The glyph drawn for a character code of the program's own character map, if any. */
  glyphOf(code: number): number | undefined;
  /** The outline key of glyph `id` ({@linkcode outlineKey}), or `undefined` when it has no outline or cannot be read. */
  outline(id: number): string | undefined;
}

/** Deepest nesting of composite glyphs followed. */
const MAX_DEPTH = 6;
/** Most points an outline may have; a larger glyph is not a character of a code font. */
const MAX_POINTS = 4000;

/** A point of an outline: position and whether it lies on the curve. */
type Point = [x: number, y: number, on: boolean];

/**
 * Reads a TrueType program's glyph and character map tables, or returns
 * `undefined` for any other program (CFF outlines) or a damaged one.
 *
 * @param data The font program.
 */
export function readTrueTypeGlyphs(data: Uint8Array): TrueTypeGlyphs | undefined {
  try {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const tables = tableDirectory(view);
    const glyf = tables.get("glyf"),
      loca = tables.get("loca"),
      head = tables.get("head"),
      cmap = tables.get("cmap");
    if (!glyf || !loca || !head || !cmap) return undefined;
    const longOffsets = view.getInt16(head.offset + 50) === 1;
    const glyphCount = (loca.length >> (longOffsets ? 2 : 1)) - 1;
    const glyphStart = (id: number) =>
      longOffsets ? view.getUint32(loca.offset + id * 4) : view.getUint16(loca.offset + id * 2) * 2;
    const contours = (id: number, depth: number): Point[][] | undefined => {
      if (id < 0 || id >= glyphCount || depth > MAX_DEPTH) return undefined;
      const start = glyphStart(id), end = glyphStart(id + 1);
      if (end <= start) return [];
      if (end > glyf.length) return undefined;
      const at = glyf.offset + start;
      const count = view.getInt16(at);
      return count >= 0
        ? simpleContours(view, at, count)
        : compositeContours(view, at, (c) => contours(c, depth + 1));
    };
    const map = characterMap(view, cmap.offset);
    return {
      glyphOf: (code) => map?.(code),
      outline(id) {
        try {
          const read = contours(id, 0);
          return read && read.length > 0 ? outlineKey(read) : undefined;
        } catch {
          return undefined;
        }
      },
    };
  } catch {
    return undefined;
  }
}

/** The offset and length of each table of the program. */
function tableDirectory(view: DataView): Map<string, { offset: number; length: number }> {
  const tables = new Map<string, { offset: number; length: number }>();
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const entry = 12 + i * 16;
    const tag = String.fromCharCode(...[0, 1, 2, 3].map((k) => view.getUint8(entry + k)));
    const offset = view.getUint32(entry + 8), length = view.getUint32(entry + 12);
    if (offset + length <= view.byteLength) tables.set(tag, { offset, length });
  }
  return tables;
}

/**
 * The lookup of the program's character map: its first segment-mapping
 * (format 4) subtable, the one pdf.js writes.
 */
function characterMap(view: DataView, cmap: number): ((code: number) => number | undefined) | undefined {
  const count = view.getUint16(cmap + 2);
  for (let i = 0; i < count; i++) {
    const sub = cmap + view.getUint32(cmap + 4 + i * 8 + 4);
    if (view.getUint16(sub) !== 4) continue;
    const segments = view.getUint16(sub + 6) / 2;
    const ends = sub + 14, starts = ends + segments * 2 + 2, deltas = starts + segments * 2;
    const ranges = deltas + segments * 2;
    return (code) => {
      for (let s = 0; s < segments; s++) {
        if (view.getUint16(ends + s * 2) < code) continue;
        const first = view.getUint16(starts + s * 2);
        if (first > code) return undefined;
        const delta = view.getInt16(deltas + s * 2), range = view.getUint16(ranges + s * 2);
        if (range === 0) return (code + delta) & 0xffff;
        const glyph = view.getUint16(ranges + s * 2 + range + (code - first) * 2);
        return glyph === 0 ? undefined : (glyph + delta) & 0xffff;
      }
      return undefined;
    };
  }
  return undefined;
}

/** The contours of a simple glyph of `count` contours at byte `at`. */
function simpleContours(view: DataView, at: number, count: number): Point[][] {
  let p = at + 10;
  const ends: number[] = [];
  for (let i = 0; i < count; i++, p += 2) ends.push(view.getUint16(p));
  const total = count === 0 ? 0 : ends[count - 1]! + 1;
  if (total > MAX_POINTS) throw new RangeError("Glyph has too many points");
  p += 2 + view.getUint16(p);
  const flags: number[] = [];
  while (flags.length < total) {
    const flag = view.getUint8(p++);
    flags.push(flag);
    if (flag & 8) { for (let r = view.getUint8(p++); r > 0; r--) flags.push(flag); }
  }
  const readAxis = (short: number, same: number) => {
    const values: number[] = [];
    let value = 0;
    for (let i = 0; i < total; i++) {
      const flag = flags[i]!;
      if (flag & short) value += (flag & same ? 1 : -1) * view.getUint8(p++);
      else if (!(flag & same)) value += view.getInt16(p), p += 2;
      values.push(value);
    }
    return values;
  };
  const xs = readAxis(2, 16), ys = readAxis(4, 32);
  const contours: Point[][] = [];
  let first = 0;
  for (const end of ends) {
    const contour: Point[] = [];
    for (let i = first; i <= end && i < total; i++) contour.push([xs[i]!, ys[i]!, (flags[i]! & 1) === 1]);
    contours.push(contour);
    first = end + 1;
  }
  return contours;
}

/**
 * The contours of a composite glyph at byte `at`: its components' contours,
 * each transformed and moved by its offset. A component placed by matching
 * points rather than by offset is not followed (the glyph reads as unknown).
 */
function compositeContours(
  view: DataView,
  at: number,
  component: (id: number) => Point[][] | undefined,
): Point[][] | undefined {
  const contours: Point[][] = [];
  let p = at + 10, more = true, points = 0;
  while (more) {
    const flags = view.getUint16(p), id = view.getUint16(p + 2);
    p += 4;
    if (!(flags & 2)) return undefined;
    const dx = flags & 1 ? view.getInt16(p) : view.getInt8(p),
      dy = flags & 1 ? view.getInt16(p + 2) : view.getInt8(p + 1);
    p += flags & 1 ? 4 : 2;
    let a = 1, b = 0, c = 0, d = 1;
    const f2dot14 = (k: number) => view.getInt16(p + k * 2) / 16384;
    if (flags & 8) (a = d = f2dot14(0)), p += 2;
    else if (flags & 0x40) (a = f2dot14(0)), (d = f2dot14(1)), p += 4;
    else if (flags & 0x80) (a = f2dot14(0)), (b = f2dot14(1)), (c = f2dot14(2)), (d = f2dot14(3)), p += 8;
    const parts = component(id);
    if (!parts) return undefined;
    for (const part of parts) {
      points += part.length;
      if (points > MAX_POINTS) return undefined;
      contours.push(
        part.map(([x, y, on]) => [Math.round(a * x + c * y + dx), Math.round(b * x + d * y + dy), on]),
      );
    }
    more = (flags & 0x20) !== 0;
  }
  return contours;
}

/**
 * A key of an outline that ignores where it is placed: its points measured
 * from the lowest left corner of its box, contour by contour.
 *
 * @example
 * ```ts
 * outlineKey([[[10, 0, true], [20, 50, true]]]) === outlineKey([[[38, 75, true], [48, 125, true]]]); // true
 * ```
 */
export function outlineKey(contours: readonly (readonly Point[])[]): string {
  let minX = Infinity, minY = Infinity;
  for (const contour of contours) {
    for (const [x, y] of contour) minX = Math.min(minX, x), minY = Math.min(minY, y);
  }
  return contours.map((contour) =>
    contour.map(([x, y, on]) => `${x - minX},${y - minY}${on ? "" : "~"}`).join(" ")
  )
    .join("|");
}

/**
 * Moves an MP4/M4A file's `moov` box in front of its media data, in memory.
 * ffmpeg reads its input from a pipe, which cannot seek, so a file whose index
 * sits at the end (what most encoders write) would decode to nothing. The
 * chunk offsets in `stco`/`co64` are shifted by the size of the moved box.
 *
 * @module
 */

interface Box {
  type: string;
  start: number;
  size: number;
  header: number;
}

/** Containers on the path from `moov` down to the chunk offset tables. */
const PATH_TO_OFFSETS = new Set(["moov", "trak", "mdia", "minf", "stbl"]);

/** Lists the boxes between `start` and `end`, or `undefined` when they do not tile the range. */
function readBoxes(view: DataView, start: number, end: number): Box[] | undefined {
  const boxes: Box[] = [];
  for (let at = start; at < end;) {
    if (at + 8 > end) return undefined;
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return undefined;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return undefined;
    const type = String.fromCharCode(
      view.getUint8(at + 4),
      view.getUint8(at + 5),
      view.getUint8(at + 6),
      view.getUint8(at + 7),
    );
    boxes.push({ type, start: at, size, header });
    at += size;
  }
  return boxes;
}

/**
 * Adds `shift` to every chunk offset inside `moov` (already copied into `view`
 * at `box.start`) that points into `[from, to)`. Returns false when an offset
 * would no longer fit or the tables are malformed.
 */
function shiftOffsets(view: DataView, box: Box, from: number, to: number, shift: number): boolean {
  const children = readBoxes(view, box.start + box.header, box.start + box.size);
  if (!children) return false;
  for (const child of children) {
    if (PATH_TO_OFFSETS.has(child.type)) {
      if (!shiftOffsets(view, child, from, to, shift)) return false;
      continue;
    }
    if (child.type !== "stco" && child.type !== "co64") continue;
    const wide = child.type === "co64";
    const table = child.start + child.header + 8;
    if (table > child.start + child.size) return false;
    const count = view.getUint32(table - 4);
    if (table + count * (wide ? 8 : 4) > child.start + child.size) return false;
    for (let i = 0; i < count; i++) {
      const at = table + i * (wide ? 8 : 4);
      const offset = wide ? Number(view.getBigUint64(at)) : view.getUint32(at);
      if (offset < from || offset >= to) continue;
      if (wide) view.setBigUint64(at, BigInt(offset + shift));
      else if (offset + shift > 0xffffffff) return false;
      else view.setUint32(at, offset + shift);
    }
  }
  return true;
}

/**
 * The file with `moov` before the first `mdat`, as the pieces to send in
 * order: the input itself when it already is (or is not a well-formed MP4,
 * which ffmpeg then reports), else views of the input around one patched copy
 * of `moov` (the index, small beside the media), so the media is not copied.
 *
 * @example Feeding an M4A with its index at the end to a pipe
 * ```ts
 * for (const piece of moovFirstPieces(m4aBytes)) await writer.write(piece);
 * ```
 */
export function moovFirstPieces(bytes: Uint8Array): Uint8Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes = readBoxes(view, 0, bytes.length);
  if (!boxes) return [bytes];
  const mdat = boxes.findIndex((box) => box.type === "mdat");
  const moov = boxes.findIndex((box) => box.type === "moov");
  if (mdat < 0 || moov < 0 || moov < mdat) return [bytes];
  const moovBox = boxes[moov]!;
  const mdatStart = boxes[mdat]!.start;
  const index = bytes.slice(moovBox.start, moovBox.start + moovBox.size);
  const moved: Box = { ...moovBox, start: 0 };
  if (!shiftOffsets(new DataView(index.buffer), moved, mdatStart, moovBox.start, moovBox.size)) {
    return [bytes];
  }
  return [
    bytes.subarray(0, mdatStart),
    index,
    bytes.subarray(mdatStart, moovBox.start),
    bytes.subarray(moovBox.start + moovBox.size),
  ];
}

/**
 * Returns the file with `moov` before the first `mdat` in one buffer, or the
 * input itself when it already is (see {@linkcode moovFirstPieces}).
 *
 * @example Making an M4A readable from a pipe
 * ```ts
 * const streamable = moovFirst(m4aBytes);
 * ```
 */
export function moovFirst(bytes: Uint8Array): Uint8Array {
  const pieces = moovFirstPieces(bytes);
  if (pieces.length === 1) return pieces[0]!;
  const out = new Uint8Array(bytes.length);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

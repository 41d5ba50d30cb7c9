/**
 * Reads a PNG as Chromium writes its screenshots (8-bit RGB or RGBA, not
 * interlaced) into its size and pixels, to tell a rendered page from a blank
 * one: the checks are on the decoded image, not on the file's bytes.
 */

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** A decoded image: `pixels` holds `channels` bytes per pixel, row after row. */
export interface DecodedPng {
  width: number;
  height: number;
  channels: number;
  pixels: Uint8Array;
}

/** Decodes `bytes`; throws when they are no PNG this reader knows. */
export async function decodePng(bytes: Uint8Array): Promise<DecodedPng> {
  if (!SIGNATURE.every((byte, i) => bytes[i] === byte)) throw new Error("not a PNG: wrong signature");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | undefined;
  const data: Uint8Array[] = [];
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = new TextDecoder().decode(bytes.subarray(offset + 4, offset + 8));
    const chunk = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      header = {
        width: view.getUint32(offset + 8),
        height: view.getUint32(offset + 12),
        depth: chunk[8]!,
        colour: chunk[9]!,
        interlace: chunk[12]!,
      };
    }
    if (type === "IDAT") data.push(chunk);
    if (type === "IEND") break;
    offset += 12 + length;
  }
  if (!header) throw new Error("not a PNG: no IHDR");
  const channels = header.colour === 6 ? 4 : header.colour === 2 ? 3 : 0;
  if (header.depth !== 8 || channels === 0 || header.interlace !== 0) {
    throw new Error(`unsupported PNG: depth ${header.depth}, colour type ${header.colour}`);
  }
  const inflated = await inflate(data);
  const pixels = unfilter(inflated, header.width, header.height, channels);
  return { width: header.width, height: header.height, channels, pixels };
}

/** The zlib stream of the IDAT chunks, inflated. */
async function inflate(chunks: Uint8Array[]): Promise<Uint8Array> {
  const stream = new Blob(chunks as BlobPart[]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Undoes PNG's per-row filters (none, sub, up, average, Paeth). */
function unfilter(data: Uint8Array, width: number, height: number, channels: number): Uint8Array {
  const stride = width * channels;
  if (data.length !== height * (stride + 1)) throw new Error("PNG data does not match its size");
  const out = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = data[y * (stride + 1)]!;
    const row = data.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const at = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? out[at + x - channels]! : 0;
      const up = y > 0 ? out[at - stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? out[at - stride + x - channels]! : 0;
      const predicted = filter === 1
        ? left
        : filter === 2
        ? up
        : filter === 3
        ? (left + up) >> 1
        : filter === 4
        ? paeth(left, up, upLeft)
        : 0;
      out[at + x] = (row[x]! + predicted) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** The share of pixels that are clearly dark (text, not the white page), and how many colours there are. */
export function inkOf(image: DecodedPng): { darkShare: number; colours: number } {
  const { pixels, channels } = image;
  const colours = new Set<number>();
  let dark = 0;
  const count = pixels.length / channels;
  for (let i = 0; i < pixels.length; i += channels) {
    const r = pixels[i]!, g = pixels[i + 1]!, b = pixels[i + 2]!;
    if (colours.size < 10_000) colours.add((r << 16) | (g << 8) | b);
    if (r + g + b < 3 * 128) dark++;
  }
  return { darkShare: dark / count, colours: colours.size };
}

/**
 * Generates hostile PDFs: small files that cost a naive reader far more than
 * their size (quadratic nesting, decompression bombs, huge maps, floods of
 * annotations, a page tree that loops). Tests build them at run time; run
 * this module to write them to a folder for trying against a live service:
 *
 *     deno run --allow-write tests/_support/hostile_pdf.ts /tmp/hostile
 *
 * @module
 */
import { type BinaryStream, buildPdf } from "./synthetic_pdf.ts";

const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/** A one-page document whose page draws `content` with Helvetica as `/F1`. */
function onePage(content: string | Uint8Array, extraPage = "", extraObjects: (string | BinaryStream)[] = []) {
  const data = typeof content === "string" ? new TextEncoder().encode(content) : content;
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
    FONT,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R ${extraPage} >>`,
    { dict: typeof content === "string" ? "<< >>" : "<< /Filter /FlateDecode >>", data },
    ...extraObjects,
  ]);
}

/**
 * Text nested inside `depth` saved graphics states (`q … Q`): about 4 bytes a
 * level, so 20,000 levels make an 80 KB file.
 */
export function nestedSavePdf(depth: number): Uint8Array {
  return onePage(`${"q\n".repeat(depth)}BT /F1 12 Tf 72 720 Td (Deep) Tj ET\n${"Q\n".repeat(depth)}`);
}

/** Deflates the chunks `parts` yields, without holding them all. */
async function deflate(parts: Iterable<Uint8Array<ArrayBuffer>>): Promise<Uint8Array> {
  const stream = new CompressionStream("deflate");
  const writer = stream.writable.getWriter();
  const writing = (async () => {
    for (const part of parts) await writer.write(part);
    await writer.close();
  })();
  const out = new Uint8Array(await new Response(stream.readable).arrayBuffer());
  await writing;
  return out;
}

/** `total` bytes of `byte`, as 1 MiB chunks. */
function* repeated(total: number, byte: number): Generator<Uint8Array<ArrayBuffer>> {
  const chunk = new Uint8Array(1 << 20).fill(byte);
  for (let left = total; left > 0; left -= chunk.length) {
    yield left >= chunk.length ? chunk : chunk.subarray(0, left);
  }
}

/**
 * A page whose content stream inflates to `inflated` bytes of spaces (2 GiB
 * make a 2 MB file). Text after the spaces makes a reader go through them.
 */
export async function flateBombPdf(inflated = 2 ** 31): Promise<Uint8Array> {
  return onePage(await deflate(repeated(inflated, 0x20)));
}

/**
 * A font whose `/ToUnicode` CMap maps `entries` single codes (`bfchar`),
 * deflated: 4 million entries inflate to about 90 MB.
 */
export async function toUnicodeBombPdf(entries = 4_000_000): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  function* cmap(): Generator<Uint8Array<ArrayBuffer>> {
    yield encoder.encode(
      "/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n" +
        "1 begincodespacerange <00000000> <FFFFFFFF> endcodespacerange\n",
    );
    for (let start = 0; start < entries; start += 100) {
      const count = Math.min(100, entries - start);
      let block = `${count} beginbfchar\n`;
      for (let i = start; i < start + count; i++) block += `<${i.toString(16).padStart(8, "0")}> <0041>\n`;
      yield encoder.encode(`${block}endbfchar\n`);
    }
    yield encoder.encode("endcmap CMapName currentdict /CMap defineresource pop end end\n");
  }
  const deflated = await deflate(cmap());
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
    "<< /Length 40 >>\nstream\nBT /F1 12 Tf 72 720 Td (Mapped) Tj ET\nendstream",
    { dict: "<< /Filter /FlateDecode >>", data: deflated },
  ]);
}

/** A page carrying `count` link annotations, each its own object. */
export function linkFloodPdf(count = 50_000): Uint8Array {
  const first = 6;
  const refs = Array.from({ length: count }, (_, i) => `${first + i} 0 R`).join(" ");
  const links = Array.from(
    { length: count },
    (_, i) =>
      `<< /Type /Annot /Subtype /Link /Rect [${i % 500} ${i % 700} ${(i % 500) + 10} ${
        (i % 700) + 10
      }] /A << /S /URI /URI (https://example.com/${i}) >> >>`,
  );
  return onePage("BT /F1 12 Tf 72 720 Td (Links) Tj ET", `/Annots [${refs}]`, links);
}

/**
 * `pages` pages sharing one deflated content stream of `operators` cheap
 * operators (`q Q` pairs): each page stays under any per-page cap while the
 * document as a whole costs minutes, which only a time budget stops.
 */
export async function operatorFloodPdf(pages = 200, operators = 1_900_000): Promise<Uint8Array> {
  const deflated = await deflate([new TextEncoder().encode("q Q\n".repeat(Math.floor(operators / 2)))]);
  const pageIds = Array.from({ length: pages }, (_, i) => 5 + i);
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages} >>`,
    FONT,
    { dict: "<< /Filter /FlateDecode >>", data: deflated },
    ...pageIds.map(() =>
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>"
    ),
  ]);
}

/** A document whose page tree contains itself: `/Pages` lists itself among its kids. */
export function loopingPageTreePdf(): Uint8Array {
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [2 0 R 4 0 R] /Count 2 >>",
    FONT,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
    "<< /Length 38 >>\nstream\nBT /F1 12 Tf 72 720 Td (Loop) Tj ET\nendstream",
  ]);
}

/**
 * One page whose content stream (deflated, some kilobytes) inflates to
 * `inflated` bytes of text to extract: a small upload whose conversion is
 * costly, so its price is over a small budget's share.
 */
export async function denseDeflatedPdf(inflated: number): Promise<Uint8Array> {
  const line = new TextEncoder().encode("(the quick brown fox jumps over the lazy dog) Tj T*\n");
  function* text(): Generator<Uint8Array<ArrayBuffer>> {
    yield new TextEncoder().encode("BT /F1 6 Tf 7 TL 36 770 Td\n");
    const block = new Uint8Array(line.length * 20_000);
    for (let i = 0; i < 20_000; i++) block.set(line, i * line.length);
    for (let left = inflated; left > 0; left -= block.length) {
      yield left >= block.length ? block : block.slice(0, left);
    }
    yield new TextEncoder().encode("\nET");
  }
  return onePage(await deflate(text()));
}

/**
 * {@linkcode denseDeflatedPdf}'s page with `copies - 1` more copies of its
 * deflated stream beside it: a file of some kilobytes a copy whose price
 * takes inflating all of them (about a third of a second a copy of 60 MB here).
 */
export async function slowToPricePdf(copies: number, inflated = 60 * 1024 * 1024): Promise<Uint8Array> {
  const one = await denseDeflatedPdf(inflated);
  const text = new TextDecoder("latin1").decode(one);
  const dict = text.indexOf("/FlateDecode");
  const length = Number(text.slice(dict).match(/\/Length (\d+)/)![1]);
  const start = text.indexOf("stream\n", dict) + "stream\n".length;
  const data = one.slice(start, start + length);
  const extra = Array.from({ length: copies - 1 }, () => ({ dict: "<< /Filter /FlateDecode >>", data }));
  return onePage(data, "", extra);
}

/** A page tree whose root declares `count` pages (a few billion) over one real page. */
export function hugeCountPdf(count = 4_000_000_000): Uint8Array {
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [4 0 R] /Count ${count} >>`,
    FONT,
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
    "<< /Length 38 >>\nstream\nBT /F1 12 Tf 72 720 Td (Huge) Tj ET\nendstream",
  ]);
}

/** One page at the bottom of a page tree `depth` nodes deep. */
export function deepPageTreePdf(depth = 5_000): Uint8Array {
  const nodes = Array.from({ length: depth }, (_, i) => {
    const kid = i + 1 < depth ? `${6 + i} 0 R` : "4 0 R";
    const parent = i === 0 ? "" : `/Parent ${i === 1 ? 2 : 5 + i - 1} 0 R`;
    return `<< /Type /Pages /Kids [${kid}] /Count 1 ${parent} >>`;
  });
  const leafParent = depth === 1 ? 2 : 5 + depth - 1;
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    nodes[0]!,
    FONT,
    `<< /Type /Page /Parent ${leafParent} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>`,
    "<< /Length 38 >>\nstream\nBT /F1 12 Tf 72 720 Td (Deep) Tj ET\nendstream",
    ...nodes.slice(1),
  ]);
}

/** A one-page document whose cross-reference table names itself as the one before it (`/Prev`): a loop. */
export function xrefLoopPdf(): Uint8Array {
  const pdf = new TextDecoder("latin1").decode(loopingPageTreePdf());
  const at = Number(pdf.match(/startxref\n(\d+)/)![1]);
  return Uint8Array.from(pdf.replace("trailer\n<< ", `trailer\n<< /Prev ${at} `), (c) => c.charCodeAt(0));
}

/**
 * An image whose declared `/Length` runs over an object a lying
 * cross-reference table points to: a content stream of `inflated` bytes
 * hidden inside what would otherwise be an image's bytes, never decoded.
 */
export async function objectInImagePdf(inflated = 40 * 2 ** 20): Promise<Uint8Array> {
  const hidden = await denseDeflatedPdf(inflated);
  let text = "";
  for (let at = 0; at < hidden.length; at += 8192) {
    text += String.fromCharCode(...hidden.subarray(at, at + 8192));
  }
  const content = text.slice(text.indexOf("5 0 obj"), text.indexOf("endobj", text.indexOf("5 0 obj")) + 6);
  const image = `6 0 obj\n<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray ` +
    `/BitsPerComponent 8 /Length ${content.length + 2} >>\nstream\n\n${content}\n\nendstream\nendobj\n`;
  // The page's contents are the object inside the image: its offset is where the table points.
  const head = text.slice(0, text.indexOf("5 0 obj"));
  const body = head + image;
  const contentAt = head.length + image.indexOf("5 0 obj");
  const offsets = [...head.matchAll(/(\d+) 0 obj/g)].map((m) => m.index!);
  const lines = [...offsets.slice(0, 4), contentAt, head.length].map((o) =>
    `${String(o).padStart(10, "0")} 00000 n \n`
  );
  const xref = `xref\n0 7\n0000000000 65535 f \n${lines.join("")}trailer\n<< /Size 7 /Root 1 0 R >>\n` +
    `startxref\n${body.length}\n%%EOF\n`;
  return Uint8Array.from(body + xref, (c) => c.charCodeAt(0));
}

/** Every hostile file by name, as the command line writes them. */
export async function hostileFiles(): Promise<Record<string, Uint8Array>> {
  return {
    "nested_q_80k.pdf": nestedSavePdf(20_000),
    "nested_q_160k.pdf": nestedSavePdf(40_000),
    "nested_q_800k.pdf": nestedSavePdf(200_000),
    "flate_bomb_2g.pdf": await flateBombPdf(),
    "tounicode_bomb.pdf": await toUnicodeBombPdf(),
    "link_flood_50k.pdf": linkFloodPdf(),
    "looping_page_tree.pdf": loopingPageTreePdf(),
    "operator_flood.pdf": await operatorFloodPdf(),
  };
}

if (import.meta.main) {
  const dir = Deno.args[0] ?? "hostile";
  await Deno.mkdir(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(await hostileFiles())) {
    await Deno.writeFile(`${dir}/${name}`, bytes);
    console.log(`${name}\t${bytes.length} bytes`);
  }
}

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

/**
 * Image-heavy PDFs made at test or bench time, as slide decks and scanned
 * reports are: every page one large JPEG (noise made by ffmpeg, which does
 * not compress) under a line of text. Too large to commit; a converter
 * should pay for its text, not for its images.
 *
 * @module
 */
import { type BinaryStream, buildPdf } from "./synthetic_pdf.ts";

/** A baseline JPEG of `width` × `height` pixels of coloured noise, made by ffmpeg. */
export async function noiseJpeg(width: number, height: number): Promise<Uint8Array> {
  const { code, stdout, stderr } = await new Deno.Command("ffmpeg", {
    args: [
      ...["-hide_banner", "-nostdin", "-f", "lavfi", "-i", `nullsrc=s=${width}x${height}`],
      ...["-vf", "geq=random(1)*255:random(2)*255:random(3)*255", "-frames:v", "1", "-q:v", "2"],
      ...["-pix_fmt", "yuvj420p", "-f", "mjpeg", "pipe:1"],
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) throw new Error(`ffmpeg could not make the image:\n${new TextDecoder().decode(stderr)}`);
  return stdout;
}

/** The line of text on page `index` (1-based) of {@linkcode imageHeavyPdf}. */
export function slideCaption(index: number): string {
  return `Slide ${index} caption`;
}

/**
 * A PDF of `pages` pages, each showing `jpeg` (its own image object, as a
 * deck has one per slide) and a caption ({@linkcode slideCaption}).
 */
export function imageHeavyPdf(pages: number, jpeg: Uint8Array, size = { width: 2400, height: 1800 }) {
  const objects: (string | BinaryStream)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${
      Array.from({ length: pages }, (_, i) => `${4 + i * 3} 0 R`).join(" ")
    }] /Count ${pages} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  for (let page = 1; page <= pages; page++) {
    const self = 4 + (page - 1) * 3;
    const text = `q 720 0 0 540 36 220 cm /Im1 Do Q BT /F1 24 Tf 36 780 Td (${slideCaption(page)}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 792 842] /Resources << /Font << /F1 3 0 R >> ` +
        `/XObject << /Im1 ${self + 2} 0 R >> >> /Contents ${self + 1} 0 R >>`,
      `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
      {
        dict: `<< /Type /XObject /Subtype /Image /Width ${size.width} /Height ${size.height} ` +
          "/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode >>",
        data: jpeg,
      },
    );
  }
  return buildPdf(objects);
}

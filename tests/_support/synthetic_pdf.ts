/**
 * Small PDFs written byte by byte for cases no renderer produces on purpose:
 * blank pages, scripts, corrupt structure. Offsets in the cross-reference
 * table are computed, so the files are well-formed unless a test breaks them.
 *
 * @module
 */

/** An object whose stream is binary: its dictionary (without `/Length`) and its bytes. */
export interface BinaryStream {
  dict: string;
  data: Uint8Array;
}

/**
 * Builds a PDF from numbered object bodies (object 1 must be the catalog).
 * A body is text, or a {@linkcode BinaryStream} whose `/Length` is filled in.
 */
export function buildPdf(objects: readonly (string | BinaryStream)[]): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [encoder.encode("%PDF-1.7\n")];
  let length = parts[0]!.length;
  const push = (part: string | Uint8Array) => {
    const bytes = typeof part === "string" ? encoder.encode(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    if (typeof body === "string") {
      push(`${i + 1} 0 obj\n${body}\nendobj\n`);
    } else {
      const dict = body.dict.replace(/>>\s*$/, ` /Length ${body.data.length} >>`);
      push(`${i + 1} 0 obj\n${dict}\nstream\n`);
      push(body.data);
      push("\nendstream\nendobj\n");
    }
  });
  const xref = length;
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, "0")} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  push(tail);
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** One US-letter page whose content stream is `content`, its font `/F1` Helvetica. */
export function onePagePdf(content: string): Uint8Array {
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]);
}

/** A page showing `lines` of Helvetica text, one per line from the top. */
export function textPdf(pages: readonly string[][], extraCatalog = ""): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects.push(`<< /Type /Catalog /Pages 2 0 R ${extraCatalog} >>`);
  objects.push(
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`,
  );
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  pages.forEach((lines, i) => {
    const text = lines.map((line, k) =>
      `BT /F1 12 Tf 72 ${720 - k * 16} Td (${line.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj ET`
    ).join("\n");
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${
        5 + i * 2
      } 0 R >>`,
    );
    objects.push(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
  });
  return buildPdf(objects);
}

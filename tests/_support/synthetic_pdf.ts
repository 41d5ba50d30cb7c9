/**
 * Small PDFs written byte by byte for cases no renderer produces on purpose:
 * blank pages, scripts, corrupt structure. Offsets in the cross-reference
 * table are computed, so the files are well-formed unless a test breaks them.
 *
 * @module
 */

/** Builds a PDF from numbered object bodies (object 1 must be the catalog). */
export function buildPdf(objects: readonly string[]): Uint8Array {
  let out = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
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

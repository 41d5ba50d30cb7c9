/**
 * `POST /v1/pdf/to-markdown` — converts a PDF to Markdown with its structure:
 * headings, paragraphs, lists, code blocks, tables and links, in reading order,
 * without page furniture.
 *
 * @module
 */
import { traced } from "../../../lib/shared/telemetry.ts";
import { z } from "zod";
import { base64BodyCap, defineOperation } from "../../../lib/operation/mod.ts";
import { checkPageRange, DEFAULT_PDF_LIMITS, PAGE_RANGE_PATTERN } from "../../../lib/pdf/mod.ts";

const MB = 1024 * 1024;

const outputSchema = z.object({
  markdown: z.string().describe("The document as Markdown (CommonMark with GFM tables)"),
  pages: z.number().int().describe("Pages in the document"),
  title: z.string().optional().describe("Document title from its metadata"),
  author: z.string().optional().describe("Document author from its metadata"),
  outline: z.array(z.object({
    title: z.string(),
    level: z.number().int().describe("Nesting level, 1 at the top"),
    page: z.number().int().optional().describe("Page the entry points to"),
  })).optional().describe("The document's bookmarks, flattened in order"),
  pageCharacters: z.array(z.object({
    page: z.number().int(),
    characters: z.number().int().describe("Characters of text found on the page"),
  })).describe("Text found per converted page; 0 means no text layer"),
  warnings: z.array(z.string()).describe(
    "Pages or parts of the outline that could not be fully read, and why",
  ),
});

export default defineOperation({
  id: "pdf_to_markdown",
  title: "Convert a PDF to Markdown",
  summary: "Convert a PDF to structured Markdown: headings, lists, code, tables, links, reading order",
  description:
    "Extracts a PDF's text layer and rebuilds its structure as Markdown: headings H1–H6 from font size and " +
    "weight (and from the outline and tags when the PDF has them), paragraphs joined across lines and " +
    "de-hyphenated, bullet and numbered lists with nesting, monospace blocks as fenced code, aligned tables " +
    "as Markdown tables, link annotations as `[text](url)`, two-column pages in reading order, running " +
    "headers, footers and page numbers dropped. Returns metadata, outline and per-page character counts. " +
    `Scanned pages (no text layer) and outlines that cannot be read whole are reported in warnings; OCR is not done. Up to ${
      DEFAULT_PDF_LIMITS.maxBytes / MB
    } MB and ${DEFAULT_PDF_LIMITS.maxPages} pages per request, admitted by what the conversion reads (pages, ` +
    "text and fonts; images are never decoded) within the memory budget: `/healthz` lists the limits in force, " +
    "and a 413 or 422 names the one a PDF is over; password-protected PDFs are refused.",
  method: "POST",
  price: "$0.0025",
  alt: false,
  guide: "pdf-to-markdown",
  input: z.object({
    pdf: z.string().describe(
      "The PDF file, base64 (over HTTP the body may also be the raw application/pdf bytes or a multipart `file`)",
    ),
    pages: z.string().regex(PAGE_RANGE_PATTERN, 'Expected page numbers and ranges like "1-3,5"').optional()
      .describe('Pages to convert, 1-based, e.g. "1-3,5" or "10-" (default: all)'),
    includePageBreaks: z.boolean().optional().describe(
      "Mark the start of each page with <!-- page N --> (default false)",
    ),
  }),
  output: outputSchema,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  binary: { field: "pdf" as const, mediaTypes: ["application/pdf"] },
  maxBodyBytes: (services) => base64BodyCap(services.pdf.limits.maxBytes),
  example: { pdf: "<base64 of a PDF file>", pages: "1-3", includePageBreaks: false },
  async precheck(input, services, { signal } = {}) {
    // Priced on a thread of its own, which hands the bytes back.
    input.pdf = (await services.pdf.admit(input.pdf, input.pages, signal)).bytes;
    checkPageRange(input.pages);
  },
  async handler(input, ctx) {
    const service = ctx.services.pdf;
    const { pdf, pages, includePageBreaks } = input;
    return await traced("pdf.convert", { "pdf.input_bytes": pdf.byteLength }, () =>
      service.gate.run(
        () => service.convert(pdf, { pages, includePageBreaks, signal: ctx.signal }),
        ctx.signal,
      ));
  },
});

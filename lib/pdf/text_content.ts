/**
 * A page's text content read from pdf.js' stream, as `getTextContent` reads
 * it but item by item: pdf.js appends each streamed chunk's items with one
 * spread call (`push(...items)`), and a chunk of more items than a call takes
 * arguments (150,000 glyphs drawn at one spot, each its own item) threw
 * `RangeError: Maximum call stack size exceeded` instead of reading the page.
 * XFA forms, which `getTextContent` reads apart, are never enabled here
 * (`load.ts`).
 *
 * @module
 */
import type { PDFPageProxy } from "./load.ts";

/** What `getTextContent` gives. */
export type PageTextContent = Awaited<ReturnType<PDFPageProxy["getTextContent"]>>;

/** `page`'s text content, marked content included when `includeMarkedContent`. */
export async function readTextContent(
  page: PDFPageProxy,
  { includeMarkedContent }: { includeMarkedContent: boolean },
): Promise<PageTextContent> {
  const reader = page.streamTextContent({ includeMarkedContent }).getReader();
  const content: PageTextContent = { items: [], styles: Object.create(null), lang: null };
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    content.lang ??= value.lang;
    Object.assign(content.styles, value.styles);
    for (const item of value.items) content.items.push(item);
  }
  return content;
}

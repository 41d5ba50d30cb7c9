/**
 * The layout corpus: the foreign corpus' documents (package READMEs by other
 * authors) rendered by producers neither earlier corpus uses, in layouts
 * those corpora do not have: headings set at body size that only the outline
 * names, fully ruled tables in small type, two columns, quotes set in with no
 * mark, and PDF writers of their own (WeasyPrint, groff's gropdf, ReportLab
 * through rst2pdf, AbiWord). `bench/pdf/make_layout_corpus.ts` builds it; the
 * bench and the tests read the committed files.
 *
 * The documents keep the foreign corpus' split into a tuning part and a
 * held-out part that the converter is never tuned on.
 *
 * @module
 */
import { FOREIGN, type ForeignDocument, foreignSourceUrl } from "./pdf_foreign_corpus.ts";

/** A producer of the layout corpus (see `bench/pdf/_layout_producers.ts`). */
export type LayoutProducer = "weasyprint" | "weasyprint-columns" | "gropdf" | "rst2pdf" | "abiword";

/** Every producer, in the order PDFs are made. */
export const LAYOUT_PRODUCERS: readonly LayoutProducer[] = [
  "weasyprint",
  "weasyprint-columns",
  "gropdf",
  "rst2pdf",
  "abiword",
];

/** The documents: the foreign corpus', with its held-out part. */
export const LAYOUT_DOCUMENTS: readonly ForeignDocument[] = FOREIGN;

/** Directory of the layout corpus' PDFs. */
export const LAYOUT_DIR = new URL("../../bench/pdf/layout/", import.meta.url);

/** The Markdown source of a document. */
export const layoutSourceUrl = foreignSourceUrl;

/** A document's PDF from one producer. */
export function layoutPdfUrl(name: string, producer: LayoutProducer): URL {
  return new URL(`${name}.${producer}.pdf`, LAYOUT_DIR);
}

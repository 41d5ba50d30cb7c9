/**
 * The layout corpus: package READMEs by other authors rendered by producers
 * neither earlier corpus uses, in layouts those corpora do not have: headings
 * set at body size that only the outline names, fully ruled tables in small
 * type, two columns, quotes set in with no mark, and PDF writers of their own
 * (WeasyPrint, groff's gropdf, ReportLab through rst2pdf, AbiWord).
 * `bench/pdf/make_layout_corpus.ts` builds it; the bench and the tests read
 * the rendered files.
 *
 * Its documents come in two sets. The foreign corpus' 26 READMEs keep that
 * corpus' split into a tuning part and a held-out part that the converter is
 * never tuned on. The layout corpus' own READMEs (`bench/pdf/layout-tuning/`,
 * packed by `make_layout_tuning.ts`, chosen for their tables, quotes, nested
 * lists and bold pseudo-headings) are all tuning documents: they widen what
 * the tuning part shows without touching the held-out part.
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

/** Where a layout document comes from: the foreign corpus or the layout corpus' own tuning set. */
export type LayoutSet = "foreign" | "added";

/** One document of the layout corpus. */
export interface LayoutDocument extends ForeignDocument {
  /** The set it belongs to. */
  set: LayoutSet;
}

/** The layout corpus' own tuning READMEs: npm packages no other corpus uses, alphabetically. */
const ADDED_PACKAGES: ReadonlyArray<[string, string, string]> = [
  ["axios", "1.21.1", "MIT"],
  ["dayjs", "1.11.23", "MIT"],
  ["fastify", "5.12.8", "MIT"],
  ["ky", "1.14.3", "MIT"],
  ["pino", "10.4.0", "MIT"],
  ["prettier", "3.10.1", "MIT"],
  ["undici", "8.13.1", "MIT"],
  ["ws", "8.23.0", "MIT"],
  ["yargs", "18.2.0", "MIT"],
  ["zod", "4.6.7", "MIT"],
];

/** The layout corpus' own tuning documents (never held out). */
export const LAYOUT_ADDED: readonly LayoutDocument[] = ADDED_PACKAGES.map(([name, version, license]) => ({
  name,
  version,
  license,
  heldOut: false,
  set: "added",
}));

/** The documents: the foreign corpus' (with its held-out part), then the added tuning ones. */
export const LAYOUT_DOCUMENTS: readonly LayoutDocument[] = [
  ...FOREIGN.map((d): LayoutDocument => ({ ...d, set: "foreign" })),
  ...LAYOUT_ADDED,
];

/** Directory of the layout corpus' PDFs (made by the script, not committed). */
export const LAYOUT_DIR = new URL("../../bench/pdf/layout/", import.meta.url);

/** Directory of the added tuning documents' sources and licences (committed). */
export const LAYOUT_ADDED_DIR = new URL("../../bench/pdf/layout-tuning/", import.meta.url);

/** The Markdown source of a document. */
export function layoutSourceUrl(name: string): URL {
  return LAYOUT_ADDED.some((d) => d.name === name)
    ? new URL(`src/${name}.md`, LAYOUT_ADDED_DIR)
    : foreignSourceUrl(name);
}

/** A document's PDF from one producer. */
export function layoutPdfUrl(name: string, producer: LayoutProducer): URL {
  return new URL(`${name}.${producer}.pdf`, LAYOUT_DIR);
}

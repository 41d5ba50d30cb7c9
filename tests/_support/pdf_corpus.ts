/**
 * The round-trip corpus: Markdown documents written for it, each rendered to
 * PDF by a real engine (Chromium, which writes tagged PDFs, or LibreOffice,
 * which writes untagged ones), kept under `bench/pdf/corpus/`.
 * `bench/pdf/make_corpus.ts` renders them; the bench and the tests read the
 * committed PDFs.
 *
 * @module
 */

/** A rendering engine. */
export type Engine = "chromium" | "libreoffice";

/** One corpus document. */
export interface CorpusDocument {
  /** File stem of the Markdown source under `src/`. */
  name: string;
  /** Engines that render it; one PDF each, named `<name>.<engine>.pdf`. */
  engines: Engine[];
  /** Chromium: set the body in two columns. */
  twoColumn?: boolean;
  /** Chromium: put soft hyphens in long words so lines break inside them. */
  hyphenate?: boolean;
  /** Chromium: print the running header and footer (date, title, address, page numbers). */
  headerFooter?: boolean;
}

/** The documents. */
export const CORPUS: readonly CorpusDocument[] = [
  { name: "01_getting_started", engines: ["chromium", "libreoffice"] },
  { name: "02_api_reference", engines: ["chromium", "libreoffice"] },
  { name: "03_nested_lists", engines: ["chromium", "libreoffice"] },
  { name: "04_long_prose", engines: ["chromium", "libreoffice"], hyphenate: true },
  { name: "05_two_column", engines: ["chromium"], twoColumn: true, hyphenate: true },
  { name: "06_config_guide", engines: ["chromium", "libreoffice"] },
  { name: "07_faq", engines: ["chromium", "libreoffice"] },
  { name: "08_release_notes", engines: ["chromium", "libreoffice"] },
  { name: "09_tutorial", engines: ["chromium"] },
  { name: "10_glossary", engines: ["chromium", "libreoffice"] },
  { name: "11_heading_levels", engines: ["chromium", "libreoffice"] },
  { name: "12_quarterly_report", engines: ["chromium"], headerFooter: true, hyphenate: true },
  { name: "13_troubleshooting", engines: ["chromium", "libreoffice"] },
  { name: "14_data_formats", engines: ["chromium"] },
  { name: "15_architecture", engines: ["chromium", "libreoffice"] },
  { name: "16_cli_reference", engines: ["chromium"] },
  { name: "17_checklist", engines: ["chromium", "libreoffice"] },
  { name: "18_two_column_paper", engines: ["chromium"], twoColumn: true },
  { name: "19_security_notes", engines: ["chromium", "libreoffice"] },
  { name: "20_changelog", engines: ["chromium"], headerFooter: true },
];

/** Directory of the corpus files. */
export const CORPUS_DIR = new URL("../../bench/pdf/corpus/", import.meta.url);

/** The Markdown source of a document. */
export function sourceUrl(name: string): URL {
  return new URL(`src/${name}.md`, CORPUS_DIR);
}

/** The rendered PDF of a document. */
export function pdfUrl(name: string, engine: Engine): URL {
  return new URL(`pdf/${name}.${engine}.pdf`, CORPUS_DIR);
}

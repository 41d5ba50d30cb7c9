/**
 * The foreign corpus: Markdown documents written by other people (package
 * READMEs from the npm registry, under their own licences, listed in
 * `foreign/LICENSES.md`), each rendered by producers other than those of the
 * first corpus: pandoc → pdflatex (a TeX engine) twice, in pandoc's paragraph
 * style (spaced, unindented) and in LaTeX's default one (first lines
 * indented, no space between, 11 pt), wkhtmltopdf (an HTML engine that draws
 * list bullets as vector shapes), and pandoc → ms → groff (troff, written to
 * PDF by Ghostscript). `make_foreign.ts` builds it; the bench and the tests
 * read the committed files.
 *
 * The documents are split once, by name, into a tuning part and a held-out
 * part that the converter is never tuned on.
 *
 * @module
 */

/** A producer of the foreign corpus. */
export type ForeignEngine = "pdflatex" | "pdflatex-indent" | "wkhtmltopdf" | "groff";

/** Every producer, in the order PDFs are made. */
export const FOREIGN_ENGINES: readonly ForeignEngine[] = [
  "pdflatex",
  "pdflatex-indent",
  "wkhtmltopdf",
  "groff",
];

/** One document: an npm package whose README it is. */
export interface ForeignDocument {
  /** Package name; also the file stem. */
  name: string;
  /** Version packed. */
  version: string;
  /** SPDX licence of the package. */
  license: string;
  /** Held out from tuning. */
  heldOut: boolean;
}

/** Packages, alphabetically; every third is held out. */
const PACKAGES: ReadonlyArray<[string, string, string]> = [
  ["ajv", "8.20.0", "MIT"],
  ["body-parser", "2.4.0", "MIT"],
  ["cac", "7.1.0", "MIT"],
  ["chalk", "5.6.2", "MIT"],
  ["chokidar", "5.0.0", "MIT"],
  ["commander", "14.0.3", "MIT"],
  ["cors", "2.8.6", "MIT"],
  ["cross-env", "10.1.0", "MIT"],
  ["debug", "4.4.3", "MIT"],
  ["dotenv", "18.0.10", "BSD-2-Clause"],
  ["execa", "9.6.1", "MIT"],
  ["express", "5.3.0", "MIT"],
  ["fast-glob", "3.3.3", "MIT"],
  ["glob", "14.0.6", "BlueOak-1.0.0"],
  ["helmet", "8.3.0", "MIT"],
  ["kleur", "4.1.5", "MIT"],
  ["meow", "14.1.0", "MIT"],
  ["micromatch", "4.0.8", "MIT"],
  ["minimist", "1.2.8", "MIT"],
  ["mkdirp", "3.0.1", "MIT"],
  ["morgan", "1.12.1", "MIT"],
  ["node-fetch", "3.3.2", "MIT"],
  ["ora", "9.4.1", "MIT"],
  ["picomatch", "4.0.7", "MIT"],
  ["semver", "7.8.6", "ISC"],
  ["uuid", "14.0.3", "MIT"],
];

/** The documents. */
export const FOREIGN: readonly ForeignDocument[] = PACKAGES.map(([name, version, license], i) => ({
  name,
  version,
  license,
  heldOut: i % 3 === 2,
}));

/** Directory of the foreign corpus files. */
export const FOREIGN_DIR = new URL("../../bench/pdf/foreign/", import.meta.url);

/** The Markdown source of a document. */
export function foreignSourceUrl(name: string): URL {
  return new URL(`src/${name}.md`, FOREIGN_DIR);
}

/** The rendered PDF of a document. */
export function foreignPdfUrl(name: string, engine: ForeignEngine): URL {
  return new URL(`pdf/${name}.${engine}.pdf`, FOREIGN_DIR);
}

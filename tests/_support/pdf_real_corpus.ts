/**
 * The real-world corpus: PDFs that other people built and committed to their
 * public repositories beside the source they built them from, each carrying
 * its own outline (bookmarks), four also their structure tree (tagged PDF), two of those (the MIT thesis
 * template, the amsmath user's guide) from LaTeX's 2024+ tagging kernel in the tuning part. They test what the converter makes of the
 * document's own structure where nobody here chose the producer, the
 * template or the wording. Four more are repositories' READMEs printed here
 * by a browser (Chromium, tagged), the commonest producer of a printed README
 * and one none of them used, three with GitHub-like page styling: their
 * source and wording are still their authors'. Four more are a README set here by
 * LaTeX's tagging code (TeX Live 2022's older kernel, LuaTeX and pdfTeX, one column and two), and four are
 * journal and conference papers printed here from their own source and class through that code. `bench/pdf/make_real_corpus.ts` copies each PDF
 * out of a snapshot of its repository at the recorded commit and turns its
 * source into the reference Markdown with pandoc; the bench and the tests read
 * the committed files.
 *
 * The split into a tuning part and a held-out part was fixed by a hash of the
 * name before anything was scored: a document is held out when the FNV-1a
 * hash of its name is divisible by three.
 *
 * @module
 */

/** One document: a PDF and its source, as committed in one public repository. */
export interface RealDocument {
  /** File stem in the corpus. */
  name: string;
  /** GitHub `owner/name`. */
  repo: string;
  /** Commit the PDF and its source are taken from (the last one that changed the PDF). */
  commit: string;
  /** Path of the PDF in the repository (of the source, for a document printed here). */
  pdf: string;
  /**
   * The public repository and commit the PDF is copied from, where its authors published it apart from
   * its source (a paper's print on their project's site, its source in their examples); else `repo`.
   */
  pdfFrom?: { repo: string; commit: string };
  /**
   * Printed here from the source rather than copied: the README through
   * pandoc's HTML to Chromium's print to PDF, page head and foot included,
   * or through pandoc's LaTeX to LaTeX's tagging code set by LuaTeX or
   * pdfTeX (see `make_real_corpus.ts`).
   */
  printed?: "chromium" | "lualatex" | "pdflatex";
  /**
   * The page styling a printed document is given: pandoc's own (absent), or
   * `github`, rules like those a README is shown with on GitHub (boxed
   * listings that wrap long rows, ruled tables, quotes with a bar).
   */
  style?: "github";
  /** For a document printed by LaTeX: set in two columns (the class's `twocolumn` option). */
  twoColumn?: boolean;
  /**
   * For a LaTeX paper printed here: set by its own class as its authors set it (not through pandoc),
   * with its folder's files and these further repository files (its class, a BibTeX style) beside it
   * (`bench/pdf/_own_class_print.ts`).
   */
  ownClass?: { extra?: readonly string[] };
  /** Path of the source the PDF was built from. */
  source: string;
  /**
   * The other files the source reads (`\include`, `\input`), paths in the
   * repository under the source's folder.
   */
  inputs?: readonly string[];
  /**
   * For a LaTeX source: a character its class makes a short `\verb` (`|` in the AMS documentation class),
   * written as `\verb` for pandoc, which does not know the class.
   */
  shortVerb?: string;
  /**
   * For a LaTeX source: definitions pandoc can read of the text commands its class defines in code pandoc
   * cannot read (a command name printed in typewriter type, say), so the reference keeps the words they print.
   */
  classCommands?: string;
  /** For a LaTeX source: environments whose first argument its class prints as typed, backslashes and all. */
  literalArguments?: readonly string[];
  /**
   * For a LaTeX source whose class prints the bibliography's URLs without their scheme (TUGboat's
   * `\tbsurl`: `pdfa.org/…` for `https://pdfa.org/…`): the reference writes them so (`_latex_bibtex.ts`).
   */
  bibliographyUrlsWithoutScheme?: boolean;
  /** pandoc's name for the source's format. */
  format: "markdown" | "gfm" | "latex" | "rst";
  /** SPDX licence of the repository. */
  license: string;
  /** Path of the repository's licence text, copied beside the corpus. */
  licenseFile?: string;
  /** What made the PDF, as its `Producer`/`Creator` say. */
  producer: string;
  /** What the rendering does not print of its reference, or what it sets differently from its producer's defaults. */
  note?: string;
  /** Held out from tuning. */
  heldOut: boolean;
}

/** 32-bit FNV-1a of a name: the split's only input. */
export function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(name)) {
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  }
  return hash;
}

/** The AMS documentation class' text commands, as it prints them (`amsldoc.cls`). */
const AMSLDOC_COMMANDS = [
  "\\newcommand{\\cn}[1]{\\texttt{\\textbackslash #1}}",
  "\\newcommand{\\cs}[1]{\\texttt{\\textbackslash #1}}",
  "\\newcommand{\\bslchar}{\\textbackslash{}}",
  ...[["qcbang", "!"], ["qcat", "@"], ["qcamp", "\\&"]].map(([name, char]) =>
    `\\newcommand{\\${name}}{${char}}`
  ),
  "\\newcommand{\\ncn}[1]{\\texttt{#1}}",
  "\\newcommand{\\mail}[1]{\\texttt{#1}}",
  // A section's reference, printed with its sign (`§6`).
  "\\newcommand{\\secref}[1]{\\S\\ref{#1}}",
  // An error message's example and its explanation, each after its label.
  "\\newcommand{\\errexa}{\\par Example:\\par}",
  "\\newcommand{\\errexpl}{\\par Explanation: }",
  ...["env", "opt", "fn"].map((name) => `\\newcommand{\\${name}}[1]{\\texttt{#1}}`),
  ...["pkg", "cls"].map((name) => `\\newcommand{\\${name}}[1]{\\textsf{#1}}`),
  "\\newcommand{\\qq}[1]{“#1”}",
  "\\newcommand{\\mdash}{—}",
  "\\newcommand{\\ndash}{–}",
  "\\def\\latex/{LaTeX}",
  "\\def\\tex/{TeX}",
  "\\def\\amstex/{AMS-TeX}",
  "\\def\\amslatex/{AMS-LaTeX}",
  "\\def\\xypic/{XY-pic}",
].join("\n");

/** The TUGboat class' acronyms, names and title references, as it prints them (`ltugboat.cls`): the acronyms' letters in small capitals. */
const TUGBOAT_COMMANDS = [
  "\\newcommand{\\acro}[1]{#1}",
  "\\newcommand{\\titleref}[1]{\\emph{#1}}",
  "\\newcommand{\\tbsurl}[1]{\\href{#1}{#1}}",
  "\\def\\MathML{MathML}",
  "\\def\\XeTeX{XeTeX}",
  ...["API", "ASCII", "DVI", "HTML", "ISO", "XML"].map((name) => `\\def\\${name}{${name}}`),
].join("\n");

/** The IEEEtran class' text commands, as it prints them (`IEEEtran.cls`): a first word's drop capital and the rest of it, a membership note, a raised heading. */
const IEEETRAN_COMMANDS = [
  "\\newcommand{\\IEEEPARstart}[2]{#1#2}",
  "\\newcommand{\\IEEEmembership}[1]{#1}",
  // A Computer Society journal's heading raised into the column's head: the heading.
  "\\newcommand{\\IEEEraisesectionheading}[1]{#1}",
].join("\n");

const FD_COMMIT = "ee20f426ddf338ac7ead5c5f00ea49258005caaf";
const BAT_COMMIT = "2ba8db9c14e5794572f5ea338c2b90404c9769cb";
const HYPERFINE_COMMIT = "327d5f4d9107141929f67f062bf9ef59f98b7399";

const EISVOGEL = "Wandmalfarbe/pandoc-latex-template";
const EISVOGEL_COMMIT = "0495ae157b8c2cb1953d998b7f3ffd36b4b3af89";
const EISVOGEL_PRODUCER = "pdfTeX 1.40.29, pandoc's Eisvogel LaTeX template";

/**
 * An example of the Eisvogel template: `examples/<dir>/document.{md,pdf}`,
 * set by pdfTeX unless `producer` names another engine.
 */
function eisvogel(name: string, dir: string, producer = EISVOGEL_PRODUCER): Omit<RealDocument, "heldOut"> {
  return {
    name,
    repo: EISVOGEL,
    commit: EISVOGEL_COMMIT,
    pdf: `examples/${dir}/document.pdf`,
    source: `examples/${dir}/document.md`,
    format: "markdown",
    license: "BSD-3-Clause",
    producer,
  };
}

/** The Eisvogel examples in Chinese and Japanese, which XeLaTeX sets. */
const EISVOGEL_XELATEX = "xdvipdfmx 20240305 (XeLaTeX), pandoc's Eisvogel LaTeX template";

/**
 * What every README printed here shares: the repository's `README.md` is both
 * the document printed and its reference (GitHub Markdown), under the
 * repository's MIT-or-Apache licence (its MIT text kept) unless an entry says
 * otherwise.
 */
function printedReadme(
  name: string,
  repo: string,
  commit: string,
): Pick<RealDocument, "name" | "repo" | "commit" | "pdf" | "source" | "format" | "license" | "licenseFile"> {
  return {
    name,
    repo,
    commit,
    pdf: "README.md",
    source: "README.md",
    format: "gfm",
    license: "MIT OR Apache-2.0",
    licenseFile: "LICENSE-MIT",
  };
}

/**
 * What each engine prints of fd's README beyond pandoc's defaults: LuaTeX
 * sets the listings in a font that has their characters; pdfTeX's T1 fonts
 * do not. The reference writes each character as the engine printed it
 * (`bench/pdf/_printed_characters.ts`).
 */
const FD_NOTES = {
  lualatex: "listings set in DejaVu Sans Mono (pandoc's `monofont`), which has the σ, ❯ and box-drawing " +
    "characters they print; the prose in Latin Modern, which lacks only the Chinese and Korean of two links' " +
    "labels, which the reference leaves out as the page does.",
  pdflatex:
    "pandoc's T1 Latin Modern prints no σ, ❯ nor box-drawing character, nor the Chinese and Korean of " +
    "two links' labels, and sets … as three full stops: the reference writes them as printed.",
};

/**
 * fd's README set by LaTeX's tagging code (TeX Live 2022, `phase-II`) with
 * `engine`, in one column or two, printed here.
 */
function latexTaggedFd(engine: "lualatex" | "pdflatex", twoColumn = false): Omit<RealDocument, "heldOut"> {
  const tex = engine === "lualatex" ? "LuaHBTeX 1.15" : "pdfTeX 1.40.24";
  const columns = twoColumn ? ", two columns" : "";
  return {
    ...printedReadme(`${engine}-tagged-fd${twoColumn ? "-2col" : ""}`, "sharkdp/fd", FD_COMMIT),
    producer:
      `${tex}, LaTeX's tagging code (TeX Live 2022, phase-II, PDF 2.0${columns}) on pandoc's LaTeX, printed here`,
    note: FD_NOTES[engine],
    printed: engine,
    twoColumn,
  };
}

/**
 * Another repository's README set in two columns by LaTeX's tagging code with
 * `engine`, printed here as fd's is (`latexTaggedFd`): listings and inline
 * code in narrow columns.
 */
function latexTaggedTwoColumn(
  engine: "lualatex" | "pdflatex",
  project: string,
  repo: string,
  commit: string,
): Omit<RealDocument, "heldOut"> {
  const { note: _fd, ...printing } = latexTaggedFd(engine, true);
  return { ...printing, ...printedReadme(`${engine}-tagged-${project}-2col`, repo, commit) };
}

/**
 * A journal or conference paper printed here by pdfTeX from its own LaTeX
 * source and class, tagged by TeX Live 2022's kernel (`ownClass`): the
 * repositories publish the source but no PDF the tagging code made.
 */
function latexTaggedPaper(
  paper:
    & Pick<
      RealDocument,
      "name" | "repo" | "commit" | "source" | "ownClass" | "license" | "note" | "classCommands"
    >
    & {
      licenseFile?: string;
      producer: string;
    },
): Omit<RealDocument, "heldOut"> {
  return {
    ...paper,
    pdf: paper.source,
    format: "latex",
    printed: "pdflatex",
    licenseFile: paper.licenseFile ?? "LICENSE",
    producer:
      `pdfTeX 1.40.24, LaTeX's tagging code (TeX Live 2022, phase-II, PDF 2.0) on ${paper.producer}, printed here`,
  };
}

/** A README printed here by Chromium with GitHub-like page styling. */
function chromiumReadme(name: string, repo: string, commit: string): Omit<RealDocument, "heldOut"> {
  return {
    ...printedReadme(name, repo, commit),
    producer:
      "Chromium's print to PDF (tagged, outline, page head and foot) of pandoc's HTML with GitHub-like styling, printed here",
    printed: "chromium",
    style: "github",
  };
}

const DOCUMENTS: ReadonlyArray<Omit<RealDocument, "heldOut">> = [
  eisvogel("eisvogel-book", "book"),
  eisvogel("eisvogel-code-blocks", "code-blocks-listings"),
  eisvogel("eisvogel-images-tables", "images-and-tables"),
  eisvogel("eisvogel-twoside", "twoside"),
  eisvogel("eisvogel-github-alerts", "github-alerts"),
  eisvogel("eisvogel-german", "language-german"),
  eisvogel("eisvogel-boxes", "boxes-with-pandoc-latex-environment-and-tcolorbox"),
  eisvogel("eisvogel-toc", "table-of-contents"),
  // Added with the template's other examples whose source shares at most half its words with each
  // held-out example's source (word-level similarity ≤ 0.5), so the held-out part stays independent.
  eisvogel("eisvogel-awesomebox", "boxes-with-pandoc-latex-environment-and-awesomebox"),
  eisvogel("eisvogel-code-without-listings", "code-blocks-without-listings"),
  eisvogel("eisvogel-chinese", "language-chinese", EISVOGEL_XELATEX),
  eisvogel("eisvogel-japanese", "language-japanese", EISVOGEL_XELATEX),
  {
    name: "tracecollier",
    repo: "NormanDunbar/TraceCollier",
    commit: "7b0e6311c3b8f55aacb6d2231dbff7e954eee2d2",
    pdf: "README.pdf",
    source: "README.md",
    format: "markdown",
    license: "MIT",
    producer: "pdfTeX 1.40.18, pandoc's LaTeX template with a contents page",
  },
  {
    name: "projet-hex",
    repo: "aaron-randreth/projet-hex-java",
    commit: "4ec33bdfa9864b53880d89fa61fc44831a76b274",
    pdf: "README.pdf",
    source: "README_no_toc.md",
    format: "gfm",
    license: "GPL-3.0-only",
    producer: "pdfTeX 1.40.24, pandoc's LaTeX template with a contents page",
  },
  {
    name: "private-social",
    repo: "xNaCly/private.social",
    commit: "653a4a7e3dbf78cd95f57432980bee3cd2cfb73c",
    pdf: "docs/Readme.pdf",
    source: "docs/README.md",
    format: "markdown",
    license: "MIT",
    producer: "xdvipdfmx (XeLaTeX), pandoc's LaTeX template",
  },
  {
    name: "typst-tabut",
    repo: "Amelia-Mowers/typst-tabut",
    commit: "65dc7cf2278564298b60db99f7faef0b53647932",
    pdf: "README.pdf",
    source: "README.md",
    format: "gfm",
    license: "MIT",
    producer: "Typst 0.10.0 (README.typ; README.md is pandoc's rendering of it)",
  },
  {
    name: "sphinx-magaox-packing",
    repo: "magao-x/handbook",
    commit: "4c6bf8358dc19503312c66428b6cb5b44b8bfc26",
    pdf: "_static/handling/electronics_packing.pdf",
    source: "handling/electronics_packing.rst",
    format: "rst",
    license: "GPL-3.0-only",
    producer: "Sphinx (LaTeX builder, howto class) → pdfTeX 1.40.22",
  },
  {
    name: "latex-tagged-2col",
    repo: "latex3/tagging-project",
    commit: "e4cb5fc65315f9860d4edccc4aa91a1bd9f6eee5",
    pdf: "documentation/wtpdf/stem-article-2col-se.pdf",
    source: "documentation/wtpdf/stem-article-2col.tex",
    format: "latex",
    license: "LPPL-1.3c",
    licenseFile: "LICENCE",
    producer: "LuaLaTeX with the LaTeX tagging code (tagged PDF 2.0, two columns)",
  },
  {
    name: "latex-tagged-asmeconf",
    repo: "latex3/tagging-project",
    commit: "67d15fe3584538d1eb6fd12b7af98a98582781a8",
    pdf: "tagging-status/testfiles/asmeconf/asmeconf-template.pdf",
    source: "tagging-status/testfiles/asmeconf/asmeconf-template.tex",
    format: "latex",
    license: "LPPL-1.3c",
    licenseFile: "LICENCE",
    producer: "pdfTeX 1.40.26 with the LaTeX tagging code and the asmeconf class (tagged PDF 2.0/A-4F)",
  },
  {
    name: "latex-tagged-mitthesis",
    repo: "latex3/tagging-project",
    commit: "67d15fe3584538d1eb6fd12b7af98a98582781a8",
    pdf: "tagging-status/testfiles/mitthesis/MIT-Thesis.pdf",
    source: "tagging-status/testfiles/mitthesis/MIT-Thesis.tex",
    inputs: ["committee_members", "abstract", "acknowledgments", "biography", "chapter1", "appendixb"].map(
      (part) => `tagging-status/testfiles/mitthesis/${part}.tex`,
    ),
    format: "latex",
    license: "LPPL-1.3c (the mitthesis template: MIT)",
    licenseFile: "LICENCE",
    producer:
      "LuaHBTeX 1.18 with the LaTeX tagging code (2024+ kernel, phase-III, math, table; tagged PDF 2.0/UA-2) and the mitthesis class",
    note:
      "A thesis template: title page, committee page, abstract, contents, lists of figures and tables, a chapter of filler text (`\\lipsum`, written out in the reference) with display mathematics, a long ruled table of numbers over pages, a bibliography. The reference writes the mathematics as the characters texmath's MathML lists (`_latex_math.ts`), which a display's glyphs, set on several baselines, only partly match, and the citations as the numbers the committed `.bbl` gives (`_latex_aux.ts`), and cross-references, equation, caption and chapter numbers as counted from the source (`_latex_numbering.ts`; no `.aux` is committed): judge it by the structure scores. The reference writes out what LaTeX generates (the title, the abstract, the headings of the contents, the lists and the bibliography, the contents' and lists' entries without their pages, which no committed file gives, the list of references from the committed `.bbl`) and the committee page (its own commands, its bookmarked title a heading), but not what the class alone prints (the title page's and the abstract page's wording, the nomenclature list).",
  },
  {
    name: "latex-tagged-amsldoc",
    repo: "latex3/tagging-project",
    commit: "59288d842500c299ae034d3d81924533110427fa",
    pdf: "project-examples/amsldoc/amsldoc-tagged.pdf",
    source: "project-examples/amsldoc/amsldoc-tagged.tex",
    format: "latex",
    shortVerb: "|",
    classCommands: AMSLDOC_COMMANDS,
    // The class reads an error message's title with the backslash an ordinary character and prints it so.
    literalArguments: ["error"],
    license: "LPPL-1.3c",
    licenseFile: "LICENCE",
    producer:
      "LuaHBTeX with the LaTeX tagging code (2024+ kernel, tagged PDF 2.0/UA-2/A-4F) and the amsldoc class: the amsmath user's guide",
    note:
      "The amsmath user's guide, retagged by the LaTeX Project: numbered sections, a contents page, many displayed equations set beside their LaTeX code, description and itemized lists, verbatim examples, a bibliography and an index. The reference writes the mathematics as the characters texmath's MathML lists (`_latex_math.ts`), which displays set on several baselines and the examples' TeX code beside them only partly match, cross-references as the numbers of the committed `.aux` (`_latex_aux.ts`), and the contents and the index as the committed `.toc` and `.ind` list them (`_latex_lists.ts`): judge it by the structure scores.",
  },
  {
    name: "latex-tagged-tugboat",
    repo: "latex3/tagging-project",
    commit: "abd8a799d4e864212527815e8a39517d3d6c6178",
    pdf: "publications/2024-FMi-UFi-TUB-tb139mitt-deims24.pdf",
    pdfFrom: { repo: "latex3/latex3.github.io", commit: "19f4e91276a7fc0b7b785cccd49c214b4f8b3134" },
    source: "project-examples/DEIMS-2024/tb139mitt-deims24.ltx",
    format: "latex",
    classCommands: TUGBOAT_COMMANDS,
    bibliographyUrlsWithoutScheme: true,
    license:
      "LPPL-1.3c (the article's source; the PDF is its authors' print of it on the LaTeX Project's site)",
    licenseFile: "LICENCE",
    producer:
      "LuaHBTeX with the LaTeX tagging code (2024 kernel, tagged PDF 2.0/UA-2/A-4) and the TUGboat class (two columns)",
    note:
      "A TUGboat article (Mittelbach and Fischer, DEIMS 2024) in its class' two columns, as published: title block, abstract, contents, numbered sections and subsections, footnotes, description and itemized lists, verbatim code, a bibliography. The source is the first public one of the LaTeX Project's examples, a little later than the print; no `.bbl` is committed, so the reference writes neither the citations' numbers nor the list of references.",
  },
  latexTaggedPaper({
    name: "latex-tagged-aastex",
    repo: "AASJournals/AASTeX60",
    commit: "db8d6aa35aa28c47c3c6d49174cd3328c7b1538d",
    source: "sample/sample63.tex",
    ownClass: { extra: ["cls/aastex63.cls", "bst/aasjournal.bst"] },
    license: "LPPL-1.3c",
    producer: "the AASTeX 6.3 class (one column)",
    note:
      "The AAS journals' sample article: title block with authors, affiliations and ORCID links, abstract, keywords, numbered sections, footnotes, tables (one wide, one over pages), figures, an appendix, a bibliography. Its figures are images and a video the page shows as figures; the reference writes out the citations and references as BibTeX lists them from the committed database (`_latex_bibtex.ts`). TeX Live here has no cm-super: TS1's symbols (the lists' bullets) come from a bitmap font whose glyphs map to no character.",
  }),
  latexTaggedPaper({
    name: "latex-tagged-oasics",
    repo: "dagstuhl-publishing/styles",
    commit: "c9f346ce74b16f5bc0f53fcab6bbb3af12f3bdd8",
    source: "OASIcs/authors/oasics-v2021-sample-article.tex",
    license: "LPPL-1.3c",
    licenseFile: "OASIcs/authors/LICENSE.md",
    producer: "the OASIcs class (Dagstuhl's conference proceedings, one column)",
    note:
      "Dagstuhl's sample article for its OASIcs proceedings: title block with authors and affiliations, abstract, ACM classes, keywords and the series' metadata, numbered sections, lists, a theorem and a proof, a table, footnotes, an appendix, a bibliography. Its BibTeX style (`plainurl`) is not installed here, so the print holds neither the list of references nor its heading, and the reference writes neither (`_latex_bibtex.ts`).",
  }),
  latexTaggedPaper({
    name: "latex-tagged-ieeetran",
    repo: "light-tech/LawTeXSamples",
    commit: "fb8c86ad26a8c47f7e6e4ba181d4b3bfd42435ca",
    source: "bare_jrnl.tex",
    ownClass: {},
    classCommands: IEEETRAN_COMMANDS,
    license: "LPPL-1.3 (the sample's own notice)",
    licenseFile: "bare_jrnl.tex",
    producer: "the IEEEtran class' journal sample (IEEE Transactions, two columns)",
    note:
      "IEEEtran's own journal sample (`bare_jrnl.tex` V1.4b, Michael Shell, unchanged as the IEEEtran bundle ships it; the repository carries no licence file, the sample's header gives the LPPL 1.3): the two columns of an IEEE Transactions paper, title block with authors, a membership note and notes at the first page's foot, abstract, index terms, a drop-cap first word, numbered sections in small capitals, an appendix, acknowledgment, a `thebibliography` list and the authors' biographies. One page: its notes, references and biographies, set smaller, outnumber the body's characters. The reference writes the class' `\\IEEEPARstart` and `\\IEEEmembership` as they print (`classCommands`), and its option tests, run-in abstract and index terms and untitled appendices as the class sets them (`_latex_ieeetran.ts`); not what the class alone prints (the biography's PLACE PHOTO HERE box, the label line above a titled appendix).",
  }),
  latexTaggedPaper({
    name: "latex-tagged-ieeetran-compsoc",
    repo: "light-tech/LawTeXSamples",
    commit: "fb8c86ad26a8c47f7e6e4ba181d4b3bfd42435ca",
    source: "bare_adv.tex",
    ownClass: {},
    classCommands: IEEETRAN_COMMANDS,
    license: "LPPL-1.3 (the sample's own notice)",
    licenseFile: "bare_jrnl.tex",
    producer: "the IEEEtran class' advanced sample (an IEEE Computer Society journal, two columns)",
    note:
      "IEEEtran's own advanced sample (`bare_adv.tex` V1.4b, unchanged as the IEEEtran bundle ships it; its header gives the LPPL 1.3): an IEEE Computer Society journal paper in two columns, its title block, abstract and index terms set across both, numbered sections and subsections in the Society's sans-serif, footnotes, appendices, acknowledgments, a `thebibliography` list and the authors' biographies. One page, as its journal sample's: its notes, references and biographies, set smaller, outnumber the body's characters. The reference writes the class' `\\IEEEPARstart` and `\\IEEEmembership` as they print (`classCommands`), and its option tests, run-in abstract and index terms and untitled appendices as the class sets them (`_latex_ieeetran.ts`); not what the class alone prints (the biography's PLACE PHOTO HERE box, the label line above a titled appendix).",
  }),
  {
    ...printedReadme("chromium-bat-readme", "sharkdp/bat", BAT_COMMIT),
    producer: "Chromium's print to PDF (tagged, outline, page head and foot) of pandoc's HTML, printed here",
    printed: "chromium",
  },
  latexTaggedFd("lualatex"),
  latexTaggedFd("pdflatex"),
  latexTaggedFd("lualatex", true),
  latexTaggedFd("pdflatex", true),
  latexTaggedTwoColumn("lualatex", "bat", "sharkdp/bat", BAT_COMMIT),
  latexTaggedTwoColumn("pdflatex", "bat", "sharkdp/bat", BAT_COMMIT),
  latexTaggedTwoColumn("lualatex", "hyperfine", "sharkdp/hyperfine", HYPERFINE_COMMIT),
  chromiumReadme("chromium-fd-readme", "sharkdp/fd", "81efb5028c7e664faade9baec17d3f7de95fc151"),
  chromiumReadme(
    "chromium-hyperfine-readme",
    "sharkdp/hyperfine",
    HYPERFINE_COMMIT,
  ),
  {
    ...chromiumReadme(
      "chromium-ripgrep-readme",
      "BurntSushi/ripgrep",
      "c035d23c26da7cf9d0eb96944b69a212240e17f1",
    ),
    license: "Unlicense OR MIT",
  },
];

/** The documents, each with its part. */
export const REAL_DOCUMENTS: readonly RealDocument[] = DOCUMENTS.map((doc) => ({
  ...doc,
  heldOut: nameHash(doc.name) % 3 === 0,
}));

/** Directory of the real-world corpus' files. */
export const REAL_DIR = new URL("../../bench/pdf/real/", import.meta.url);

/** A document's PDF. */
export function realPdfUrl(name: string): URL {
  return new URL(`${name}.pdf`, REAL_DIR);
}

/** The licence text of a document's repository. */
export function realLicenseUrl(doc: RealDocument): URL {
  return new URL(`licenses/${doc.repo.replace("/", "+")}.txt`, REAL_DIR);
}

/** A document's reference Markdown (its source through pandoc). */
export function realSourceUrl(name: string): URL {
  return new URL(`${name}.md`, REAL_DIR);
}

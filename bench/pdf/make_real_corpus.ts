/**
 * Builds the real-world corpus (see `tests/_support/pdf_real_corpus.ts`) from
 * snapshots of the public repositories it comes from: copies each PDF out of
 * its repository at the recorded commit, untouched, and turns the source the
 * PDF was built from into the reference Markdown with pandoc (GitHub Markdown
 * out, without images or raw HTML/LaTeX, as the foreign corpus' sources are),
 * keeping the text those PDFs print that GitHub Markdown has no place for:
 * captions and raw LaTeX blocks (see `PRINTED`).
 * Writes `real/LICENSES.md`, the manifest a reader checks the sources by,
 * and each repository's licence text under `real/licenses/`. Run
 * once; the results are committed so tests and CI need neither the snapshots
 * nor pandoc.
 *
 *     apt-get install pandoc chromium texlive-latex-recommended texlive-luatex texlive-latex-extra
 *     deno run -A bench/pdf/make_real_corpus.ts [--references] SNAPSHOTS [NAME...]
 *
 * `SNAPSHOTS` holds one bare git directory per repository, at
 * `SNAPSHOTS/<owner>+<name>/repo`. Names, when given, rebuild only those
 * documents (the others' files stay as committed); `--references` rewrites
 * only the reference Markdown, leaving PDFs and licences as committed; the
 * manifest is always rewritten.
 *
 * @module
 */
import {
  REAL_DIR,
  REAL_DOCUMENTS,
  type RealDocument,
  realLicenseUrl,
  realPdfUrl,
  realSourceUrl,
} from "../../tests/_support/pdf_real_corpus.ts";
import { runCommand } from "./_run.ts";
import { FILTER } from "./make_foreign.ts";
import { renderHtml } from "./_html_producers.ts";
import { printLatex, topHeadingShift } from "./_latex_producers.ts";
import { printOwnClass } from "./_own_class_print.ts";
import { LATEX_BLOCKS } from "./_latex_blocks.ts";
import { LATEX_MATH } from "./_latex_math.ts";
import { withEquationNumbers } from "./_markdown_equations.ts";
import { type AuxFiles, printedNumbers, printedReferencesFilter } from "./_latex_aux.ts";
import { plainMathLetters } from "../../lib/pdf/math_letters.ts";
import { hasChapters } from "./_latex_generated.ts";
import {
  countedNumbers,
  installedLipsum,
  latexForPandoc,
  type LatexReading,
  withInputs,
} from "./_latex_source.ts";
import { documentClass, hasChapterLabels } from "./_latex_numbering.ts";
import { printsNoteCommas } from "./_latex_note_commas.ts";
import { engineOf, printsUrlsInText } from "./_latex_document_commands.ts";
import { biblatexList } from "./_latex_biblatex.ts";
import { classTextCommands } from "./_latex_class_texts.ts";
import { committedLists, type ListFiles } from "./_latex_lists.ts";
import { BIBLIOGRAPHY_URLS_WITHOUT_SCHEME, bibliographyDatabases, withBibtexList } from "./_latex_bibtex.ts";
import { FRONT_MATTER, frontMatterArguments, pandocCall } from "./_pandoc_front_matter.ts";
import { SPHINX_FRONT_MATTER, sphinxDate, sphinxLatexDocument } from "./_sphinx_front_matter.ts";
import {
  charactersToProbe,
  EMOJI_AS_CHARACTERS,
  printedCharacters,
  printedCharactersFilter,
} from "./_printed_characters.ts";

/**
 * Keeps a fenced div's content without the div (GitHub Markdown would write it
 * as HTML), writes LaTeX mathematics on one line as its source spells it
 * (a display line opening with `=` would read as a heading underline), and
 * writes a reStructuredText role of the form `title <target>` (Sphinx'
 * `:doc:`, `:download:`, a project's own), which pandoc keeps as code, as
 * the title Sphinx prints.
 */
export const UNWRAP_DIVS = `
return { {
  Div = function(d) return d.content end,
  Math = function(m) return pandoc.Str((m.text:gsub("%s+", " "))) end,
  Code = function(c)
    if not c.classes:includes("interpreted-text") then return nil end
    local title = c.text:match("^(.-)%s*<[^>]*>$")
    if title and #title > 0 then return pandoc.Str(title) end
  end,
} }
`;

/**
 * Keeps the text the PDF prints where GitHub Markdown has no place for it,
 * before the foreign corpus' filter drops images and raw blocks. The foreign
 * corpus renders its PDFs from the already filtered source, so its PDFs never
 * carry such text; these PDFs were made by their authors from the whole source.
 * A raw LaTeX block (a table LaTeX sets, say), or a paragraph of one raw
 * LaTeX piece (as pandoc's Markdown reads an environment, `\\begin{equation}`),
 * is read as LaTeX; a caption (of a figure, a table, a code listing) becomes a
 * paragraph above what it captions, where the LaTeX templates print it. The producer's label ("Figure 1:") is the
 * producer's, not the source's, and stays out.
 */
export const PRINTED = `
local function caption_blocks(text) return pandoc.read(text, "markdown").blocks end
local function before(blocks, block)
  local out = {}
  for _, b in ipairs(blocks) do out[#out + 1] = b end
  out[#out + 1] = block
  return out
end
return {
  { RawBlock = function(r)
      if r.format == "latex" or r.format == "tex" then return pandoc.read(r.text, "latex").blocks end
    end },
  { Table = function(t)
      local caption = t.caption.long
      if #caption == 0 then return nil end
      t.caption = { long = {} }
      return before(caption, t)
    end,
    CodeBlock = function(c)
      local caption = c.attributes["caption"]
      if not caption then return nil end
      c.attributes["caption"] = nil
      return before(caption_blocks(caption), c)
    end,
    Para = function(p)
      local raw = p.content[1]
      if #p.content == 1 and raw.t == "RawInline" and (raw.format == "latex" or raw.format == "tex") then
        return pandoc.read(raw.text, "latex").blocks
      end
      local image = p.content[1]
      if #p.content == 1 and image.t == "Image" and image.title:match("^fig:") and #image.caption > 0 then
        return pandoc.Para(image.caption)
      end
    end,
    Figure = function(f) return f.caption.long end },
}
`;

/**
 * Page styling like GitHub's for a README (`style: "github"`), written for
 * print: a sans-serif body, headings with a rule under the first two levels,
 * listings in a shaded box whose long rows wrap, ruled and banded tables,
 * quotes set in from a bar at the left, nested lists without space between.
 */
const GITHUB_STYLE = `<style>
body { font-family: "Noto Sans", "DejaVu Sans", Helvetica, Arial, sans-serif; font-size: 16px;
  line-height: 1.5; color: #1f2328; max-width: 980px; margin: 0 auto; padding: 32px; }
h1, h2, h3, h4, h5, h6 { margin: 24px 0 16px; font-weight: 600; line-height: 1.25; }
h1 { font-size: 2em; } h2 { font-size: 1.5em; } h3 { font-size: 1.25em; }
h1, h2 { padding-bottom: .3em; border-bottom: 1px solid #d1d9e0; }
p, blockquote, ul, ol, table, pre { margin: 0 0 16px; }
blockquote { padding: 0 1em; color: #59636e; border-left: .25em solid #d1d9e0; }
code { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 85%;
  padding: .2em .4em; background: #eff1f3; border-radius: 6px; }
pre { padding: 16px; background: #f6f8fa; border-radius: 6px; font-size: 85%; line-height: 1.45;
  white-space: pre-wrap; }
pre code, pre code.sourceCode { padding: 0; background: transparent; font-size: 100%; white-space: pre-wrap; }
table { border-collapse: collapse; border-spacing: 0; }
th, td { padding: 6px 13px; border: 1px solid #d1d9e0; }
th { font-weight: 600; }
tr:nth-child(2n) { background: #f6f8fa; }
ul, ol { padding-left: 2em; }
ul ul, ul ol, ol ol, ol ul { margin: 0; }
li + li { margin-top: .25em; }
</style>
`;

/** A file of a repository at a commit, read from its snapshot. */
function gitShow(snapshots: string, doc: RealDocument, path: string): Promise<Uint8Array> {
  const gitDir = `${snapshots}/${doc.repo.replace("/", "+")}/repo`;
  return runCommand("git", ["--git-dir", gitDir, "show", `${doc.commit}:${path}`]);
}

/** A file of a repository at a commit, or "" where the commit holds none. */
async function gitShowIfAny(snapshots: string, doc: RealDocument, path: string): Promise<string> {
  try {
    return new TextDecoder().decode(await gitShow(snapshots, doc, path));
  } catch {
    return "";
  }
}

/** A file that may run pandoc: a shell or batch script, a makefile. */
const BUILD_SCRIPT = /(\.(sh|bash|cmd|bat|ps1|mk)|(^|\/)(GNU)?[Mm]akefile)$/;

/**
 * pandoc's arguments in the build script beside a source that prints it (`_pandoc_front_matter.ts`), for
 * a PDF copied from its repository; undefined where none is found, or the PDF was printed here.
 */
async function buildArguments(snapshots: string, doc: RealDocument): Promise<string[] | undefined> {
  if (doc.printed || doc.pdfFrom) return undefined;
  const gitDir = `${snapshots}/${doc.repo.replace("/", "+")}/repo`;
  const folder = doc.source.slice(0, doc.source.lastIndexOf("/") + 1);
  const tree = ["ls-tree", "--name-only", doc.commit, folder || "."];
  const listing = await runCommand("git", ["--git-dir", gitDir, ...tree]);
  for (const path of new TextDecoder().decode(listing).split("\n").filter((p) => BUILD_SCRIPT.test(p))) {
    const call = pandocCall(await gitShowIfAny(snapshots, doc, path), doc.source.slice(folder.length));
    if (call) return call;
  }
  return undefined;
}

/**
 * The metadata for Sphinx's title block and contents (`_sphinx_front_matter.ts`), for a PDF its
 * repository built with Sphinx's LaTeX builder from an reStructuredText source: the `conf.py` nearest
 * above the source that lists it in `latex_documents`, and the day the PDF was committed, the build's.
 * Empty where no `conf.py` lists it, or the PDF was printed here or comes from elsewhere.
 */
async function sphinxArguments(snapshots: string, doc: RealDocument): Promise<string[]> {
  if (doc.printed || doc.pdfFrom) return [];
  const parts = doc.source.split("/");
  for (let n = parts.length - 1; n >= 0; n--) {
    const folder = parts.slice(0, n).join("/");
    const conf = await gitShowIfAny(snapshots, doc, folder ? `${folder}/conf.py` : "conf.py");
    const startdoc = parts.slice(n).join("/").replace(/\.rst$/, "");
    const latex = conf ? sphinxLatexDocument(conf, startdoc) : undefined;
    if (!latex) continue;
    const gitDir = `${snapshots}/${doc.repo.replace("/", "+")}/repo`;
    const log = ["--git-dir", gitDir, "log", "-1", "--format=%cs", doc.commit, "--", doc.pdf];
    const day = new TextDecoder().decode(await runCommand("git", log)).trim();
    const date = latex.today ?? (day ? sphinxDate(day) : "");
    return [`--metadata=sphinx-author:${latex.author}`, ...date ? [`--metadata=sphinx-date:${date}`] : []];
  }
  return [];
}

/**
 * The files LaTeX's last run wrote beside a LaTeX source (`_latex_aux.ts`, `_latex_lists.ts`), where its
 * repository commits them.
 */
async function auxFiles(snapshots: string, doc: RealDocument): Promise<AuxFiles & ListFiles> {
  const job = doc.source.replace(/\.tex$/, "");
  return {
    aux: await gitShowIfAny(snapshots, doc, `${job}.aux`),
    bbl: await gitShowIfAny(snapshots, doc, `${job}.bbl`),
    toc: await gitShowIfAny(snapshots, doc, `${job}.toc`),
    lof: await gitShowIfAny(snapshots, doc, `${job}.lof`),
    lot: await gitShowIfAny(snapshots, doc, `${job}.lot`),
    ind: await gitShowIfAny(snapshots, doc, `${job}.ind`),
  };
}

/**
 * Writes a source file where pandoc reads it: a LaTeX one readied for its
 * reader (`_latex_source.ts`), the others as they are.
 */
async function writeSource(
  path: string,
  source: Uint8Array,
  doc: RealDocument,
  reading: LatexReading = {},
): Promise<void> {
  // A pandoc Markdown source went to LaTeX, which numbers its raw displays (`_markdown_equations.ts`).
  if (doc.format === "markdown") {
    return await Deno.writeTextFile(path, withEquationNumbers(new TextDecoder().decode(source)));
  }
  if (doc.format !== "latex") return await Deno.writeFile(path, source);
  const text = new TextDecoder().decode(source);
  await Deno.writeTextFile(
    path,
    latexForPandoc(text, {
      lipsum: /\\lipsum\[/.test(text) ? await installedLipsum() : [],
      shortVerb: doc.shortVerb,
      classCommands: doc.classCommands,
      ...reading,
    }),
  );
}

/**
 * How a LaTeX source is read beyond what it says itself, from the files beside it in its repository: the
 * generated lists' and the labels' files LaTeX wrote (`auxFiles`), and its class file where committed.
 */
async function latexReading(
  text: string,
  doc: RealDocument,
  snapshots: string,
  chapters: boolean,
): Promise<LatexReading> {
  const files = await auxFiles(snapshots, doc);
  const folder = doc.source.slice(0, doc.source.lastIndexOf("/") + 1);
  const classFile = await gitShowIfAny(snapshots, doc, `${folder}${documentClass(text)}.cls`);
  const numbers = printedNumbers(text, files);
  // biblatex's list, where its numeric style numbers it and its `.bbl` is committed.
  const initials = /\\usepackage\s*\[[^\]]*giveninits\s*=\s*true[^\]]*\]\s*\{biblatex\}/.test(text);
  const bibliography = numbers.citations.size > 0 ? biblatexList(files.bbl, initials) : "";
  // The text the class's journal names and such print (`_latex_class_texts.ts`), from the class beside the
  // source or the one the document is printed with.
  const ownClassFile = doc.ownClass?.extra?.find((path) => path.endsWith(`/${documentClass(text)}.cls`));
  const classTexts = classTextCommands(
    classFile || (ownClassFile ? await gitShowIfAny(snapshots, doc, ownClassFile) : ""),
  );
  const reading: LatexReading = {
    lipsum: /\\lipsum\[/.test(text) ? await installedLipsum() : [],
    shortVerb: doc.shortVerb,
    classCommands: [doc.classCommands, classTexts].filter(Boolean).join("\n") || undefined,
    chapters,
    lists: { ...committedLists(text, files, chapters), ...(bibliography ? { bibliography } : {}) },
    chapterLabels: hasChapterLabels(text, classFile),
    noteCommas: printsNoteCommas(text, classFile),
    urlsInText: printsUrlsInText(text, classFile),
    engine: engineOf(doc.producer),
    ...(doc.literalArguments ? { literalArguments: doc.literalArguments } : {}),
    labels: numbers.labels,
    pages: numbers.pages,
  };
  // Every label's number: counted from the source, the committed `.aux`'s where it has one.
  return { ...reading, labels: countedNumbers(text, reading).labels };
}

/**
 * A LaTeX source with BibTeX's list where its repository commits the
 * databases beside it but no `.bbl` (`_latex_bibtex.ts`).
 */
async function withBibtex(source: Uint8Array, doc: RealDocument, work: string, snapshots: string) {
  const text = new TextDecoder().decode(source);
  const names = bibliographyDatabases(text);
  if (names.length === 0 || (await auxFiles(snapshots, doc)).bbl) return source;
  const folder = doc.source.slice(0, doc.source.lastIndexOf("/") + 1);
  const databases = new Map<string, string>();
  for (const name of names) databases.set(name, await gitShowIfAny(snapshots, doc, `${folder}${name}.bib`));
  // A paper printed here by LaTeX has the list this BibTeX makes, or none.
  const printedHere = doc.printed === "pdflatex" || doc.printed === "lualatex";
  return new TextEncoder().encode(await withBibtexList(text, databases, work, { printedHere }));
}

/**
 * Writes the source where pandoc reads it, with the files it reads: a LaTeX source with them written out
 * in place (LaTeX counts chapters, equations and figures across them) and readied for pandoc with what its
 * repository commits beside it (`latexReading`, returned); another source as it is, its files beside it.
 */
async function writeSources(
  input: string,
  source: Uint8Array,
  inputs: readonly Uint8Array[],
  doc: RealDocument,
  work: string,
  snapshots: string,
): Promise<LatexReading> {
  const chapters = hasChapters([source, ...inputs].map((file) => new TextDecoder().decode(file)));
  const folder = doc.source.slice(0, doc.source.lastIndexOf("/") + 1);
  if (doc.format === "latex") {
    const named = new Map((doc.inputs ?? []).map((path, i) => [
      path.slice(folder.length).replace(/\.tex$/, ""),
      new TextDecoder().decode(inputs[i]!),
    ]));
    const whole = withInputs(new TextDecoder().decode(source), named);
    const reading = await latexReading(whole, doc, snapshots, chapters);
    await writeSource(input, new TextEncoder().encode(whole), doc, reading);
    return reading;
  }
  await writeSource(input, source, doc);
  for (const [i, path] of (doc.inputs ?? []).entries()) {
    const target = `${work}/${path.slice(folder.length)}`;
    await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
    await writeSource(target, inputs[i]!, doc);
  }
  return {};
}

/**
 * The reference Markdown: the source through pandoc, normalised to GitHub
 * Markdown. The files the source reads (`inputs`, by `\include`/`\input`)
 * are written beside it, by their names relative to the source's folder,
 * and pandoc runs there. For a document printed here by LaTeX, each
 * character beyond ASCII is written as the engine printed it
 * (`_printed_characters.ts`); for one a browser printed, each emoji as the
 * character its HTML holds.
 */
async function reference(
  committed: Uint8Array,
  doc: RealDocument,
  work: string,
  snapshots: string,
): Promise<string> {
  const input = `${work}/${doc.name}.source`;
  const source = doc.format === "latex" ? await withBibtex(committed, doc, work, snapshots) : committed;
  const inputs = await Promise.all((doc.inputs ?? []).map((path) => gitShow(snapshots, doc, path)));
  const reading = await writeSources(input, source, inputs, doc, work, snapshots);
  const printed = `${work}/printed.lua`;
  await Deno.writeTextFile(printed, PRINTED);
  const filter = `${work}/filter.lua`;
  await Deno.writeTextFile(filter, FILTER);
  const unwrap = `${work}/unwrap.lua`;
  await Deno.writeTextFile(unwrap, UNWRAP_DIVS);
  const latexBlocks = `${work}/latex_blocks.lua`;
  await Deno.writeTextFile(latexBlocks, LATEX_BLOCKS);
  const latexMath = `${work}/latex_math.lua`;
  await Deno.writeTextFile(latexMath, LATEX_MATH);
  const latex = doc.format === "latex";
  const numbers = `${work}/latex_numbers.lua`;
  if (latex) {
    const files = await auxFiles(snapshots, doc);
    await Deno.writeTextFile(
      numbers,
      printedReferencesFilter({
        ...printedNumbers(new TextDecoder().decode(source), files),
        labels: new Map(reading.labels),
      }),
    );
  }
  const filters = [
    ...(latex ? [`--lua-filter=${numbers}`, `--lua-filter=${latexBlocks}`] : []),
    `--lua-filter=${printed}`,
    // Every PDF prints a formula's glyphs, whatever its source spells them in (a Markdown source's `$\pi r^2$`).
    `--lua-filter=${latexMath}`,
    `--lua-filter=${filter}`,
    `--lua-filter=${unwrap}`,
  ];
  if (doc.bibliographyUrlsWithoutScheme) {
    const schemeless = `${work}/bibliography_urls.lua`;
    await Deno.writeTextFile(schemeless, BIBLIOGRAPHY_URLS_WITHOUT_SCHEME);
    filters.push(`--lua-filter=${schemeless}`);
  }
  if (doc.printed === "lualatex" || doc.printed === "pdflatex") {
    // What pandoc reads besides the source's own characters: the emoji GitHub Markdown's shortcodes stand for.
    const read = new TextDecoder().decode(
      await runCommand("pandoc", ["-f", doc.format, "-t", "plain", input], { cwd: work }),
    );
    const chars = charactersToProbe(new TextDecoder().decode(source), read);
    const asPrinted = `${work}/as_printed.lua`;
    await Deno.writeTextFile(
      asPrinted,
      printedCharactersFilter(await printedCharacters(doc.printed, chars, filter, work)),
    );
    filters.push(`--lua-filter=${asPrinted}`);
  } else if (doc.printed === "chromium") {
    const emoji = `${work}/emoji.lua`;
    await Deno.writeTextFile(emoji, EMOJI_AS_CHARACTERS);
    filters.push(`--lua-filter=${emoji}`);
  }
  // A document printed here by LaTeX opens at LaTeX's top division (`topHeadingShift`), and its reference alike.
  const shift = doc.printed === "lualatex" || doc.printed === "pdflatex"
    ? await topHeadingShift(input, doc.format, filter)
    : 0;
  if (shift !== 0) filters.push(`--shift-heading-level-by=${shift}`);
  const call = latex ? undefined : await buildArguments(snapshots, doc);
  if (call) {
    // The title block and contents pandoc's LaTeX prints, by the source's metadata and the options its
    // repository's build script gave pandoc; written last.
    const front = `${work}/front_matter.lua`;
    await Deno.writeTextFile(front, FRONT_MATTER);
    filters.push(...frontMatterArguments(call), `--lua-filter=${front}`);
  }
  const sphinx = doc.format === "rst" ? await sphinxArguments(snapshots, doc) : [];
  if (sphinx.length > 0) {
    const front = `${work}/sphinx_front_matter.lua`;
    await Deno.writeTextFile(front, SPHINX_FRONT_MATTER);
    filters.push(...sphinx, `--lua-filter=${front}`);
  }
  const args = ["-f", doc.format, "-t", "gfm-raw_html", "--wrap=none", ...filters, input];
  const markdown = new TextDecoder().decode(await runCommand("pandoc", args, { cwd: work }));
  // Letters of the mathematical alphanumeric block (texmath's bold, script) plain, as the converter writes them.
  return latex ? plainMathLetters(markdown) : markdown;
}

/**
 * Prints a source (`printed` documents): the way a reader prints a README
 * from a browser, or through LaTeX's tagging code (`_latex_producers.ts`),
 * or a paper by its own class through that code (`_own_class_print.ts`).
 */
async function printed(
  source: Uint8Array,
  doc: RealDocument,
  work: string,
  snapshots: string,
): Promise<Uint8Array> {
  if (doc.ownClass && (doc.printed === "lualatex" || doc.printed === "pdflatex")) {
    const gitDir = `${snapshots}/${doc.repo.replace("/", "+")}/repo`;
    return await printOwnClass(doc.printed, {
      gitDir,
      commit: doc.commit,
      source: doc.source,
      ...doc.ownClass,
    }, work);
  }
  const input = `${work}/${doc.name}.print-source`;
  await Deno.writeFile(input, source);
  const filter = `${work}/filter.lua`;
  await Deno.writeTextFile(filter, FILTER);
  if (doc.printed === "lualatex" || doc.printed === "pdflatex") {
    const shift = await topHeadingShift(input, doc.format, filter);
    return await printLatex(doc.printed, input, doc.format, filter, work, doc.twoColumn, shift);
  }
  const html = `${work}/${doc.name}.html`;
  const title = doc.repo.split("/")[1]!;
  const style = `${work}/style.html`;
  await Deno.writeTextFile(style, GITHUB_STYLE);
  await runCommand("pandoc", [
    "-f",
    doc.format,
    "-t",
    "html5",
    "--standalone",
    `--metadata=pagetitle:${title}`,
    `--lua-filter=${filter}`,
    ...doc.style === "github" ? [`--include-in-header=${style}`] : [],
    "-o",
    html,
    input,
  ]);
  const out = `${work}/${doc.name}.pdf`;
  await renderHtml("chromium", html, out, work, { pageFurniture: true });
  return await Deno.readFile(out);
}

/** The manifest's notes: what a rendering does not print of its reference, by document. */
function notes(): string[] {
  const lines = REAL_DOCUMENTS.filter((d) => d.note).map((d) => `- ${d.name}: ${d.note}`);
  return lines.length > 0 ? ["Notes:", "", ...lines, ""] : [];
}

/** The manifest: where every file came from, under which licence, and its part. */
function manifest(): string {
  const rows = REAL_DOCUMENTS.map((d) =>
    `| ${d.name} | ${d.repo} | \`${d.commit.slice(0, 12)}\` | ${
      d.printed
        ? `printed here (${d.printed})`
        : d.pdfFrom
        ? `${d.pdfFrom.repo} \`${d.pdfFrom.commit.slice(0, 12)}\`: \`${d.pdf}\``
        : `\`${d.pdf}\``
    } | \`${d.source}\` | ${d.license} | ${d.producer} | ${d.heldOut ? "held out" : "tuning"} |`
  );
  return [
    "# Real-world corpus: sources and licences",
    "",
    "Each PDF is copied unchanged from its repository at the commit named, or printed here from the source",
    "(`printed here`: pandoc's HTML through Chromium, or pandoc's LaTeX through LaTeX's tagging code with the",
    "engine named, or a paper's own LaTeX source and class through that code); its `.md` is the source at the",
    "same commit through",
    "pandoc (`make_real_corpus.ts`). The files are their authors', under the licence of their repository,",
    "whose text is in `licenses/`. The template's examples share boilerplate: the four Eisvogel examples added",
    "last (awesomebox, code without listings, Chinese, Japanese) were taken because the source of each shares at",
    "most half its words (word-level similarity ≤ 0.5) with the source of every held-out example, and the others",
    "(basic, header and footer, title pages, page background, watermark, columns: 0.68–0.99) were left out, so the",
    "held-out part stays independent of what is tuned on (eisvogel-book, here from the start, measures 0.54).",
    "Every document added since is checked so by `real_held_out_similarity.ts` (the papers set by their",
    "own classes: at most 0.12).",
    "",
    "| name | repository | commit | PDF | source | licence | producer | part |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    ...notes(),
  ].join("\n");
}

if (import.meta.main) {
  const referencesOnly = Deno.args.includes("--references");
  const [snapshots, ...only] = Deno.args.filter((a) => a !== "--references");
  if (!snapshots) throw new Error("usage: make_real_corpus.ts [--references] SNAPSHOTS [NAME...]");
  const chosen = REAL_DOCUMENTS.filter((d) => only.length === 0 || only.includes(d.name));
  await Deno.mkdir(new URL("licenses/", REAL_DIR), { recursive: true });
  const work = await Deno.makeTempDir();
  try {
    for (const doc of chosen) {
      const source = await gitShow(snapshots, doc, doc.source);
      if (!referencesOnly) {
        const pdf = doc.printed
          ? await printed(source, doc, work, snapshots)
          : await gitShow(snapshots, { ...doc, ...doc.pdfFrom }, doc.pdf);
        await Deno.writeFile(realPdfUrl(doc.name), pdf);
        await Deno.writeFile(
          realLicenseUrl(doc),
          await gitShow(snapshots, doc, doc.licenseFile ?? "LICENSE"),
        );
      }
      await Deno.writeTextFile(realSourceUrl(doc.name), await reference(source, doc, work, snapshots));
      console.log(`${doc.name}: ${doc.repo}@${doc.commit.slice(0, 12)} ${doc.pdf}`);
    }
    await Deno.writeTextFile(new URL("LICENSES.md", REAL_DIR), manifest());
    // The references stay as pandoc writes them (the formatter, which `deno.json` keeps off them, would
    // rewrite their listings: indents, trailing commas, sorted imports); the manifest is formatted.
    await runCommand(Deno.execPath(), [
      "fmt",
      "-q",
      "--no-config",
      "--line-width=110",
      new URL("LICENSES.md", REAL_DIR).pathname,
    ]);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

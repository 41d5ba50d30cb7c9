/**
 * A diagnostic set of Eisvogel renderings made here: what a contents page,
 * German typography („…“ quotes, hyphenation) and two-sided pages cost the
 * converter, none of which the real-world corpus' tuning Eisvogel examples
 * show. The template is read from a git snapshot of its repository
 * (Wandmalfarbe/pandoc-latex-template, its `template-multi-file` parts) and
 * set by the local pandoc and TeX Live; the sources are the template's tuning
 * examples, German texts of our own (`eisvogel/wetterstation.de.md`;
 * `eisvogel/bienenhaus.de.md` with notes, a definition list and paragraphs
 * around a table and a listing) and one
 * of block quotes in many situations (`eisvogel/quotes.md`: after a heading,
 * holding a list, a listing or two paragraphs, nested, ending a section).
 * TeX Live 2022 as packaged here lacks Source Sans and Source Code Pro, so
 * the template is given Latin Modern with Helvetica as its body face (its
 * `fontfamily` variable), and lacks German for babel (see `GERMAN`). Each
 * rendering is scored against its source, normalised to GitHub Markdown by
 * pandoc with the real-world corpus' filters, by the corpus scorer.
 * Bench-only: the PDFs are written to `eisvogel/out/` (git-ignored).
 *
 *     deno run -A bench/pdf/eisvogel_set.ts --snapshot GIT_DIR [--dump NAME]
 *
 * @module
 */
import { convertPdf } from "../../lib/pdf/convert.ts";
import { score, type Scores } from "../../tests/_support/pdf_score.ts";
import { report } from "../pdf_layout.ts";
import { runCommand } from "./_run.ts";
import { PRINTED, UNWRAP_DIVS } from "./make_real_corpus.ts";
import { FILTER } from "./make_foreign.ts";
import { LATEX_MATH } from "./_latex_math.ts";
import { FRONT_MATTER, frontMatterArguments } from "./_pandoc_front_matter.ts";
import { withEquationNumbers } from "./_markdown_equations.ts";

/** One rendering: a source, pandoc's options beyond the template's. */
interface Rendering {
  name: string;
  /** `examples/<dir>/document.md` in the template's repository, or a file beside this script. */
  source: { example: string } | { file: string };
  options: string[];
  /** Offers TeX a break in every long word (soft hyphens), as German hyphenation patterns would. */
  hyphenate?: boolean;
}

/**
 * German as far as TeX Live here sets it: its babel lacks German (`lang=de` leaves babel's
 * language `nil`, unhyphenated, and csquotes without a style prints `?` for quotation marks),
 * so the source spells „…“ itself and {@linkcode softHyphens} offers the breaks.
 */
const GERMAN: string[] = [];

const RENDERINGS: Rendering[] = [
  { name: "book-toc", source: { example: "book" }, options: ["--toc", "--top-level-division=chapter"] },
  { name: "basic-toc", source: { example: "basic-example" }, options: ["--toc"] },
  { name: "german", source: { file: "wetterstation.de.md" }, options: GERMAN, hyphenate: true },
  {
    name: "german-toc",
    source: { file: "wetterstation.de.md" },
    options: [...GERMAN, "--toc"],
    hyphenate: true,
  },
  {
    name: "book-twoside",
    source: { example: "book" },
    options: ["-V", "classoption=twoside", "--top-level-division=chapter"],
  },
  { name: "basic-twoside", source: { example: "basic-example" }, options: ["-V", "classoption=twoside"] },
  {
    name: "tables-numbered-toc",
    source: { example: "images-and-tables" },
    options: ["--toc", "--number-sections", "-V", "toc-own-page", "-V", "classoption=twoside"],
  },
  {
    name: "basic-titlepage-toc",
    source: { example: "basic-example" },
    options: ["--toc", "-V", "titlepage", "-V", "toc-own-page", "--number-sections"],
  },
  {
    name: "book-titlepage-twoside",
    source: { example: "book" },
    options: ["-V", "titlepage", "-V", "classoption=twoside", "--top-level-division=chapter", "--toc"],
  },
  {
    name: "code-toc-twoside",
    source: { example: "code-blocks-listings" },
    options: ["--toc", "-V", "classoption=twoside"],
  },
  {
    name: "german-numbered",
    source: { file: "wetterstation.de.md" },
    options: ["--number-sections"],
    hyphenate: true,
  },
  {
    name: "beekeeping-twoside-toc",
    source: { file: "bienenhaus.de.md" },
    options: ["--toc", "-V", "classoption=twoside"],
    hyphenate: true,
  },
  { name: "quotes", source: { file: "quotes.md" }, options: [] },
  { name: "quotes-toc", source: { file: "quotes.md" }, options: ["--toc"] },
  { name: "quotes-numbered-toc", source: { file: "quotes.md" }, options: ["--toc", "--number-sections"] },
  {
    name: "quotes-titlepage-toc",
    source: { file: "quotes.md" },
    options: ["--toc", "-V", "titlepage", "-V", "toc-own-page", "-V", "classoption=twoside"],
  },
];

const TEMPLATE_PARTS = "template-multi-file";
/** Latin Modern for the typewriter face, Helvetica for the body: what TeX Live 2022 here has of the template's look. */
const FONTS = [
  "-V",
  "fontfamily=lmodern",
  "-V",
  "header-includes=\\usepackage[scaled]{helvet}\\renewcommand{\\familydefault}{\\sfdefault}",
  // Listings steps its fixed columns 0.6 em apart, Source Code Pro's width; Latin Modern's is 0.525 em.
  "-V",
  "header-includes=\\AtBeginDocument{\\lstset{basewidth=0.525em}}",
];
const HERE = new URL(".", import.meta.url).pathname;
const OUT = `${HERE}eisvogel/out`;

function argument(flag: string): string | undefined {
  return Deno.args.includes(flag) ? Deno.args[Deno.args.indexOf(flag) + 1] : undefined;
}

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Writes the template's parts out of the snapshot into `work`. */
async function writeTemplate(gitDir: string, work: string): Promise<void> {
  const list = decode(
    await runCommand("git", ["--git-dir", gitDir, "ls-tree", "--name-only", "HEAD", `${TEMPLATE_PARTS}/`]),
  );
  for (const path of list.split("\n").filter(Boolean)) {
    const text = await runCommand("git", ["--git-dir", gitDir, "show", `HEAD:${path}`]);
    await Deno.writeFile(`${work}/${path.slice(TEMPLATE_PARTS.length + 1)}`, text);
  }
}

/** Least letters a word needs to be offered breaks. */
const LONG_WORD = 10;
/** Letters between two breaks offered, and at least before the first and after the last. */
const SYLLABLE = 4;

/**
 * Soft hyphens in every long word of prose lines (not in the metadata block, fenced code, headings or
 * tables), one every {@linkcode SYLLABLE} letters: TeX Live 2022 here lacks German hyphenation
 * patterns, so the breaks TeX would take are offered by hand.
 */
export function softHyphens(markdown: string): string {
  const lines = markdown.split("\n");
  const metadataEnd = lines[0] === "---"
    ? lines.findIndex((l, i) => i > 0 && (l === "---" || l === "..."))
    : -1;
  let fenced = false;
  return lines.map((line, i) => {
    if (line.startsWith("```")) fenced = !fenced;
    if (i <= metadataEnd || fenced || line.startsWith("```") || /^[|#]/.test(line)) return line;
    return line.replace(new RegExp(`\\p{L}{${LONG_WORD},}`, "gu"), (word) => {
      const letters = [...word];
      return letters.map((c, k) =>
        k >= SYLLABLE && letters.length - k >= SYLLABLE && k % SYLLABLE === 0 ? `\u00AD${c}` : c
      ).join("");
    });
  }).join("\n");
}

/** Renders one document into `OUT`, returning the PDF's and the reference's paths. */
async function render(
  r: Rendering,
  gitDir: string,
  work: string,
): Promise<{ pdf: string; reference: string }> {
  const input = `${work}/${r.name}.md`;
  if ("example" in r.source) {
    await Deno.writeFile(
      input,
      await runCommand("git", ["--git-dir", gitDir, "show", `HEAD:examples/${r.source.example}/document.md`]),
    );
  } else await Deno.copyFile(`${HERE}eisvogel/${r.source.file}`, input);
  const printed = `${work}/${r.name}.print.md`;
  const text = await Deno.readTextFile(input);
  await Deno.writeTextFile(printed, r.hyphenate ? softHyphens(text) : text);
  const pdf = `${OUT}/${r.name}.pdf`;
  const template = ["--from", "markdown", "--template", `${work}/eisvogel.latex`, "--listings", ...FONTS];
  await runCommand("pandoc", [printed, "-o", pdf, ...template, ...r.options], { cwd: work });
  const reference = `${OUT}/${r.name}.md`;
  // Normalised as the real-world corpus' references are (`make_real_corpus.ts`): raw LaTeX read,
  // mathematics as its glyphs print (`$\pi r^2$` as `πr2`), displays' numbers as printed, divs
  // unwrapped; the title block and contents the template and the rendering's options print
  // (`_pandoc_front_matter.ts`).
  const filters: string[] = [];
  const steps = [
    ["printed", PRINTED],
    ["latex_math", LATEX_MATH],
    ["filter", FILTER],
    ["unwrap", UNWRAP_DIVS],
    ["front_matter", FRONT_MATTER],
  ];
  for (const [file, text] of steps) {
    await Deno.writeTextFile(`${work}/${file}.lua`, text!);
    filters.push(`--lua-filter=${work}/${file}.lua`);
  }
  const front = frontMatterArguments([...template, ...r.options]);
  // The numbers LaTeX prints at its displays' ends (`(1)`), which pandoc reading the source has not.
  const numbered = `${work}/${r.name}.numbered.md`;
  await Deno.writeTextFile(numbered, withEquationNumbers(text));
  const args = ["-f", "markdown", "-t", "gfm-raw_html", "--wrap=none", ...front, ...filters, numbered];
  await Deno.writeFile(reference, await runCommand("pandoc", args));
  return { pdf, reference };
}

if (import.meta.main) {
  const gitDir = argument("--snapshot");
  if (gitDir === undefined) throw new Error("--snapshot GIT_DIR: the template repository's git directory");
  const dump = argument("--dump");
  await Deno.mkdir(OUT, { recursive: true });
  const work = await Deno.makeTempDir({ prefix: "eisvogel-" });
  await writeTemplate(gitDir, work);
  const scores = new Map<string, Scores[]>();
  for (const r of RENDERINGS.filter((r) => dump === undefined || r.name === dump)) {
    const { pdf, reference } = await render(r, gitDir, work);
    const { markdown } = await convertPdf(await Deno.readFile(pdf), { limits: { timeBudgetMs: 600_000 } });
    if (dump !== undefined) console.log(markdown);
    else scores.set(r.name, [score(await Deno.readTextFile(reference), markdown)]);
  }
  if (dump === undefined) console.log(report(scores));
  await Deno.remove(work, { recursive: true });
}

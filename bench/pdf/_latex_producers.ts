/**
 * Prints a Markdown source to a tagged PDF through LaTeX's own tagging code,
 * for the real-world corpus' documents marked `printed: "lualatex"` or
 * `"pdflatex"`: pandoc's standalone LaTeX (its default template, code
 * unhighlighted), with `\DocumentMetadata` asking for the tagging the
 * installed kernel offers, set by the engine named. The structure tree,
 * its namespaces and role map, and whatever the tagging code leaves
 * untagged are the kernel's, not ours.
 *
 * Debian bookworm's TeX Live 2022 tags paragraphs (`phase-II`: `text-unit`
 * and `text` in LaTeX's namespace, mapped to `Part` and `P`) and, with
 * LuaTeX, reports content it could not tag where a verbatim block breaks
 * across pages; TeX then exits non-zero but writes the PDF, which is
 * kept as written (the errors are printed).
 *
 * LuaLaTeX sets the listings in DejaVu Sans Mono (pandoc's `monofont`),
 * as a user setting such a README with it would: pandoc's default, Latin
 * Modern Mono, has no σ, ❯ nor box-drawing characters, which fd's listings
 * print (`hyperfine`'s `± σ`, a prompt, `tree`'s branches), and LuaTeX
 * leaves out what its font lacks. The body stays in Latin Modern, which has
 * every character of the prose but the Chinese and Korean of two links'
 * labels (no font here has them). pdfTeX sets Unicode through the T1 fonts
 * only: it prints no σ, ❯ nor box-drawing character (TeX reports each),
 * and sets `…` as three full stops, which no font it has holds as one
 * character. A mapping a user could write would give σ back (as the
 * mathematics' σ), but not the ellipsis beside it in the same listings,
 * nor ❯ or a branch of a tree as text: its renderings keep the producer's
 * losses, which the manifest names, and the references write what the
 * engine printed of each character (`_printed_characters.ts`).
 *
 *     apt-get install texlive-latex-recommended texlive-luatex texlive-latex-extra fonts-dejavu-core
 *
 * Used by `make_real_corpus.ts` only: the PDFs are committed, so neither
 * the tests nor CI need TeX.
 *
 * @module
 */
import { runCommand } from "./_run.ts";

/** An engine of the LaTeX tagging code. */
export type LatexEngine = "lualatex" | "pdflatex";

/** What the document asks of the kernel: the tagging phase TeX Live 2022 offers, PDF 2.0, its language. */
export const DOCUMENT_METADATA = "\\DocumentMetadata{testphase=phase-II,pdfversion=2.0,lang=en}";

/**
 * pandoc's variables for LuaLaTeX's fonts: the listings in DejaVu Sans Mono
 * (Debian's `fonts-dejavu-core`), scaled to the body's lowercase as
 * fontspec offers.
 */
const LUALATEX_FONTS = [
  "--variable=monofont:DejaVu Sans Mono",
  "--variable=monofontoptions:Scale=MatchLowercase",
];

/** A fixed date, so a rebuild writes the same bytes. */
const SOURCE_DATE_EPOCH = "1767225600";

/**
 * Sets `tex` with `engine` twice (the second run fills the outline and the
 * references) in `work`, and returns the PDF. TeX's errors in non-stop mode
 * are printed, not thrown: the PDF is what the tagging code made of the
 * source. No PDF at all is an error.
 */
async function setTwice(engine: LatexEngine, tex: string, work: string): Promise<Uint8Array> {
  const job = `${engine}-job`;
  await Deno.writeTextFile(`${work}/${job}.tex`, tex);
  let errors: string[] = [];
  for (let run = 0; run < 2; run++) {
    const output = await new Deno.Command(engine, {
      args: ["-interaction=nonstopmode", "-halt-on-error=false", `${job}.tex`],
      cwd: work,
      stdout: "null",
      stderr: "null",
      env: { SOURCE_DATE_EPOCH, FORCE_SOURCE_DATE: "1" },
    }).output();
    if (output.success) {
      errors = [];
      continue;
    }
    const log = await Deno.readTextFile(`${work}/${job}.log`);
    errors = log.split("\n").filter((line) => line.startsWith("!"));
  }
  if (errors.length > 0) {
    console.warn(`${engine}: ${errors.length} TeX errors, e.g. ${errors.slice(0, 3).join(" | ")}`);
  }
  return await Deno.readFile(`${work}/${job}.pdf`);
}

/**
 * The source through pandoc to standalone LaTeX for `engine`, `filter`
 * applied (the corpus' filter: no images or raw HTML), the metadata line
 * first.
 */
async function latexSource(
  engine: LatexEngine,
  input: string,
  format: string,
  filter: string,
  twoColumn: boolean,
  headingShift: number,
): Promise<string> {
  const args = [
    "-f",
    format,
    "-t",
    "latex",
    "--standalone",
    "--no-highlight",
    `--lua-filter=${filter}`,
    input,
  ];
  if (twoColumn) args.push("--variable=classoption:twocolumn");
  if (headingShift !== 0) args.push(`--shift-heading-level-by=${headingShift}`);
  if (engine === "lualatex") args.push(...LUALATEX_FONTS);
  const latex = new TextDecoder().decode(await runCommand("pandoc", args));
  return `${DOCUMENT_METADATA}\n${latex}`;
}

/**
 * Prints the Markdown file `input` (pandoc format `format`) to a tagged PDF
 * with `engine`, in two columns when `twoColumn`, its headings shifted by
 * `headingShift` levels (see `topHeadingShift`).
 */
export async function printLatex(
  engine: LatexEngine,
  input: string,
  format: string,
  filter: string,
  work: string,
  twoColumn = false,
  headingShift = 0,
): Promise<Uint8Array> {
  const tex = await latexSource(engine, input, format, filter, twoColumn, headingShift);
  const dir = await Deno.makeTempDir({ dir: work });
  return await setTwice(engine, tex, dir);
}

/**
 * The shift that makes a source's top heading level LaTeX's top division
 * (pandoc's `\section`): 0, or minus the levels above its highest heading.
 * A README whose title is an image or HTML (dropped, as the corpus' filter
 * drops them) opens at `###` and has no `#`: printed as it stands, its
 * headings would be `\subsection`s and `\subsubsection`s under no section,
 * and hyperref's outline would file a `\subsubsection` before the first
 * `\subsection` at the top beside it. Nothing on the page says which level
 * a document's largest heading had in its source; printed shifted, the page
 * and the outline show each heading's level, and the reference is shifted alike.
 */
export async function topHeadingShift(input: string, format: string, filter: string): Promise<number> {
  const json = new TextDecoder().decode(
    await runCommand("pandoc", ["-f", format, "-t", "json", `--lua-filter=${filter}`, input]),
  );
  const levels = [...json.matchAll(/"t":"Header","c":\[(\d)/g)].map((m) => Number(m[1]));
  return levels.length === 0 ? 0 : 1 - Math.min(...levels);
}

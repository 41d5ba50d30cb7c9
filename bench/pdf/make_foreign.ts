/**
 * Builds the foreign corpus (see `tests/_support/pdf_foreign_corpus.ts`):
 * packs each package from the npm registry, takes its README and licence,
 * normalises the README with pandoc (GitHub Markdown in and out, without
 * images, raw HTML or characters a TeX engine cannot set, cut to a few pages
 * at a heading), and renders it with pdflatex (in pandoc's paragraph style and
 * in LaTeX's default one), with wkhtmltopdf and with groff (pandoc's ms
 * output, through `pdfroff` and Ghostscript). Run once; the results are
 * committed so tests and CI need none of these tools. `--render` renders the
 * committed sources again without packing anything.
 *
 *     apt-get install pandoc texlive-latex-recommended texlive-fonts-recommended lmodern wkhtmltopdf \
 *       groff ghostscript
 *     deno run -A bench/pdf/make_foreign.ts [--render] [name…]
 *
 * @module
 */
import {
  FOREIGN,
  FOREIGN_DIR,
  type ForeignDocument,
  foreignPdfUrl,
  foreignSourceUrl,
} from "../../tests/_support/pdf_foreign_corpus.ts";
import { markdownToHtml, runCommand, type RunOptions } from "./_run.ts";

/** Source lines kept before cutting at the next heading. */
const KEEP_LINES = 150;

/**
 * Drops images, raw HTML, strike-through (TeX needs an extra package) and
 * links left without text (badges); names a language on every code block, so
 * each is written fenced rather than indented.
 */
export const FILTER = `
return {
  { Image = function() return {} end,
    RawInline = function() return {} end,
    RawBlock = function() return {} end,
    Strikeout = function(s) return s.content end,
    CodeBlock = function(c) if #c.classes == 0 then c.classes = { "text" } end return c end },
  { Link = function(l) if #l.content == 0 then return {} end end },
  { Para = function(p) if #p.content == 0 then return {} end end,
    Plain = function(p) if #p.content == 0 then return {} end end },
}
`;

/** Print style for wkhtmltopdf. */
const STYLE = `
body { font-family: "DejaVu Serif", serif; font-size: 11pt; line-height: 1.35; margin: 0; }
h1, h2, h3, h4, h5, h6 { font-family: "DejaVu Sans", sans-serif; }
pre, code { font-family: "DejaVu Sans Mono", monospace; font-size: 9pt; }
pre { background: #f4f4f4; padding: 6pt; }
blockquote { border-left: 3pt solid #ccc; margin-left: 0; padding-left: 10pt; color: #444; }
table { border-collapse: collapse; } th, td { border: 0.5pt solid #888; padding: 2pt 5pt; }
`;

/** Characters pdflatex sets with pandoc's default template, besides Latin-1. */
const TEX_SAFE = /[^\t\n\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2026]/gu;

/** A few common symbols spelled in ASCII, the rest dropped. */
const REPLACEMENTS: Record<string, string> = {
  "→": "->",
  "←": "<-",
  "✔": "yes",
  "✓": "yes",
  "✗": "no",
  "≥": ">=",
  "≤": "<=",
};

/** Runs a command, failing loudly; returns stdout. */
async function run(command: string, args: string[], opts: RunOptions = {}): Promise<string> {
  return new TextDecoder().decode(await runCommand(command, args, opts));
}

/** Keeps the first lines of Markdown, cut before the first heading past `keep` lines. */
function cut(markdown: string, keep: number): string {
  const lines = markdown.split("\n");
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*(```|~~~)/.test(lines[i]!)) fence = !fence;
    if (!fence && i >= keep && /^#{1,6} /.test(lines[i]!)) {
      return lines.slice(0, i).join("\n").trimEnd() + "\n";
    }
  }
  return markdown.trimEnd() + "\n";
}

/** Packs the package and returns its README and licence texts. */
export async function fetchPackage(
  doc: ForeignDocument,
  work: string,
): Promise<{ readme: string; license: string }> {
  const dir = `${work}/${doc.name}`;
  await Deno.mkdir(dir, { recursive: true });
  const tgz = (await run("npm", ["pack", `${doc.name}@${doc.version}`, "--silent"], { cwd: dir })).trim();
  await run("tar", ["-xzf", tgz], { cwd: dir });
  const files = [...Deno.readDirSync(`${dir}/package`)].map((e) => e.name);
  const pick = (re: RegExp) => files.find((f) => re.test(f));
  const readme = pick(/^readme(\.md|\.markdown)?$/i);
  const license = pick(/^licen[sc]e/i);
  if (!readme) throw new Error(`${doc.name}: no README`);
  return {
    readme: await Deno.readTextFile(`${dir}/package/${readme}`),
    license: license
      ? await Deno.readTextFile(`${dir}/package/${license}`)
      : `${doc.license} (no licence file shipped)`,
  };
}

/** Normalises a README: pandoc GitHub Markdown round trip, filtered, cut, TeX-safe. */
export async function normalise(name: string, readme: string, work: string): Promise<string> {
  const filter = `${work}/filter.lua`;
  await Deno.writeTextFile(filter, FILTER);
  const once = await run(
    "pandoc",
    ["-f", "gfm", "-t", "gfm-emoji", "--wrap=none", `--lua-filter=${filter}`],
    {
      stdin: readme,
    },
  );
  const safe = cut(once, KEEP_LINES)
    .replace(/[→←✔✓✗≥≤]/gu, (c) => REPLACEMENTS[c] ?? "")
    .replace(TEX_SAFE, "");
  // A README's title is often an HTML heading with a logo, dropped above: the package name stands in.
  const titled = /^# /m.test(safe) ? safe : `# ${name}\n\n${safe}`;
  // A second pass settles what the cut and the character filter changed.
  return await run("pandoc", ["-f", "gfm", "-t", "gfm", "--wrap=none"], { stdin: titled });
}

/**
 * Renders a Markdown file with pandoc → pdflatex. With `indent`, paragraphs
 * are set as LaTeX sets them by default (first line indented, no space
 * between) at 11 pt, where pandoc's template otherwise spaces them apart
 * unindented.
 */
export async function renderTex(source: string, out: string, { indent = false } = {}) {
  await run("pandoc", [
    "-f",
    "gfm",
    source,
    "--pdf-engine=pdflatex",
    "-V",
    "geometry:a4paper,margin=2.2cm",
    "-V",
    "colorlinks=true",
    ...(indent ? ["-V", "indent", "-V", "fontsize=11pt"] : []),
    "-o",
    out,
  ]);
}

/** Renders a Markdown file with pandoc → HTML → wkhtmltopdf. */
export async function renderWebkit(source: string, out: string, work: string) {
  const html = `${work}/page.html`;
  const css = `${work}/style.css`;
  await Deno.writeTextFile(css, STYLE);
  await Deno.writeTextFile(html, await markdownToHtml(source, ["--css", css, "--self-contained"]));
  await run("wkhtmltopdf", [
    "--quiet",
    "--page-size",
    "A4",
    "--margin-top",
    "18mm",
    "--margin-bottom",
    "18mm",
    "--margin-left",
    "18mm",
    "--margin-right",
    "18mm",
    html,
    out,
  ]);
}

/**
 * Renders a Markdown file with pandoc → ms → groff: `pdfroff` typesets it
 * with troff (justified, hyphenated, code in Courier) and Ghostscript writes
 * the PDF, which keeps no text drawn past the page's edge.
 */
export async function renderRoff(source: string, out: string) {
  await run("pandoc", ["-f", "gfm", source, "--pdf-engine=pdfroff", "-o", out]);
}

/** Renders a document's committed source with every producer. */
async function render(doc: ForeignDocument, work: string) {
  const source = foreignSourceUrl(doc.name).pathname;
  await renderTex(source, foreignPdfUrl(doc.name, "pdflatex").pathname);
  await renderTex(source, foreignPdfUrl(doc.name, "pdflatex-indent").pathname, { indent: true });
  await renderWebkit(source, foreignPdfUrl(doc.name, "wkhtmltopdf").pathname, work);
  await renderRoff(source, foreignPdfUrl(doc.name, "groff").pathname);
  console.log(`${doc.name}: done`);
}

if (import.meta.main) {
  const rendering = Deno.args.includes("--render");
  const only = new Set(Deno.args.filter((arg) => arg !== "--render"));
  const work = await Deno.makeTempDir({ prefix: "foreign-corpus-" });
  await Deno.mkdir(new URL("src/", FOREIGN_DIR), { recursive: true });
  await Deno.mkdir(new URL("pdf/", FOREIGN_DIR), { recursive: true });
  await Deno.mkdir(new URL("licenses/", FOREIGN_DIR), { recursive: true });
  try {
    for (const doc of FOREIGN.filter((d) => only.size === 0 || only.has(d.name))) {
      // `--render`: the PDFs again from the committed sources, without packing anything.
      if (!rendering) {
        const { readme, license } = await fetchPackage(doc, work);
        await Deno.writeTextFile(new URL(`licenses/${doc.name}.txt`, FOREIGN_DIR), license);
        await Deno.writeTextFile(foreignSourceUrl(doc.name), await normalise(doc.name, readme, work));
        // The repository's formatter owns committed Markdown: format before rendering, so the PDFs match.
        await run(Deno.execPath(), ["fmt", "-q", foreignSourceUrl(doc.name).pathname]);
      }
      await render(doc, work);
    }
    const rows = FOREIGN.map((d) =>
      `| ${d.name} | ${d.version} | ${d.license} | ${
        d.heldOut ? "held out" : "tuning"
      } | licenses/${d.name}.txt |`
    );
    await Deno.writeTextFile(
      new URL("LICENSES.md", FOREIGN_DIR),
      "# Sources of the foreign corpus\n\nEach `src/*.md` is the README of an npm package, normalised and shortened " +
        "by `make_foreign.ts`; each package's own licence applies to its text and is copied under `licenses/`.\n\n" +
        "| Package | Version | Licence | Part | Licence text |\n|---|---|---|---|---|\n" + rows.join("\n") +
        "\n",
    );
    await run(Deno.execPath(), ["fmt", "-q", new URL("LICENSES.md", FOREIGN_DIR).pathname]);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

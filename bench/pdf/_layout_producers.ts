/**
 * The layout corpus' producers: Debian tools the earlier corpora do not use,
 * each laying out and writing PDFs its own way, fed the foreign corpus'
 * Markdown through pandoc.
 *
 * - `weasyprint`: HTML → WeasyPrint (its own layout engine and PDF writer),
 *   in a print style whose headings are set at body size (small capitals,
 *   italics: only the outline WeasyPrint writes from them tells them apart),
 *   whose tables are ruled in small type and whose quotes are set in only.
 * - `weasyprint-columns`: the same in two columns.
 * - `gropdf`: pandoc's ms → groff writing PDF itself (`-Tpdf`), tables boxed
 *   (`allbox`), with the outline pandoc's `.pdfhref O` marks make.
 * - `rst2pdf`: reStructuredText → rst2pdf (ReportLab), tables ruled in a
 *   grid, an outline from the sections.
 * - `abiword`: HTML → AbiWord's PDF export (no outline, no tags).
 *
 *     apt-get install pandoc weasyprint groff abiword rst2pdf
 *
 * @module
 */

import type { LayoutProducer } from "../../tests/_support/pdf_layout_corpus.ts";
import { runCommand } from "./_run.ts";

/** The print style for WeasyPrint and AbiWord: body-size headings, ruled small tables, quotes set in only. */
const STYLE = `
@page { size: A4; margin: 20mm; }
body { font-family: "DejaVu Serif", serif; font-size: 10.5pt; line-height: 1.4; }
h1, h2, h3, h4, h5, h6 { font-size: 10.5pt; font-weight: normal; margin: 1.1em 0 0.4em; }
h1 { font-variant: small-caps; letter-spacing: 0.06em; }
h2 { font-style: italic; }
h3 { font-variant: small-caps; font-style: italic; }
h4, h5, h6 { text-decoration: underline; }
pre, code { font-family: "DejaVu Sans Mono", monospace; font-size: 8.5pt; }
table { border-collapse: collapse; font-family: "DejaVu Sans", sans-serif; font-size: 8pt; }
th, td { border: 0.6pt solid #000; padding: 1.5pt 3pt; text-align: left; vertical-align: top; }
blockquote { margin: 0.6em 2.2em; padding: 0; border: none; }
`;

/** The two-column variant. */
const COLUMNS = `${STYLE}
body { columns: 2; column-gap: 16pt; font-size: 9.5pt; }
h1, h2, h3, h4, h5, h6 { font-size: 9.5pt; }
pre { white-space: pre-wrap; }
`;

/** The Markdown as a standalone HTML page in `style`, its tables ruled by attribute too (AbiWord reads no CSS borders). */
async function html(source: string, style: string, work: string): Promise<string> {
  const css = `${work}/style.html`, page = `${work}/page.html`;
  await Deno.writeTextFile(css, `<style>${style}</style>`);
  const out = await runCommand("pandoc", [
    "-f",
    "gfm",
    "-t",
    "html5",
    "-s",
    "--metadata",
    `pagetitle=${source.split("/").pop()}`,
    "--include-in-header",
    css,
    source,
  ]);
  await Deno.writeTextFile(
    page,
    new TextDecoder().decode(out).replaceAll("<table>", '<table border="1" cellspacing="0">'),
  );
  return page;
}

/** Renders the Markdown file `source` to `out` with a producer; `work` is a scratch directory. */
export async function renderLayout(producer: LayoutProducer, source: string, out: string, work: string) {
  switch (producer) {
    case "weasyprint":
    case "weasyprint-columns": {
      const page = await html(source, producer === "weasyprint" ? STYLE : COLUMNS, work);
      await runCommand("weasyprint", ["--quiet", page, out]);
      return;
    }
    case "abiword": {
      const page = await html(source, STYLE, work);
      await runCommand("abiword", ["--to=pdf", `--to-name=${out}`, page]);
      return;
    }
    case "gropdf": {
      const ms = new TextDecoder().decode(
        await runCommand("pandoc", ["-f", "gfm", "-t", "ms", "-s", source]),
      );
      // Every table boxed and ruled between all its cells.
      const boxed = ms.replace(
        /^\.TS\n([^\n;]*);/gm,
        (_, options: string) => `.TS\n${options.trim()} allbox;`,
      );
      const pdf = await runCommand("groff", ["-ms", "-mpdfmark", "-e", "-t", "-k", "-KUTF-8", "-Tpdf"], {
        stdin: boxed,
      });
      await Deno.writeFile(out, pdf);
      return;
    }
    case "rst2pdf": {
      const rst = `${work}/page.rst`, filter = `${work}/links.lua`;
      // A link to a heading's anchor names a target reStructuredText does not have: its text stays.
      await Deno.writeTextFile(
        filter,
        'function Link(l) if l.target:sub(1, 1) == "#" then return l.content end end',
      );
      await runCommand("pandoc", ["-f", "gfm", "-t", "rst", "--lua-filter", filter, source, "-o", rst]);
      await runCommand("rst2pdf", [rst, "-o", out]);
      return;
    }
  }
}

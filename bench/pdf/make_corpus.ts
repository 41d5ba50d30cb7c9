/**
 * Renders the corpus Markdown to PDF with real engines, from Debian's
 * packages: pandoc (Markdown → HTML or ODT), headless Chromium (HTML → tagged
 * PDF) and LibreOffice (ODT → PDF). Run once after changing a source; the
 * PDFs are committed so tests and CI need none of these tools.
 *
 *     apt-get install pandoc chromium libreoffice-writer-nogui
 *     deno run -A bench/pdf/make_corpus.ts [name…]
 *
 * @module
 */
import { CORPUS, type CorpusDocument, pdfUrl, sourceUrl } from "../../tests/_support/pdf_corpus.ts";

/** Print styles: distinct heading sizes, a monospace face for code, ruled tables. */
const STYLE = `
@page { size: A4; margin: 2cm 2cm; }
body { font-family: "Liberation Serif", serif; font-size: 11pt; line-height: 1.35; margin: 0; }
h1 { font-size: 22pt; } h2 { font-size: 17pt; } h3 { font-size: 14pt; }
h4 { font-size: 12.5pt; } h5 { font-size: 11pt; } h6 { font-size: 10pt; }
h1, h2, h3, h4, h5, h6 { font-family: "Liberation Sans", sans-serif; font-weight: bold; margin: 1em 0 0.4em; }
pre, code { font-family: "DejaVu Sans Mono", monospace; font-size: 9pt; }
pre { margin: 0.6em 0 0.6em 1em; }
table { border-collapse: collapse; margin: 0.6em 0; }
th, td { border: 0.5pt solid #666; padding: 2pt 6pt; text-align: left; vertical-align: top; }
a { color: #1a4fa0; }
body.two-column { column-count: 2; column-gap: 1cm; }
body.two-column h1 { column-span: all; }
`;

/** Runs a command, failing loudly. */
async function run(command: string, args: string[], cwd?: string): Promise<Uint8Array> {
  const output = await new Deno.Command(command, { args, cwd, stdout: "piped", stderr: "piped" }).output();
  if (!output.success) {
    throw new Error(`${command} failed: ${new TextDecoder().decode(output.stderr).slice(-2000)}`);
  }
  return output.stdout;
}

/** Puts soft hyphens into long words of text outside tags and code. */
function softHyphenate(html: string): string {
  let inCode = 0;
  return html.split(/(<[^>]+>)/).map((part) => {
    if (part.startsWith("<")) {
      if (/^<(pre|code)\b/i.test(part)) inCode++;
      if (/^<\/(pre|code)>/i.test(part)) inCode--;
      return part;
    }
    if (inCode > 0) return part;
    return part.replace(
      /\p{L}{9,}/gu,
      (word) => word.replace(/(?<=\p{L}{4})(?=\p{L}{4})/gu, (_, i) => i % 3 === 0 ? "\u00ad" : ""),
    );
  }).join("");
}

/** Renders one document with Chromium. */
async function renderChromium(doc: CorpusDocument, work: string) {
  const body = new TextDecoder().decode(
    await run("pandoc", ["-f", "markdown", "-t", "html5", sourceUrl(doc.name).pathname]),
  );
  const title = /<h1[^>]*>(.*?)<\/h1>/s.exec(body)?.[1]?.replace(/<[^>]+>/g, "") ?? doc.name;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
    `<style>${STYLE}</style></head><body class="${doc.twoColumn ? "two-column" : ""}">` +
    `${doc.hyphenate ? softHyphenate(body) : body}</body></html>`;
  const htmlPath = `${work}/${doc.name}.html`;
  await Deno.writeTextFile(htmlPath, html);
  const out = pdfUrl(doc.name, "chromium").pathname;
  await run("chromium", [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--user-data-dir=${work}/profile`,
    ...(doc.headerFooter ? [] : ["--no-pdf-header-footer"]),
    `--print-to-pdf=${out}`,
    `file://${htmlPath}`,
  ]);
}

/** Renders one document with LibreOffice, through an ODT written by pandoc. */
async function renderLibreOffice(doc: CorpusDocument, work: string) {
  const odt = `${work}/${doc.name}.odt`;
  await run("pandoc", ["-f", "markdown", "-o", odt, sourceUrl(doc.name).pathname]);
  await run("soffice", [
    "--headless",
    `-env:UserInstallation=file://${work}/lo`,
    "--convert-to",
    "pdf",
    "--outdir",
    work,
    odt,
  ]);
  await Deno.copyFile(`${work}/${doc.name}.pdf`, pdfUrl(doc.name, "libreoffice").pathname);
}

if (import.meta.main) {
  const only = new Set(Deno.args);
  const work = await Deno.makeTempDir({ prefix: "corpus-" });
  await Deno.mkdir(new URL("pdf/", sourceUrl("x").href.replace(/src\/x\.md$/, "")), { recursive: true });
  try {
    for (const doc of CORPUS) {
      if (only.size && !only.has(doc.name)) continue;
      for (const engine of doc.engines) {
        if (engine === "chromium") await renderChromium(doc, work);
        else await renderLibreOffice(doc, work);
        console.log(`rendered ${doc.name}.${engine}.pdf`);
      }
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

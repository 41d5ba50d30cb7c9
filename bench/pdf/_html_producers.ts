/**
 * Four HTML → PDF producers from Debian that the earlier corpora do not use,
 * each writing PDFs another way: WeasyPrint (its own layout engine; an
 * outline from the headings, no tags), Chromium's print to PDF (Skia; tagged,
 * with an outline), LibreOffice Writer (imports the HTML as a text document;
 * an outline from its heading styles, no tags) and AbiWord (a word processor
 * of its own: no outline, no tags, no space between paragraphs). The layout fixtures
 * and the layout corpus are made with them; tests read the committed PDFs.
 *
 * Missing producers are installed with apt-get when running as root
 * (`weasyprint`, `chromium`, `libreoffice-writer-nogui`, `abiword`).
 *
 * @module
 */

import { runCommand } from "./_run.ts";

/** A producer of the layout fixtures and corpus. */
export type HtmlProducer = "weasyprint" | "chromium" | "libreoffice" | "abiword";

/** Each producer's command, how to tell it is there, and its Debian package. */
const TOOLS: Record<HtmlProducer, { command: string; pkg: string }> = {
  weasyprint: { command: "weasyprint", pkg: "weasyprint" },
  chromium: { command: "chromium", pkg: "chromium" },
  libreoffice: { command: "soffice", pkg: "libreoffice-writer-nogui" },
  abiword: { command: "abiword", pkg: "abiword" },
};

/** Runs a command, failing loudly with its error output. */
async function run(command: string, args: string[]): Promise<void> {
  await runCommand(command, args);
}

/** True when a command runs. */
async function present(command: string): Promise<boolean> {
  try {
    return (await new Deno.Command(command, { args: ["--version"], stdout: "null", stderr: "null" }).output())
      .success;
  } catch {
    return false;
  }
}

/** Installs the producers that are missing (as root), or fails saying how. */
export async function ensureProducers(producers: readonly HtmlProducer[]): Promise<void> {
  const missing: string[] = [];
  for (const p of producers) if (!(await present(TOOLS[p].command))) missing.push(TOOLS[p].pkg);
  if (missing.length === 0) return;
  if (Deno.uid() !== 0) throw new Error(`Missing producers: sudo apt-get install -y ${missing.join(" ")}`);
  await run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing]);
}

/**
 * Renders an HTML file to `out` with a producer. `work` is a scratch
 * directory (LibreOffice writes next to its output and keeps a profile there).
 * `pageFurniture` keeps Chromium's page head and foot (date, title, address,
 * page number), as a browser prints by default.
 */
export async function renderHtml(
  producer: HtmlProducer,
  html: string,
  out: string,
  work: string,
  { pageFurniture = false } = {},
) {
  switch (producer) {
    case "weasyprint":
      return await run("weasyprint", ["--quiet", html, out]);
    case "abiword":
      return await run("abiword", ["--to=pdf", `--to-name=${out}`, html]);
    case "chromium":
      return await run("chromium", [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        `--user-data-dir=${work}/chromium`,
        ...pageFurniture ? [] : ["--no-pdf-header-footer"],
        "--generate-pdf-document-outline",
        `--print-to-pdf=${out}`,
        html,
      ]);
    case "libreoffice": {
      // Writer (not Writer/Web) lays the page out; the PDF filter exports its headings as bookmarks.
      const dir = `${work}/libreoffice`;
      await run("soffice", [
        `-env:UserInstallation=file://${work}/lo-profile`,
        "--headless",
        "--infilter=HTML (StarWriter)",
        "--convert-to",
        'pdf:writer_pdf_Export:{"ExportBookmarks":{"type":"boolean","value":"true"}}',
        "--outdir",
        dir,
        html,
      ]);
      const stem = html.split("/").pop()!.replace(/\.html?$/, "");
      await Deno.rename(`${dir}/${stem}.pdf`, out);
    }
  }
}

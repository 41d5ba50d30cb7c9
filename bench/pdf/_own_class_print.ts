/**
 * Prints a LaTeX paper as its authors set it, with its own journal or
 * conference class, through LaTeX's tagging code: for the real-world
 * corpus' documents marked `ownClass` (see `make_real_corpus.ts`). The
 * repository publishes the source, its class, bibliography database and
 * figures but no tagged PDF of it; the PDF is the source with
 * `\DocumentMetadata` (the tagging TeX Live 2022 offers,
 * `DOCUMENT_METADATA`) put before its `\documentclass` and nothing else
 * changed, set as its authors' build does: the engine, BibTeX, the engine
 * twice more. Unlike `printLatex`, no pandoc stands between the source and
 * the page: the title block, the affiliations, the floats and the class'
 * headings are the class' own.
 *
 * Used by `make_real_corpus.ts` only: the PDFs are committed, so neither
 * the tests nor CI need TeX.
 *
 * @module
 */
import { runCommand } from "./_run.ts";
import { DOCUMENT_METADATA, type LatexEngine } from "./_latex_producers.ts";

/** A fixed date, so a rebuild writes the same bytes. */
const SOURCE_DATE_EPOCH = "1767225600";

/** Where a paper's files come from: a repository snapshot's git directory at a commit. */
export interface PaperFiles {
  /** The bare git directory of the repository's snapshot. */
  gitDir: string;
  /** The commit the files are taken from. */
  commit: string;
  /** The source's path in the repository; every file of its folder is copied beside it. */
  source: string;
  /** Further files the source reads from elsewhere in the repository (its class, a BibTeX style). */
  extra?: readonly string[];
}

/** Copies the source's folder, and the extra files by their base names, into `dir`. */
async function copyFiles(files: PaperFiles, dir: string): Promise<void> {
  const folder = files.source.slice(0, files.source.lastIndexOf("/") + 1);
  const tar = await runCommand("git", ["--git-dir", files.gitDir, "archive", `${files.commit}:${folder}`]);
  await Deno.writeFile(`${dir}/folder.tar`, tar);
  await runCommand("tar", ["-xf", "folder.tar"], { cwd: dir });
  for (const path of files.extra ?? []) {
    const bytes = await runCommand("git", ["--git-dir", files.gitDir, "show", `${files.commit}:${path}`]);
    await Deno.writeFile(`${dir}/${path.slice(path.lastIndexOf("/") + 1)}`, bytes);
  }
}

/** Runs `command` in `dir` with a fixed date; TeX's errors in non-stop mode are kept, not thrown. */
async function run(command: string, args: string[], dir: string): Promise<boolean> {
  const output = await new Deno.Command(command, {
    args,
    cwd: dir,
    stdout: "null",
    stderr: "null",
    env: { SOURCE_DATE_EPOCH, FORCE_SOURCE_DATE: "1" },
  }).output();
  return output.success;
}

/**
 * The source of `files` set by its own class with `engine`, tagged, in a
 * fresh folder under `work`: returns the PDF. The last run's TeX errors are
 * printed (the PDF is what the tagging code made of the source); no PDF at
 * all is an error.
 */
export async function printOwnClass(
  engine: LatexEngine,
  files: PaperFiles,
  work: string,
): Promise<Uint8Array> {
  const dir = await Deno.makeTempDir({ dir: work });
  await copyFiles(files, dir);
  const name = files.source.slice(files.source.lastIndexOf("/") + 1);
  const source = await Deno.readTextFile(`${dir}/${name}`);
  const job = "own-class-job";
  await Deno.writeTextFile(`${dir}/${job}.tex`, `${DOCUMENT_METADATA}\n${source}`);
  const tex = ["-interaction=nonstopmode", "-halt-on-error=false", `${job}.tex`];
  await run(engine, tex, dir);
  if (/\\bibliography\{/.test(source)) await run("bibtex", [job], dir);
  await run(engine, tex, dir);
  if (!(await run(engine, tex, dir))) {
    const log = await Deno.readTextFile(`${dir}/${job}.log`);
    const errors = log.split("\n").filter((line) => line.startsWith("!"));
    console.warn(`${engine}: ${errors.length} TeX errors, e.g. ${errors.slice(0, 3).join(" | ")}`);
  }
  return await Deno.readFile(`${dir}/${job}.pdf`);
}

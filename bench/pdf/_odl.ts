/**
 * Runs OpenDataLoader PDF (`@opendataloader/pdf`, a Java converter; its npm
 * package ships the jar) over a set of PDFs in one JVM, as its CLI is meant to
 * be used, and returns each file's Markdown with the batch's wall time.
 *
 * @module
 */

/** Where the jar sits once `deno install` has fetched the package. */
function jarPath(): string {
  const root = new URL("../../node_modules/", import.meta.url).pathname;
  const candidates = [
    `${root}@opendataloader/pdf/lib/opendataloader-pdf-cli.jar`,
    ...[...safeReadDir(`${root}.deno`)].filter((d) => d.startsWith("@opendataloader+pdf@")).map((d) =>
      `${root}.deno/${d}/node_modules/@opendataloader/pdf/lib/opendataloader-pdf-cli.jar`
    ),
  ];
  const found = candidates.find((p) => safeStat(p));
  if (!found) throw new Error("OpenDataLoader's jar not found: run `deno install` first");
  return found;
}

/** Directory entry names, or none. */
function* safeReadDir(dir: string): Generator<string> {
  try {
    for (const e of Deno.readDirSync(dir)) yield e.name;
  } catch {
    // absent
  }
}

/** True when a file exists. */
function safeStat(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** True when `java` runs. */
export async function haveJava(): Promise<boolean> {
  try {
    return (await new Deno.Command("java", { args: ["-version"], stdout: "null", stderr: "null" }).output())
      .success;
  } catch {
    return false;
  }
}

/** Result of one batch. */
export interface OdlBatch {
  /** Markdown by input path. */
  markdown: Map<string, string>;
  ms: number;
}

/** Converts the PDFs at `paths` (distinct file names) in one run of the CLI. */
export async function runOdl(paths: readonly string[]): Promise<OdlBatch> {
  const work = await Deno.makeTempDir({ prefix: "odl-" });
  try {
    const input = `${work}/in`, output = `${work}/out`;
    await Deno.mkdir(input);
    for (const path of paths) await Deno.symlink(path, `${input}/${path.split("/").pop()}`);
    const started = performance.now();
    const run = await new Deno.Command("java", {
      args: ["-jar", jarPath(), "-f", "markdown", "-o", output, "--image-output", "off", input],
      stdout: "null",
      stderr: "piped",
    }).output();
    const ms = performance.now() - started;
    if (!run.success) {
      throw new Error(`OpenDataLoader failed: ${new TextDecoder().decode(run.stderr).slice(-800)}`);
    }
    const markdown = new Map<string, string>();
    for (const path of paths) {
      const stem = path.split("/").pop()!.replace(/\.pdf$/, "");
      let text = "";
      try {
        text = await Deno.readTextFile(`${output}/${stem}.md`);
      } catch {
        // no output for this file: scored as empty
      }
      markdown.set(path, text);
    }
    return { markdown, ms };
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

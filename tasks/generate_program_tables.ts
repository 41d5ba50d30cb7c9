/**
 * Generates `lib/solana/transaction/program_errors/generated.json`: program
 * names and custom-error tables read from maintained sources — the IDLs and
 * generated error modules protocol teams publish in their npm packages, the
 * Rust error enums in programs' own repositories, and the program ids in the
 * Carbon indexer's decoders — rather than typed by hand.
 *
 * Each table records where it was read (package and version, or repository
 * and commit, and the file), how (`extract`: the kind of source and its
 * options), and the SHA-256 of the exact file. A program id is only accepted
 * when the named package or repository mentions it.
 *
 * The source files are kept in a cache outside the repository (never
 * committed): `tests/solana/program_tables_test.ts` derives every table again
 * from whatever sources are on the machine — the cache where this task ran,
 * and the packages Deno installs for the import map (the `@solana-program/*`
 * clients) everywhere, CI included — and fails when a row or a digest differs.
 *
 * Run: `deno run -A tasks/generate_program_tables.ts [mirror-dir]`. npm
 * packages are fetched with `npm pack`; GitHub sources are read from bare
 * mirrors under `mirror-dir` (default `/work/.mirror`, one `<owner>+<repo>/repo`
 * per repository).
 *
 * @module
 */
import { sha256Hex, tableRows } from "./program_tables/extract.ts";
import { ERROR_SOURCES, type ErrorSource, NAME_SOURCES } from "./program_tables/sources.ts";
import { sourceCache } from "./program_tables/local_sources.ts";

const OUT = new URL("../lib/solana/transaction/program_errors/generated.json", import.meta.url);

async function run(
  command: string,
  args: string[],
): Promise<{ ok: boolean; out: string; bytes: Uint8Array }> {
  const result = await new Deno.Command(command, { args, stdout: "piped", stderr: "null" }).output();
  return { ok: result.success, out: new TextDecoder().decode(result.stdout), bytes: result.stdout };
}

/** Unpacks `name@version` into the cache (once) and returns its directory. */
async function pack(spec: string): Promise<string> {
  const target = `${sourceCache()}/npm/${spec.replace("/", "+")}`;
  // Whole packages only: `fetch_sources.ts` keeps just the source files, too little to confirm a program id.
  try {
    await Deno.stat(`${target}/.complete`);
    return `${target}/package`;
  } catch { /* not fetched whole yet */ }
  await Deno.mkdir(target, { recursive: true });
  const packed = await run("npm", ["pack", spec, "--silent", "--pack-destination", target]);
  if (!packed.ok) throw new Error(`npm pack ${spec} failed`);
  const tarball = packed.out.trim().split("\n").pop()!;
  if (!(await run("tar", ["-xzf", `${target}/${tarball}`, "-C", target])).ok) {
    throw new Error(`could not unpack ${tarball}`);
  }
  await Deno.remove(`${target}/${tarball}`);
  await Deno.writeTextFile(`${target}/.complete`, "");
  return `${target}/package`;
}

/** Whether `text` occurs in any file under `dir`. */
async function mentions(dir: string, text: string): Promise<boolean> {
  const grep = await run("grep", ["-r", "-l", "-F", "-m1", text, dir]);
  return grep.ok && grep.out.length > 0;
}

/** The bytes of a source file, after checking that its package or repository names the program. */
async function sourceBytes(source: ErrorSource, mirrors: string): Promise<Uint8Array> {
  const [scheme, spec] = [
    source.origin.slice(0, source.origin.indexOf(":")),
    source.origin.slice(source.origin.indexOf(":") + 1),
  ];
  if (scheme === "npm") {
    const dir = await pack(spec);
    if (!(await mentions(dir, source.program))) throw new Error(`${spec} never mentions ${source.program}`);
    return await Deno.readFile(`${dir}/${source.file}`);
  }
  const [repo, commit] = spec.split("@") as [string, string];
  const git = `${mirrors}/${repo.replace("/", "+")}/repo`;
  if (!(await run("git", ["-C", git, "grep", "-l", "-F", source.program, commit])).out) {
    throw new Error(`${repo}@${commit} never mentions ${source.program}`);
  }
  const shown = await run("git", ["-C", git, "show", `${commit}:${source.file}`]);
  if (!shown.ok) throw new Error(`no ${source.file} in ${repo}@${commit}`);
  // Kept beside the npm packages so the table test can read it without the mirror.
  const copy = `${sourceCache()}/github/${repo.replace("/", "+")}@${commit}/${source.file}`;
  await Deno.mkdir(copy.slice(0, copy.lastIndexOf("/")), { recursive: true });
  await Deno.writeFile(copy, shown.bytes);
  return shown.bytes;
}

/** Kinds whose sources are Anchor IDLs: their programs are Anchor programs. */
const ANCHOR_KINDS = new Set(["anchor_json", "anchor_js", "anchor_client_gen"]);

async function errorTable(source: ErrorSource, mirrors: string) {
  const bytes = await sourceBytes(source, mirrors);
  const extract = {
    kind: source.kind,
    ...(source.prefix ? { prefix: source.prefix } : {}),
    ...(source.enumName ? { enumName: source.enumName } : {}),
    ...(source.scope ? { scope: source.scope } : {}),
  };
  const errors = tableRows(new TextDecoder().decode(bytes), extract);
  if (errors.length === 0) throw new Error(`no errors found in ${source.origin}/${source.file}`);
  const anchor = source.anchor ?? (ANCHOR_KINDS.has(source.kind) || errors[0]![0] >= 6000);
  console.log(`${source.name}: ${errors.length} errors`);
  return {
    program: source.program,
    programName: source.name,
    source: `${source.origin}/${source.file}`,
    sha256: await sha256Hex(bytes),
    extract,
    anchor,
    errors,
  };
}

/** The program id a Carbon decoder declares (`PROGRAM_ID ... from_str_const("...")`), and its file. */
async function carbonProgram(carbon: string, decoder: string): Promise<{ program: string; file: string }> {
  const file = `decoders/${decoder}/src/lib.rs`;
  const shown = await run("git", ["-C", carbon, "show", `HEAD:${file}`]);
  const program = shown.out.match(
    /PROGRAM_ID[\s\S]{0,120}?from_str_const\(\s*"([1-9A-HJ-NP-Za-km-z]{32,44})"/,
  )?.[1];
  if (!shown.ok || !program) throw new Error(`no program id in carbon ${file}`);
  return { program, file };
}

async function names(mirrors: string) {
  const carbon = `${mirrors}/sevenlabs-hq+carbon/repo`;
  const carbonCommit = (await run("git", ["-C", carbon, "rev-parse", "HEAD"])).out.trim();
  const found = [];
  for (const entry of NAME_SOURCES) {
    if (entry.from.startsWith("carbon:")) {
      const { program, file } = await carbonProgram(carbon, entry.from.slice(7));
      found.push({
        program,
        programName: entry.name,
        source: `github:sevenlabs-hq/carbon@${carbonCommit}/${file}`,
      });
      continue;
    }
    const dir = await pack(entry.from);
    if (!entry.program || !(await mentions(dir, entry.program))) {
      throw new Error(`${entry.from} never mentions ${entry.program}`);
    }
    found.push({ program: entry.program, programName: entry.name, source: `npm:${entry.from}` });
  }
  return found;
}

async function main(mirrors: string) {
  const tables = [];
  for (const source of ERROR_SOURCES) tables.push(await errorTable(source, mirrors));
  const programs = new Set(tables.map((table) => table.program));
  if (programs.size !== tables.length) throw new Error("a program is listed twice");
  await Deno.writeTextFile(OUT, JSON.stringify({ tables, names: await names(mirrors) }, null, 1) + "\n");
  // Written in the repository's own format, so regenerating changes only what changed.
  await run("deno", ["fmt", "--quiet", OUT.pathname]);
  const codes = tables.reduce((sum, table) => sum + table.errors.length, 0);
  console.log(`${tables.length} error tables, ${codes} codes`);
}

if (import.meta.main) await main(Deno.args[0] ?? "/work/.mirror");

/**
 * Puts the npm source file of every generated error table into the source
 * cache (`local_sources.ts`), so that the table test can derive each table
 * again offline: run before the tests (`tasks/ensure_tools.ts`), on CI too.
 * Only the recorded file of each package is kept. Best effort: a package the
 * registry does not answer for is reported and left out, and the test then
 * checks that table for consistency only.
 *
 * Run: `deno run -A tasks/program_tables/fetch_sources.ts`
 *
 * @module
 */
import generated from "../../lib/solana/transaction/program_errors/generated.json" with { type: "json" };
import { sha256Hex } from "./extract.ts";
import { parseSource, sourceCache } from "./local_sources.ts";

/** npm processes run at once, each packing its share of the packages. */
const PARALLEL = 3;

async function matches(path: string, sha256: string): Promise<boolean> {
  try {
    return (await sha256Hex(await Deno.readFile(path))) === sha256;
  } catch {
    return false;
  }
}

/** The file name `npm pack` gives a package's tarball: `@scope/name@1.2.3` → `scope-name-1.2.3.tgz`. */
function tarballName(spec: string): string {
  const at = spec.lastIndexOf("@");
  return `${spec.slice(0, at).replace(/^@/, "").replace("/", "-")}-${spec.slice(at + 1)}.tgz`;
}

/** Keeps `files` of the packed `spec` (a tarball in `work`) in the cache; throws when it lacks them. */
async function keepFiles(work: string, spec: string, files: string[]): Promise<void> {
  const dir = `${work}/${tarballName(spec)}.d`;
  await Deno.mkdir(dir);
  const untar = await new Deno.Command("tar", {
    args: ["-xzf", `${work}/${tarballName(spec)}`, "-C", dir, ...files.map((file) => `package/${file}`)],
    stderr: "null",
  }).output();
  if (!untar.success) throw new Error(`${spec} lacks ${files.join(", ")}`);
  for (const file of files) {
    const target = `${sourceCache()}/npm/${spec.replace("/", "+")}/package/${file}`;
    await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
    await Deno.copyFile(`${dir}/package/${file}`, target);
  }
}

/** Packs a batch of packages with one npm process (its start-up dominates small packages) and keeps their files. */
async function fetchBatch(batch: Array<[spec: string, files: string[]]>, failed: string[]): Promise<void> {
  const work = await Deno.makeTempDir({ prefix: "table-sources-" });
  try {
    await new Deno.Command("npm", {
      args: ["pack", ...batch.map(([spec]) => spec), "--silent", "--pack-destination", work],
      stdout: "null",
      stderr: "null",
    }).output();
    for (const [spec, files] of batch) await keepFiles(work, spec, files).catch(() => failed.push(spec));
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

/** Fetches what the cache lacks; returns how many packages were already there, fetched, and failed. */
export async function fetchTableSources(): Promise<{ present: number; fetched: number; failed: string[] }> {
  const wanted = new Map<string, { files: string[]; missing: boolean }>();
  for (const table of generated.tables) {
    const ref = parseSource(table.source);
    if (ref?.scheme !== "npm") continue;
    const entry = wanted.get(ref.spec) ?? { files: [], missing: false };
    entry.files.push(ref.file);
    const path = `${sourceCache()}/npm/${ref.spec.replace("/", "+")}/package/${ref.file}`;
    if (!(await matches(path, table.sha256))) entry.missing = true;
    wanted.set(ref.spec, entry);
  }
  const missing = [...wanted].filter(([, entry]) => entry.missing)
    .map(([spec, entry]): [string, string[]] => [spec, [...new Set(entry.files)]]);
  const failed: string[] = [];
  const batches = Array.from({ length: PARALLEL }, (_, i) => missing.filter((_, j) => j % PARALLEL === i));
  await Promise.all(batches.filter((batch) => batch.length > 0).map((batch) => fetchBatch(batch, failed)));
  const toFetch = missing.length;
  return { present: wanted.size - toFetch, fetched: toFetch - failed.length, failed };
}

if (import.meta.main) {
  const { present, fetched, failed } = await fetchTableSources();
  console.log(
    `error-table sources: ${present} packages cached, ${fetched} fetched` +
      (failed.length ? `, ${failed.length} unavailable (${failed.join(", ")})` : ""),
  );
}

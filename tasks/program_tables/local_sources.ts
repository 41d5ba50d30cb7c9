/**
 * Finding a table's source file on this machine without the network: in the
 * cache the generator fills, or in the packages Deno installed for the
 * import map (`node_modules`), when the installed version is the recorded one.
 *
 * @module
 */

/** The directory where the generator keeps the source files it read (outside the repository). */
export function sourceCache(): string {
  return Deno.env.get("PROGRAM_TABLE_SOURCES") ??
    `${Deno.env.get("XDG_CACHE_HOME") ?? `${Deno.env.get("HOME") ?? "/tmp"}/.cache`}/program-table-sources`;
}

/** Where a recorded source (`npm:<pkg>@<version>/<file>` or `github:<owner>/<repo>@<commit>/<file>`) lives. */
export interface SourceRef {
  scheme: "npm" | "github";
  /** `<pkg>@<version>` or `<owner>/<repo>@<commit>`. */
  spec: string;
  /** Package name or repository. */
  name: string;
  version: string;
  file: string;
}

/** Splits a recorded source string into its parts, or `null` when it is not one. */
export function parseSource(source: string): SourceRef | null {
  const m = source.match(/^(npm|github):((@?[^@]+)@([^/]+))\/(.+)$/);
  return m
    ? { scheme: m[1] as "npm" | "github", spec: m[2]!, name: m[3]!, version: m[4]!, file: m[5]! }
    : null;
}

async function readIfPresent(path: string): Promise<Uint8Array | null> {
  try {
    return await Deno.readFile(path);
  } catch {
    return null;
  }
}

/** The package installed under `root/node_modules`, when it is exactly `version`. */
async function installed(root: URL, name: string, version: string): Promise<string | null> {
  const dir = new URL(`node_modules/${name}/`, root);
  const manifest = await readIfPresent(new URL("package.json", dir).pathname);
  if (!manifest) return null;
  return JSON.parse(new TextDecoder().decode(manifest)).version === version ? dir.pathname : null;
}

/**
 * The bytes of a recorded source file and where they were found, or `null`
 * when neither the cache nor the installed packages hold it.
 */
export async function localSource(
  ref: SourceRef,
  root: URL,
): Promise<{ bytes: Uint8Array; from: string } | null> {
  if (ref.scheme === "npm") {
    const dir = await installed(root, ref.name, ref.version);
    const bytes = dir ? await readIfPresent(`${dir}${ref.file}`) : null;
    if (bytes) return { bytes, from: "node_modules" };
    const cached = await readIfPresent(
      `${sourceCache()}/npm/${ref.spec.replace("/", "+")}/package/${ref.file}`,
    );
    return cached ? { bytes: cached, from: "cache" } : null;
  }
  const cached = await readIfPresent(`${sourceCache()}/github/${ref.spec.replace("/", "+")}/${ref.file}`);
  return cached ? { bytes: cached, from: "cache" } : null;
}

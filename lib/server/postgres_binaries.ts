/**
 * Where Debian's `postgresql` binaries are (`/usr/lib/postgresql/<version>/bin`):
 * asked by `tasks/ensure_tools.ts`, which installs the package when they are
 * missing, and by the tests' throwaway PostgreSQL server
 * (`tests/_support/postgres.ts`), which runs them. The service itself only
 * connects to a PostgreSQL it is given a URL for.
 *
 * @module
 */

/** The folder of the newest PostgreSQL's binaries, or `undefined` when none is installed. */
export function postgresBinaries(): string | undefined {
  let versions: number[];
  try {
    versions = [...Deno.readDirSync("/usr/lib/postgresql")].map((entry) => Number(entry.name))
      .filter((version) => Number.isFinite(version));
  } catch {
    return undefined;
  }
  for (const version of versions.sort((a, b) => b - a)) {
    const bin = `/usr/lib/postgresql/${version}/bin`;
    try {
      if (Deno.statSync(`${bin}/postgres`).isFile && Deno.statSync(`${bin}/initdb`).isFile) return bin;
    } catch {
      // An incomplete install: try an older version.
    }
  }
  return undefined;
}

/**
 * Makes sure the system tools the tests use are installed: ffmpeg (the audio
 * operation), strace (the proof that a request writes no file) and chromium
 * (the browser the 402 page is tested in) and PostgreSQL (the shared claim
 * store's tests start throwaway servers of their own), puts the MCP
 * Inspector CLI and the oldest Deno the service supports in npm's cache so
 * the tests that run them reach no registry, and the npm
 * files the error tables were generated from in their cache
 * (`program_tables/fetch_sources.ts`) so the table test can check them. Installs
 * what is missing with apt-get when running as root; otherwise says how and
 * fails.
 *
 * @module
 */
import { MINIMUM_DENO } from "../lib/server/deno_version.ts";
import { postgresBinaries } from "../lib/server/postgres_binaries.ts";
import { fetchTableSources } from "./program_tables/fetch_sources.ts";

/** Each tool, how to see it is there, and its Debian package. */
const TOOLS: { name: string; present: () => Promise<boolean>; pkg: string }[] = [
  { name: "ffmpeg", present: () => runs("ffmpeg", ["-version"]), pkg: "ffmpeg" },
  { name: "strace", present: () => runs("strace", ["-V"]), pkg: "strace" },
  { name: "chromium", present: () => runs("chromium", ["--version"]), pkg: "chromium" },
  // Debian keeps the server's binaries off PATH, under /usr/lib/postgresql/<version>/bin.
  { name: "postgresql", present: () => Promise.resolve(postgresBinaries() !== undefined), pkg: "postgresql" },
];

async function runs(name: string, probe: string[]): Promise<boolean> {
  try {
    return (await new Deno.Command(name, { args: probe, stdout: "null", stderr: "null" }).output()).success;
  } catch {
    return false;
  }
}

async function run(command: string, args: string[]): Promise<void> {
  const { success } = await new Deno.Command(command, {
    args,
    env: { DEBIAN_FRONTEND: "noninteractive" },
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!success) throw new Error(`${command} ${args.join(" ")} failed`);
}

/** The MCP Inspector release the client test runs with `npx --prefer-offline`. */
const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";

/** The oldest supported Deno, which `tests/tasks/oldest_deno_test.ts` runs with `npx --offline`: its npm package and this platform's binary. */
const OLDEST_DENO = [
  `deno@${MINIMUM_DENO}`,
  `@deno/${Deno.build.os}-${Deno.build.arch === "x86_64" ? "x64" : "arm64"}${
    Deno.build.os === "linux" ? "-glibc" : ""
  }@${MINIMUM_DENO}`,
];

if (import.meta.main) {
  await run("npm", ["cache", "add", INSPECTOR]);
  await run("npm", ["cache", "add", ...OLDEST_DENO]);
  // The published files the error tables were read from, so their test can derive them again offline.
  const sources = await fetchTableSources();
  if (sources.failed.length > 0) {
    console.error(`error-table sources not fetched: ${sources.failed.join(", ")}`);
  }
  const missing = [];
  for (const tool of TOOLS) if (!(await tool.present())) missing.push(tool);
  if (missing.length === 0) Deno.exit(0);
  const packages = missing.map((tool) => tool.pkg);
  if (Deno.uid() !== 0) {
    console.error(
      `Missing ${packages.join(", ")}: install them (e.g. \`sudo apt-get install -y ${
        packages.join(" ")
      }\`) and run the tests again.`,
    );
    Deno.exit(1);
  }
  console.error(`Installing ${packages.join(", ")} with apt-get`);
  await run("apt-get", ["update", "-qq"]);
  await run("apt-get", ["install", "-y", "-qq", ...packages]);
  for (const tool of missing) {
    if (!(await tool.present())) {
      console.error(`${tool.name} is still missing after apt-get install`);
      Deno.exit(1);
    }
  }
}

/**
 * Configuration is read in one place: no module of the service but
 * `lib/server/config/env.ts` touches `Deno.env` (tests, benchmarks and tasks aside).
 */
import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);
const ALLOWED = "lib/server/config/env.ts";

/** Whether a line of source touches the environment. */
function readsEnv(line: string): boolean {
  return /\bDeno\s*\.\s*env\b/.test(line);
}

/** Every TypeScript file under `dir` (relative to the repository), recursively; none when it is absent. */
async function sourceFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  try {
    for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) files.push(...await sourceFiles(path));
      else if (entry.isFile && /\.tsx?$/.test(entry.name)) files.push(path);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return files;
}

/** The service's own modules: lib/, routes/, mcp/, http/ and the top-level entry modules. */
async function serviceModules(): Promise<string[]> {
  const files = (await Promise.all(["lib", "routes", "mcp", "http"].map(sourceFiles))).flat();
  for (const top of ["main.ts", "app.ts"]) {
    try {
      if ((await Deno.stat(new URL(top, ROOT))).isFile) files.push(top);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
  }
  return files;
}

Deno.test("no module outside lib/server/config/env.ts reads Deno.env", async () => {
  const files = await serviceModules();
  assert.ok(
    files.includes(ALLOWED) && files.includes("main.ts") && files.length > 50,
    "the scan finds the tree",
  );
  const offenders: string[] = [];
  for (const file of files) {
    if (file === ALLOWED) continue;
    const text = await Deno.readTextFile(new URL(file, ROOT));
    text.split("\n").forEach((line, i) => {
      if (readsEnv(line)) offenders.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(
    offenders,
    [],
    `read the setting in lib/server/config/env.ts instead:\n${offenders.join("\n")}`,
  );
});

Deno.test("the scan recognises the one place that reads the environment", async () => {
  const text = await Deno.readTextFile(new URL(ALLOWED, ROOT));
  assert.ok(text.split("\n").some(readsEnv), `${ALLOWED} reads the environment`);
  assert.ok(readsEnv('const port = Deno.env.get("PORT");'));
  assert.ok(!readsEnv('const port = config.port; // "env" alone is fine'));
});

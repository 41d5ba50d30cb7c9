/**
 * Deno Deploy's install holds what remote mode imports, and it is enough:
 * every package `main.ts` loads outside local mode is in the narrowed import
 * map, and a copy of the repository installed by `tasks/deploy_install.ts`
 * has none of local mode's or the bench's tools, nor the builds, sources and
 * maps no running module reads, yet converts a PDF and serves remote mode
 * from its cache alone.
 */
import assert from "node:assert/strict";
import { DEPLOY_IMPORTS, deployImports, folderBytes, POSTGRES_CLAIMS } from "../../tasks/deploy_install.ts";
import { initializeMcp, installForDeploy, PDF_FROM_INSTALLED_COPY } from "../_support/deploy_copy.ts";

const ROOT = new URL("../../", import.meta.url);

interface ModuleInfo {
  specifier: string;
  dependencies?: { specifier: string; code?: { specifier: string } }[];
}

/** The bare package name of an import specifier (`@scope/name/sub` → `@scope/name`), or undefined if not bare. */
function packageOf(specifier: string): string | undefined {
  if (/^(\.|\/|[a-z]+:)/.test(specifier)) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

Deno.test("DEPLOY_IMPORTS holds every package main.ts loads outside local mode", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "main.ts"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.ok(output.success);
  const { modules } = JSON.parse(new TextDecoder().decode(output.stdout)) as { modules: ModuleInfo[] };
  // Every project module the graph reaches (workers' modules are reached through the modules that start
  // them), but local mode's own: its chains and their wiring load only in local mode.
  const localOnly = /^(lib\/local\/|lib\/server\/modes\/local_)/;
  const needed = new Set<string>();
  for (const module of modules) {
    if (!module.specifier.startsWith(ROOT.href)) continue;
    const path = module.specifier.slice(ROOT.href.length);
    // The PostgreSQL claim store is installed only when configured (see the test below).
    if (localOnly.test(path) || path === POSTGRES_CLAIMS.entrypoint) continue;
    for (const dependency of module.dependencies ?? []) {
      const name = dependency.code ? packageOf(dependency.specifier) : undefined;
      if (name) needed.add(name);
    }
  }
  assert.ok(needed.has("hono") && needed.has("pdfjs-dist"), [...needed].join(", "));
  assert.deepEqual([...needed].filter((name) => !DEPLOY_IMPORTS.includes(name)), []);
  assert.ok(!needed.has("litesvm") && !needed.has("@foundry-rs/anvil"), "local mode's chains are not loaded");
});

Deno.test("the PostgreSQL client is in the Deploy import map only when the claim store is configured", async () => {
  const { imports } = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT)));
  assert.ok(!("postgres" in deployImports(imports)));
  assert.equal(deployImports(imports, POSTGRES_CLAIMS.imports).postgres, imports.postgres);
  assert.ok(!DEPLOY_IMPORTS.includes("postgres"));
});

Deno.test("the Deploy install leaves out local mode's and the bench's tools, and remote mode runs from it", async () => {
  const installed = await installForDeploy();
  const copy = installed.dir;
  const mb = installed.installedMb;
  try {
    const packages = [...Deno.readDirSync(`${copy}/node_modules/.deno`)].map((entry) => entry.name);
    for (
      const tool of [
        "litesvm",
        "@foundry-rs+anvil",
        "solc",
        "autocannon",
        "@modelcontextprotocol+conformance",
        "postgres",
      ]
    ) {
      assert.ok(!packages.some((name) => name.startsWith(tool)), `${tool} is not installed`);
    }
    assert.ok(packages.some((name) => name.startsWith("pdfjs-dist")));
    assert.equal(Math.round(mb), Math.round((await folderBytes(`${copy}/node_modules`)) / 2 ** 20));
    console.log(`Deploy install: ${mb} MB of node_modules`);
    assert.ok(mb <= 60, `the install for Deploy holds ${mb} MB, over the 60 MB it is kept to`);

    // pdf.js loads its worker and fonts lazily: a conversion from the pruned copy proves they are still there.
    const converted = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--cached-only", PDF_FROM_INSTALLED_COPY],
      cwd: copy,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.ok(converted.success, new TextDecoder().decode(converted.stderr));
    assert.match(new TextDecoder().decode(converted.stdout), /^# Getting Started with the Sensor Gateway/);

    const port = (() => {
      const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
      listener.close();
      return listener.addr.port;
    })();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--cached-only", "-A", "main.ts"],
      cwd: copy,
      clearEnv: true,
      env: {
        PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
        HOME: Deno.env.get("HOME") ?? "/tmp",
        SERVICE_MODE: "devnet",
        PAY_TO_SOLANA: "11111111111111111111111111111111",
        PAY_TO_EVM: "0x0000000000000000000000000000000000000001",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        HOST: "127.0.0.1",
        PORT: String(port),
        // Nothing answers there: readiness fails, which is not what is tested here.
        FACILITATOR_URL: "http://127.0.0.1:9",
        SOLANA_RPC_URL: "http://127.0.0.1:9",
      },
      stdout: "piped",
      stderr: "null",
    }).spawn();
    try {
      const lines = child.stdout.pipeThrough(new TextDecoderStream()).values();
      let text = "";
      while (!text.includes('"type":"serving"')) {
        const { value, done } = await lines.next();
        assert.ok(!done, `main.ts ended before serving: ${text}`);
        text += value;
      }
      const openapi = await (await fetch(`http://127.0.0.1:${port}/openapi.json`)).json();
      assert.ok("/v1/pdf/to-markdown" in openapi.paths && "/alt/v1/fees/priority" in openapi.paths);
      const health = await (await fetch(`http://127.0.0.1:${port}/healthz`)).json();
      assert.equal(health.checks.pdfjs.ok, true, "pdf.js is installed");
      // The MCP server's SDK is imported on the first MCP request, not at start.
      const initialized = await initializeMcp(`http://127.0.0.1:${port}`, "2025-06-18");
      assert.equal(initialized.result?.protocolVersion, "2025-06-18", JSON.stringify(initialized));
    } finally {
      child.kill("SIGTERM");
      await child.status;
      await child.stdout.cancel().catch(() => {});
    }
  } finally {
    await installed.remove();
  }
});

/**
 * The MCP conformance suite (`@modelcontextprotocol/conformance`, server
 * mode, active scenarios) against `/mcp` of the real service in local mode,
 * on loopback. The run passes when exactly the scenarios listed in
 * `mcp/conformance-expected-failures.yml` fail; a listed scenario that starts
 * passing fails it too.
 */
import assert from "node:assert/strict";
import { fileURLToPath as fromFileUrl } from "node:url";
import { startTestService } from "../_support/service.ts";

const ROOT = new URL("../../", import.meta.url);
const BASELINE = new URL("mcp/conformance-expected-failures.yml", ROOT);
const MUST_PASS = ["server-initialize", "ping", "tools-list", "dns-rebinding-protection"];

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

Deno.test("[e2e] MCP conformance: /mcp fails only the scenarios its baseline lists and explains", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  const results = await Deno.makeTempDir({ prefix: "mcp-conformance-" });
  try {
    const run = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "--cached-only",
        "npm:@modelcontextprotocol/conformance@0.1.16",
        "server",
        "--url",
        `${service.base}/mcp`,
        "--expected-failures",
        fromFileUrl(BASELINE),
        "--output-dir",
        results,
      ],
      cwd: fromFileUrl(ROOT),
      stdout: "piped",
      stderr: "piped",
    }).output();
    const report = new TextDecoder().decode(run.stdout) + new TextDecoder().decode(run.stderr);
    assert.equal(run.code, 0, report.slice(-3000));
    assert.match(report, /Baseline check passed/);
    for (const scenario of MUST_PASS) {
      const checks = await checksOf(results, scenario);
      assert.ok(checks.length > 0, `${scenario} ran`);
      for (const check of checks) assert.equal(check.status, "SUCCESS", `${scenario}/${check.id}`);
    }
  } finally {
    await Deno.remove(results, { recursive: true });
    await service.close();
  }
});

async function checksOf(dir: string, scenario: string): Promise<Check[]> {
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory && entry.name.startsWith(`server-${scenario}-2`)) {
      return JSON.parse(await Deno.readTextFile(`${dir}/${entry.name}/checks.json`));
    }
  }
  return [];
}

/**
 * A copy of the repository installed as Deno Deploy installs it: the files
 * git tracks, then `tasks/deploy_install.ts` run by the Deno under test (the
 * one running the tests, or the oldest the service supports). Tests then run
 * the copy from that install alone (`--cached-only`).
 *
 * @module
 */

const ROOT = new URL("../../", import.meta.url);

/** An installed copy: its folder, what the install printed, and its removal. */
export interface DeployCopy {
  readonly dir: string;
  /** The size of `node_modules` the install reported, in MB. */
  readonly installedMb: number;
  remove(): Promise<void>;
}

/** Copies the tracked files into a temporary folder and runs the Deploy install there with `deno`. */
export async function installForDeploy(deno: string = Deno.execPath()): Promise<DeployCopy> {
  const dir = await Deno.makeTempDir({ prefix: "deploy-install-" });
  const remove = () => Deno.remove(dir, { recursive: true });
  try {
    const listed = await new Deno.Command("git", { args: ["ls-files", "-z"], cwd: ROOT, stdout: "piped" })
      .output();
    for (const file of new TextDecoder().decode(listed.stdout).split("\0").filter(Boolean)) {
      const target = `${dir}/${file}`;
      await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
      await Deno.copyFile(new URL(file, ROOT), target).catch(() => {}); // a file deleted but not yet committed
    }
    const install = await new Deno.Command(deno, {
      args: ["run", "--no-config", "--no-lock", "-A", "tasks/deploy_install.ts"],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const said = new TextDecoder().decode(install.stdout);
    if (!install.success) {
      throw new Error(`the Deploy install failed:\n${new TextDecoder().decode(install.stderr)}`);
    }
    const installedMb = Number(said.match(/node_modules: ([\d.]+) MB/)?.[1]);
    return { dir, installedMb, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** Converts the multipage fixture with the pool remote mode uses, run by `deno eval` inside an installed copy. */
export const PDF_FROM_INSTALLED_COPY = `
  import { createPdfService } from "./lib/pdf/mod.ts";
  const service = createPdfService();
  const bytes = await Deno.readFile("tests/lib/pdf/fixtures/multipage.pdf");
  const result = await service.pool.convert(bytes, { limits: service.limits });
  console.log(result.markdown);
  Deno.exit(0);
`;

/** The JSON answer of an MCP `initialize` in `protocolVersion` posted to `${base}/mcp` (no payment needed). */
// deno-lint-ignore no-explicit-any
export async function initializeMcp(base: string, protocolVersion: string): Promise<any> {
  const response = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion, capabilities: {}, clientInfo: { name: "probe", version: "1" } },
    }),
  });
  return await response.json();
}

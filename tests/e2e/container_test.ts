/**
 * The container image's entry, run the way the image runs it: no container
 * engine runs here (Debian ships podman, but the official Deno image cannot
 * be pulled offline), so the test reads the Dockerfile's `ENTRYPOINT`
 * permissions and `ENV`, and starts `main.ts` with exactly those, as an
 * unprivileged user (the image's is `deno`) for whom the code and Deno's
 * cache are read-only, writing only to a folder standing for the `/data`
 * volume. A paid call goes through end to end, and the claim lands in the
 * volume.
 */
import assert from "node:assert/strict";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { devnetOn, spawnService } from "../_support/service_process.ts";

const DOCKERFILE = new URL("../../Dockerfile", import.meta.url);
/** The unprivileged user the process runs as when the tests run as root (`nobody`). */
const NOBODY = 65534;

/** The Dockerfile's ENTRYPOINT (JSON form) and ENV settings. */
async function imageEntry(): Promise<{ entrypoint: string[]; env: Record<string, string> }> {
  const text = (await Deno.readTextFile(DOCKERFILE)).replace(/\\\n/g, " ");
  const entrypoint = JSON.parse(text.match(/^ENTRYPOINT (\[.*\])$/m)![1]!) as string[];
  const env: Record<string, string> = {};
  for (const line of text.match(/^ENV .*$/gm) ?? []) {
    for (const [, name, value] of line.slice(4).matchAll(/([A-Z_]+)=(\S+)/g)) env[name!] = value!;
  }
  return { entrypoint, env };
}

Deno.test("[e2e] the container's entry, read-only but for its volume and unprivileged, serves a paid call", async () => {
  const { entrypoint, env: imageEnv } = await imageEntry();
  assert.deepEqual(entrypoint.slice(0, 2), ["deno", "run"]);
  assert.equal(entrypoint.at(-1), "main.ts");
  assert.ok(entrypoint.includes("--allow-write=/data"), "the image writes only its volume");
  const volume = await Deno.makeTempDir({ prefix: "data-volume-" });
  // An empty cache the process may not write, as the image's is at run time.
  const denoDir = await Deno.makeTempDir({ prefix: "deno-dir-" });
  const root = Deno.uid() === 0;
  if (root) await Deno.chown(volume, NOBODY, NOBODY);
  const permissions = entrypoint.slice(2, -1).map((flag) => flag.replace("=/data", `=${volume}`));
  const chain = await startTestService({ env: { ALT_ROUTES: "off" } });
  const { env, payTo } = await devnetOn(chain);
  const service = await spawnService(
    {
      ...imageEnv,
      ...env,
      HOST: "127.0.0.1",
      KV_PATH: imageEnv.KV_PATH!.replace("/data", volume),
      DENO_DIR: denoDir,
    },
    permissions,
    "serving",
    root ? ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups"] : [],
  );
  try {
    const health = await (await fetch(`${service.base}/healthz`)).json();
    assert.equal(health.mode, "devnet");
    assert.equal(health.checks.ffmpeg.ok, true, "ffmpeg may be run (--allow-run=ffmpeg)");
    const ledger = chain.runtime.local!.solana;
    const before = ledger.usdcBalance(payTo);
    const { client } = await fundedBuyer(chain, "1");
    const response = await wrapFetchWithPayment(fetch, client)(`${service.base}/v1/fees/priority`);
    assert.equal(response.status, 200, await response.clone().text());
    await response.body?.cancel();
    assert.equal(decodePaymentResponseHeader(response.headers.get("PAYMENT-RESPONSE")!).success, true);
    assert.equal(ledger.usdcBalance(payTo) - before, 2_000n, "$0.002, read back from the chain");
    const written = [...Deno.readDirSync(volume)].map((entry) => entry.name);
    assert.ok(
      written.some((name) => name.startsWith("claims.sqlite")),
      `the claim is in the volume: ${written}`,
    );
    assert.deepEqual([...Deno.readDirSync(denoDir)], [], "nothing written to Deno's cache");
  } finally {
    await service.stop();
    await chain.close();
    await Deno.remove(volume, { recursive: true });
    await Deno.remove(denoDir, { recursive: true });
  }
});

/**
 * Remote mode on the oldest Deno the service supports (`MINIMUM_DENO`, the
 * floor set by the lockfile; Deno Deploy runs an older Deno than the one the
 * tests run on): a copy installed by that Deno as Deploy installs it, then
 * served by it from the install alone, in devnet mode settling on the local
 * chain through its facilitator. Paid calls on the Solana rail (a JSON
 * operation, and a PDF conversion through pdf.js's worker) and an MCP
 * handshake are answered, and the seller's balance on the chain shows both
 * payments. `tasks/ensure_tools.ts` puts that Deno in npm's cache.
 */
import assert from "node:assert/strict";
import { decodePaymentResponseHeader, wrapFetchWithPayment } from "@x402/fetch";
import { MINIMUM_DENO } from "../../lib/server/deno_version.ts";
import { initializeMcp, installForDeploy } from "../_support/deploy_copy.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";
import { devnetOn, spawnService } from "../_support/service_process.ts";

/** The path of the oldest supported Deno's binary, from npm's cache (no network: `--offline`). */
async function oldestDeno(): Promise<string> {
  const run = await new Deno.Command("npx", {
    args: ["--offline", "-y", `deno@${MINIMUM_DENO}`, "eval", "console.log(Deno.execPath())"],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const path = new TextDecoder().decode(run.stdout).trim();
  assert.ok(
    run.success && path,
    `Deno ${MINIMUM_DENO} is not in npm's cache: run \`deno task test\` (tasks/ensure_tools.ts caches it).\n` +
      new TextDecoder().decode(run.stderr),
  );
  return path;
}

Deno.test(`[e2e] remote mode on Deno ${MINIMUM_DENO}: installed as Deploy installs it, paid calls settle`, async () => {
  const deno = await oldestDeno();
  const version = new TextDecoder().decode(
    (await new Deno.Command(deno, { args: ["--version"] }).output()).stdout,
  );
  assert.match(version, new RegExp(`^deno ${MINIMUM_DENO.replaceAll(".", "\\.")} `));
  const copy = await installForDeploy(deno);
  const chain = await startTestService({ env: { ALT_ROUTES: "off" } });
  const { env, payTo } = await devnetOn(chain);
  const service = await spawnService(env, ["-A", "--cached-only"], "serving", [], {
    deno,
    main: `${copy.dir}/main.ts`,
  });
  try {
    const ledger = chain.runtime.local!.solana;
    const before = ledger.usdcBalance(payTo);
    const { client } = await fundedBuyer(chain, "1");
    const pay = wrapFetchWithPayment(fetch, client);

    const fees = await pay(`${service.base}/v1/fees/priority`);
    assert.equal(fees.status, 200, await fees.clone().text());
    assert.ok((await fees.json()).recommended);
    assert.equal(decodePaymentResponseHeader(fees.headers.get("PAYMENT-RESPONSE")!).success, true);

    const pdf = await pay(`${service.base}/v1/pdf/to-markdown`, {
      method: "POST",
      headers: { "Content-Type": "application/pdf" },
      body: await Deno.readFile(new URL("../lib/pdf/fixtures/multipage.pdf", import.meta.url)),
    });
    assert.equal(pdf.status, 200, await pdf.clone().text());
    assert.match((await pdf.json()).markdown, /^# Getting Started with the Sensor Gateway/);

    const initialized = await initializeMcp(service.base, "2025-11-25");
    assert.equal(initialized.result?.protocolVersion, "2025-11-25", JSON.stringify(initialized));

    assert.equal(ledger.usdcBalance(payTo) - before, 2000n + 2500n, "both calls paid, as the chain shows");
  } finally {
    await service.stop();
    await chain.close();
    await copy.remove();
  }
});

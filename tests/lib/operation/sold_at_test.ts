/**
 * From a URL back to the operation that sells it, over the real registry of
 * route files: path parameters, the `/alt` prefix, methods, a base URL with a
 * path, and URLs that are not this service's.
 */
import assert from "node:assert/strict";
import { generateKeyPairSigner } from "@solana/kit";
import { buildRegistry, catalogOf, soldOperationAt } from "../../../lib/operation/mod.ts";
import { evmRail, NETWORKS, solanaRail } from "../../../lib/payments/rails.ts";
import { routeFiles } from "../../../routes/_manifest.ts";

Deno.test("soldOperationAt() finds the operation and rail a URL of the service sells", async () => {
  const catalog = catalogOf(buildRegistry(routeFiles), {
    solana: solanaRail({
      network: NETWORKS.solanaDevnet.network,
      asset: NETWORKS.solanaDevnet.usdc,
      payTo: (await generateKeyPairSigner()).address,
    }),
    evm: evmRail({
      network: NETWORKS.baseSepolia.network,
      asset: NETWORKS.baseSepolia.usdc,
      payTo: "0x0000000000000000000000000000000000000001",
    }),
  });
  const find = (base: string, method: "GET" | "POST", url: string) => {
    const sold = soldOperationAt(catalog, base, method, new URL(url));
    return sold && `${sold.soldOn.rail.id} ${sold.operation.id}`;
  };
  const base = "https://api.example.com";
  assert.equal(find(base, "GET", `${base}/v1/fees/priority?accounts=x`), "solana chain_priority_fees");
  assert.equal(find(base, "GET", `${base}/alt/v1/fees/priority`), "evm chain_priority_fees");
  assert.equal(
    find(base, "GET", `${base}/v1/token/So11111111111111111111111111111111111111112`),
    "solana chain_token_analysis",
  );
  assert.equal(find(base, "POST", `${base}/v1/pdf/to-markdown`), "solana pdf_to_markdown");
  assert.equal(find(base, "GET", `${base}/v1/pdf/to-markdown`), undefined);
  assert.equal(find(base, "GET", `${base}/v1/token/a/b`), undefined);
  assert.equal(find(base, "GET", `${base}/v1/token/`), undefined);
  assert.equal(find(base, "GET", `${base}/healthz`), undefined);
  assert.equal(find(base, "GET", `https://other.example.com/v1/fees/priority`), undefined);
  assert.equal(find(base, "GET", `http://api.example.com/v1/fees/priority`), undefined);
  const prefixed = "https://example.com/api";
  assert.equal(find(prefixed, "GET", `${prefixed}/v1/fees/priority`), "solana chain_priority_fees");
  assert.equal(find(prefixed, "GET", `https://example.com/v1/fees/priority`), undefined);
  assert.equal(find(prefixed, "GET", `https://example.com/apiv1/fees/priority`), undefined);
});

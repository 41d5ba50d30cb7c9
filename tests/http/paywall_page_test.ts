/**
 * What the 402 page says outside local mode, where no browser test runs: the
 * network named for what it is (mainnet, devnet, Base, Base Sepolia), no
 * faucet, and an example call built from the operation's own example; its
 * policy allows exactly the inline blocks the page carries.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type { PaymentRequired } from "@x402/core/types";
import { networkName } from "../../http/network_names.ts";
import { exampleRequest, paywallPage } from "../../http/paywall.ts";

const BASE = "https://api.example.com";

/** A requirement as the gateway builds it, on `network`. */
function required(network: string, url: string): PaymentRequired {
  return {
    x402Version: 2,
    resource: { url, description: "", mimeType: "application/json" },
    accepts: [{
      scheme: "exact",
      network: network as `${string}:${string}`,
      asset: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      amount: "2000",
      payTo: "DKZuBJFVkRt2nbSCKw8QrpSzHTz6ptffT2d2XmfJnwqU",
      maxTimeoutSeconds: 60,
      extra: {},
    }],
  };
}

Deno.test("networks are named for what they are; local mode names the service's own chains", () => {
  assert.deepEqual(networkName("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "mainnet"), {
    name: "Solana mainnet",
    local: false,
  });
  assert.equal(networkName("solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1", "devnet").name, "Solana devnet");
  assert.equal(networkName("eip155:8453", "mainnet").name, "Base");
  assert.equal(networkName("eip155:84532", "devnet").name, "Base Sepolia");
  assert.deepEqual(networkName("solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1", "local"), {
    name: "this service's local Solana chain",
    local: true,
  });
  assert.equal(networkName("eip155:84532", "local").name, "this service's local EVM chain");
  assert.equal(networkName("eip155:10", "mainnet").name, "eip155:10");
});

Deno.test("a devnet 402 page names Solana devnet, has no faucet, and its policy allows its own blocks only", () => {
  const url = `${BASE}/v1/token/EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`;
  const page = paywallPage({
    title: "Token <mint> inspection",
    description: "Reads a **mint**; see `decimals`.",
    price: "$0.006",
    network: networkName("solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1", "devnet"),
    method: "GET",
    path: "/v1/token/:mint",
    example: { mint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
    baseUrl: BASE,
  }, required("solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1", url));
  assert.match(page.html, /<dd id="network">Solana devnet \(<code>solana:EtWT/);
  assert.ok(!page.html.includes('id="faucet"'));
  assert.ok(page.html.includes("<title>Payment required: Token &#60;mint&#62; inspection</title>"));
  assert.ok(page.html.includes("Reads a <strong>mint</strong>; see <code>decimals</code>."));
  assert.ok(page.html.includes(`curl -i &#39;${url}&#39;`));
  assert.ok(page.html.includes(`<a id="guide" href="${BASE}/guides/how-to-pay">`));
  const inline = (tag: string) =>
    [...page.html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => m[1]!);
  for (const [tag, directive] of [["style", "style-src"], ["script", "script-src"]]) {
    const hashes = inline(tag!).map((text) =>
      `'sha256-${createHash("sha256").update(text).digest("base64")}'`
    );
    assert.equal(hashes.length, 1);
    assert.ok(page.policy.includes(`${directive} ${hashes[0]}`), page.policy);
  }
  assert.match(page.policy, /default-src 'none'/);
  assert.match(page.policy, /connect-src 'self' https:\/\/api\.example\.com/);
});

Deno.test("example calls: path parameters filled in, the rest as the query of a GET or the body of a POST", () => {
  assert.equal(
    exampleRequest({
      method: "GET",
      path: "/alt/v1/fees/priority",
      example: { account: ["A1", "B2"], computeUnitLimit: 200000 },
      baseUrl: BASE,
    }),
    `curl -i '${BASE}/alt/v1/fees/priority?account=A1&account=B2&computeUnitLimit=200000'`,
  );
  assert.equal(
    exampleRequest({ method: "POST", path: "/v1/token/risk", example: { mint: "M" }, baseUrl: BASE }),
    `curl -i -X POST '${BASE}/v1/token/risk' -H 'Content-Type: application/json' -d '{"mint":"M"}'`,
  );
  assert.equal(
    exampleRequest({ method: "GET", path: "/v1/transaction/:signature", baseUrl: BASE }),
    `curl -i '${BASE}/v1/transaction/:signature'`,
  );
});

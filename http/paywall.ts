/**
 * The 402 page for people: a paid route opened in a browser (a GET that
 * prefers `text/html`, without a payment) gets this page instead of the JSON
 * 402. It says what the call does, its price and network, and lets a person
 * pay with a browser wallet and see the result: on an EVM network any
 * EIP-1193 wallet (`window.ethereum`) signs the EIP-3009 USDC authorization of
 * the x402 `exact` scheme, and the page repeats the request with it in
 * `PAYMENT-SIGNATURE`. A Solana payment needs a transaction built against the
 * chain, which the page leaves to an x402 client (it shows how).
 *
 * The requirement itself stays in the `PAYMENT-REQUIRED` header, as on every
 * 402; the page is self-contained (no script or style from elsewhere).
 *
 * @module
 */
import type { PaymentRequired } from "@x402/core/types";

/** What the page says about the call. */
export interface PaywallInfo {
  /** The operation's title. */
  title: string;
  /** What the call does. */
  description: string;
  /** Price in USD, e.g. `$0.002`. */
  price: string;
  /** Human name of the chain it is paid on. */
  chain: string;
  /** The service's base URL (for the guide link). */
  baseUrl: string;
}

/** The HTML 402 page for `required`. */
export function paywallPage(info: PaywallInfo, required: PaymentRequired): string {
  const [offer] = required.accepts;
  const network = offer?.network ?? "";
  const evm = network.startsWith("eip155:");
  const url = required.resource.url;
  const pay = evm
    ? `<button id="pay" type="button">Connect wallet and pay ${escape(info.price)}</button>`
    : `<p>Pay with any x402 client, for example from a checkout of this service:</p>
<pre>npx -y deno@2 task pay GET '${escape(url)}'</pre>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment required: ${escape(info.title)}</title>
<link rel="icon" href="${escape(info.baseUrl)}/icon.svg" type="image/svg+xml">
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { font-weight: 600; } dd { margin: 0; word-break: break-all; }
button { font: inherit; padding: .5rem 1rem; cursor: pointer; }
pre { background: #f4f4f6; padding: .75rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
</style>
</head>
<body>
<main>
<h1>${escape(info.title)}</h1>
<p id="description">${escape(info.description)}</p>
<dl>
<dt>Price</dt><dd id="price">${escape(info.price)} in USDC per successful call</dd>
<dt>Network</dt><dd id="network">${escape(info.chain)} (${escape(network)})</dd>
<dt>Pay to</dt><dd>${escape(offer?.payTo ?? "")}</dd>
<dt>Request</dt><dd>GET ${escape(url)}</dd>
</dl>
${pay}
<p id="status" role="status"></p>
<pre id="result" hidden></pre>
<p>Agents: the requirement is in the <code>PAYMENT-REQUIRED</code> header (x402 v2). Nothing is charged for a
call that fails. <a href="${escape(info.baseUrl)}/guides/how-to-pay">How to pay</a>.</p>
</main>
<script type="application/json" id="payment-required">${jsonForScript(required)}</script>
${evm ? `<script>${EVM_PAY_SCRIPT}</script>` : ""}
</body>
</html>
`;
}

/**
 * Pays the requirement with an EIP-1193 wallet: switch to the chain, sign the
 * EIP-3009 `TransferWithAuthorization` (EIP-712 domain from the requirement's
 * `extra`), and repeat the request with the x402 payment payload.
 */
const EVM_PAY_SCRIPT = `
(() => {
  const required = JSON.parse(document.getElementById("payment-required").textContent);
  const offer = required.accepts[0];
  const status = document.getElementById("status");
  const output = document.getElementById("result");
  const say = (text) => { status.textContent = text; };
  const hex = (bytes) => "0x" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  async function pay() {
    const wallet = window.ethereum;
    if (!wallet) { say("No browser wallet found: install one that supports EIP-1193 (e.g. MetaMask)."); return; }
    const chainId = Number(offer.network.split(":")[1]);
    const [from] = await wallet.request({ method: "eth_requestAccounts" });
    await wallet.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x" + chainId.toString(16) }] });
    const now = Math.floor(Date.now() / 1000);
    const authorization = {
      from, to: offer.payTo, value: offer.amount,
      validAfter: String(now - 600), validBefore: String(now + offer.maxTimeoutSeconds),
      nonce: hex(crypto.getRandomValues(new Uint8Array(32))),
    };
    const typedData = {
      types: {
        EIP712Domain: [
          { name: "name", type: "string" }, { name: "version", type: "string" },
          { name: "chainId", type: "uint256" }, { name: "verifyingContract", type: "address" },
        ],
        TransferWithAuthorization: [
          { name: "from", type: "address" }, { name: "to", type: "address" }, { name: "value", type: "uint256" },
          { name: "validAfter", type: "uint256" }, { name: "validBefore", type: "uint256" },
          { name: "nonce", type: "bytes32" },
        ],
      },
      primaryType: "TransferWithAuthorization",
      domain: { name: offer.extra.name, version: offer.extra.version, chainId, verifyingContract: offer.asset },
      message: authorization,
    };
    say("Sign the USDC authorization in your wallet…");
    const signature = await wallet.request({ method: "eth_signTypedData_v4", params: [from, JSON.stringify(typedData)] });
    const payment = { x402Version: required.x402Version, resource: required.resource, accepted: offer,
      payload: { signature, authorization } };
    const bytes = new TextEncoder().encode(JSON.stringify(payment));
    say("Paying…");
    const response = await fetch(location.href, {
      headers: { Accept: "application/json", "PAYMENT-SIGNATURE": btoa(String.fromCharCode(...bytes)) },
    });
    const body = await response.text();
    say(response.ok ? "Paid. The result:" : "Not charged: the call answered " + response.status + ".");
    output.hidden = false;
    try { output.textContent = JSON.stringify(JSON.parse(body), null, 2); } catch { output.textContent = body; }
  }
  document.getElementById("pay").addEventListener("click", () => {
    pay().catch((error) => say("Payment not sent: " + (error && error.message ? error.message : error)));
  });
})();
`;

/** Text escaped for HTML. */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside a `<script>` element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The 402 page for people: a paid route opened in a browser (a GET that
 * prefers `text/html`, without a payment) gets this page instead of the JSON
 * 402. It says what the call does, its price and network, and lets a person
 * pay with a browser wallet and see the result. On Solana any wallet of the
 * Wallet Standard with `solana:signTransaction` (Phantom, Solflare, Backpack…)
 * signs the x402 `exact` transaction that `POST /paywall/solana-transaction`
 * builds for its account; on an EVM network any EIP-1193 wallet
 * (`window.ethereum`) signs the EIP-3009 USDC authorization. Either way the
 * page repeats the request with the payment in `PAYMENT-SIGNATURE` and shows
 * the answer and the settlement's transaction. The scripts are in
 * `paywall_scripts.ts`; the page also shows the x402 client command.
 *
 * The requirement itself stays in the `PAYMENT-REQUIRED` header, as on every
 * 402; the page is self-contained (no script or style from elsewhere).
 *
 * @module
 */
import type { PaymentRequired } from "@x402/core/types";
import { paywallScript } from "./paywall_scripts.ts";

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
  const button = (extra = "") =>
    `<button id="pay" type="button"${extra}>Connect wallet and pay ${escape(info.price)}</button>`;
  const pay = evm ? button() : `<p><select id="wallet" aria-label="Wallet" hidden></select>
${button(` data-build="${escape(info.baseUrl)}/paywall/solana-transaction"`)}</p>
<p>Or pay with any x402 client, for example from a checkout of this service:</p>
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
<p id="receipt" hidden></p>
<pre id="result" hidden></pre>
<p>Agents: the requirement is in the <code>PAYMENT-REQUIRED</code> header (x402 v2). Nothing is charged for a
call that fails. <a href="${escape(info.baseUrl)}/guides/how-to-pay">How to pay</a>.</p>
</main>
<script type="application/json" id="payment-required">${jsonForScript(required)}</script>
<script>${paywallScript(network)}</script>
</body>
</html>
`;
}

/** Text escaped for HTML. */
function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside a `<script>` element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The 402 page for people: a paid route opened in a browser (a GET that
 * prefers `text/html`, without a payment) gets this page instead of the JSON
 * 402. It says what the call does (its description rendered, see
 * `markdown_subset.ts`), its price, the network named for what it is (Solana
 * mainnet or devnet, Base, or this service's local chain with its faucet),
 * how to call it and how to pay with an x402 client, and lets a person pay
 * with a browser wallet and see the result. On Solana any wallet of the
 * Wallet Standard with `solana:signTransaction` (Phantom, Solflare,
 * Backpack…) signs the x402 `exact` transaction that
 * `POST /paywall/solana-transaction` builds for its account; on an EVM
 * network any EIP-1193 wallet (`window.ethereum`) signs the EIP-3009 USDC
 * authorization. Either way the page repeats the request with the payment in
 * `PAYMENT-SIGNATURE` and shows the answer and the settlement's transaction.
 * The scripts are in `paywall_scripts.ts`; everything but paying reads
 * without them.
 *
 * The requirement itself stays in the `PAYMENT-REQUIRED` header, as on every
 * 402; the page is self-contained (see `html_document.ts`).
 *
 * @module
 */
import type { PaymentRequired } from "@x402/core/types";
import { type HtmlDocument, htmlDocument } from "./html_document.ts";
import { escapeHtml as escape, markdownToHtml } from "./markdown_subset.ts";
import type { NetworkName } from "./network_names.ts";
import { paywallScript } from "./paywall_scripts.ts";

/** What the page says about the call. */
export interface PaywallInfo {
  /** The operation's title. */
  title: string;
  /** What the call does, in the Markdown subset of `markdown_subset.ts`. */
  description: string;
  /** Price in USD, e.g. `$0.002`. */
  price: string;
  /** The network the price is paid on, named for people. */
  network: NetworkName;
  /** The route: its method and path with the prefix, e.g. `GET /alt/v1/transaction/:signature`. */
  method: "GET" | "POST";
  path: string;
  /** An example input (path parameters, then query or body fields). */
  example?: Record<string, unknown>;
  /** The service's base URL (links, the wallet's transaction builder). */
  baseUrl: string;
}

/** The HTML 402 page for `required`. */
export function paywallPage(info: PaywallInfo, required: PaymentRequired): HtmlDocument {
  const [offer] = required.accepts;
  const network = offer?.network ?? "";
  const url = required.resource.url;
  const body = `<main>
<h1>${escape(info.title)}</h1>
<div id="description">${markdownToHtml(info.description)}</div>
<dl>
<dt>Price</dt><dd id="price">${escape(info.price)} in USDC per successful call</dd>
<dt>Network</dt><dd id="network">${escape(info.network.name)} (<code>${escape(network)}</code>)</dd>
<dt>Pay to</dt><dd>${escape(offer?.payTo ?? "")}</dd>
<dt>Request</dt><dd>${escape(info.method)} ${escape(url)}</dd>
</dl>
${info.network.local ? faucetSection(info.baseUrl) : ""}${walletSection(info, network)}
${clientSection(info, url)}
${callSection(info)}
</main>
<script type="application/json" id="payment-required">${jsonForScript(required)}</script>`;
  return htmlDocument({
    title: `Payment required: ${info.title}`,
    baseUrl: info.baseUrl,
    body,
    script: paywallScript(network),
  });
}

/** Paying from the page with a browser wallet. */
function walletSection(info: PaywallInfo, network: string): string {
  const solana = !network.startsWith("eip155:");
  const picker = solana ? `<select id="wallet" aria-label="Wallet" hidden></select> ` : "";
  const attribute = solana ? ` data-build="${escape(info.baseUrl)}/paywall/solana-transaction"` : "";
  return `<h2>Pay with a browser wallet</h2>
<p>${picker}<button id="pay" type="button"${attribute}>Connect wallet and pay ${
    escape(info.price)
  }</button></p>
<p id="status" role="status"></p>
<p id="receipt" hidden></p>
<pre id="result" hidden></pre>`;
}

/** The hint for agents and scripts: pay with any x402 client, as the guide shows. */
function clientSection(info: PaywallInfo, url: string): string {
  return `<section id="client-hint">
<h2>Pay with an x402 client</h2>
<p>Agents and scripts pay this call with any x402 v2 client: it reads the requirement in the
<code>PAYMENT-REQUIRED</code> header, signs it and sends the same request again with <code>PAYMENT-SIGNATURE</code>.
Nothing is charged for a call that fails. <a id="guide" href="${
    escape(info.baseUrl)
  }/guides/how-to-pay">How to
pay</a> shows clients for both chains; from a checkout of this service:</p>
<pre>npx -y deno@2 task pay ${escape(info.method)} '${escape(url)}'</pre>
</section>`;
}

/** The route and an example request. */
function callSection(info: PaywallInfo): string {
  const example = exampleRequest(info);
  return `<section id="how-to-call">
<h2>How to call it</h2>
<dl>
<dt>Method</dt><dd>${escape(info.method)}</dd>
<dt>Path</dt><dd><code>${escape(info.path)}</code></dd>
</dl>
<p>For example (answered with this 402 until it carries a payment):</p>
<pre id="example">${escape(example)}</pre>
</section>`;
}

/** In local mode: where test USDC comes from. */
function faucetSection(baseUrl: string): string {
  const faucet = `${baseUrl}/local/faucet`;
  return `<p id="faucet">This service runs its own chains (local mode): fund your wallet with test USDC from
<a href="${escape(faucet)}">this service's faucet</a>:</p>
<pre>curl -X POST ${
    escape(faucet)
  } -H 'Content-Type: application/json' -d '{"address":"&lt;your address&gt;"}'</pre>
`;
}

/** A `curl` command calling the route with its example input. */
export function exampleRequest(info: Pick<PaywallInfo, "method" | "path" | "example" | "baseUrl">): string {
  const { target, body } = exampleTarget(info);
  return info.method === "POST"
    ? `curl -i -X POST '${info.baseUrl}${target}' -H 'Content-Type: application/json' -d '${
      JSON.stringify(body)
    }'`
    : `curl -i '${info.baseUrl}${target}'`;
}

/**
 * The route's path filled in with the example's path parameters (and, for a
 * GET, its other fields as the query; arrays as repeated values), and the
 * fields left for a POST's body.
 */
export function exampleTarget(
  info: Pick<PaywallInfo, "method" | "path" | "example">,
): { target: string; body: Record<string, unknown> } {
  const body = { ...info.example };
  const path = info.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = body[name];
    delete body[name];
    return value === undefined ? `:${name}` : encodeURIComponent(String(value));
  });
  if (info.method === "POST") return { target: path, body };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  return { target: query.size > 0 ? `${path}?${query}` : path, body: {} };
}

/** JSON safe inside a `<script>` element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

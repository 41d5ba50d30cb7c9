/**
 * `/` for people: a browser (a GET preferring `text/html`) gets a page that
 * lists every operation (its name, where it is sold, at what price and on
 * which network, and what it does in one line), the MCP endpoints and the
 * documents; any other client gets the JSON index of `routes/index.ts`. The
 * page is drawn from the same catalog, so it never drifts from what is sold.
 *
 * @module
 */
import type { MiddlewareHandler } from "hono";
import { GUIDES } from "../lib/discovery/mod.ts";
import { type AnyOperation, type Catalog, prefersMedia } from "../lib/operation/mod.ts";
import type { ServiceMode } from "../lib/server/config/load.ts";
import { SERVICE_NAME, VERSION } from "../lib/server/version.ts";
import { baseUrl } from "./context.ts";
import { type HtmlDocument, htmlDocument, htmlResponse } from "./html_document.ts";
import { escapeHtml as escape, inlineMarkdownToHtml } from "./markdown_subset.ts";
import { networkName } from "./network_names.ts";
import { exampleTarget } from "./paywall.ts";

/** Answers a browser's `GET /` with the index page; passes every other request on. */
export function indexPageForBrowsers(catalog: Catalog, mode: ServiceMode): MiddlewareHandler {
  return async function indexPageForBrowsers(c, next) {
    if (c.req.method !== "GET" || !prefersMedia(c.req.header("accept"), "text/html")) return await next();
    return htmlResponse(c, indexPage(catalog, mode, baseUrl(c)), 200);
  };
}

/** The index page of `catalog` for a service in `mode` at `base`. */
export function indexPage(catalog: Catalog, mode: ServiceMode, base: string): HtmlDocument {
  const link = (path: string, text = path) => `<a href="${escape(base + path)}">${escape(text)}</a>`;
  const mcp = catalog.mcpEndpoints.map((endpoint) =>
    `<li>${link(endpoint.path)}: ${endpoint.tools.length} tools, paid on ` +
    `${escape(networkName(endpoint.network, mode).name)}</li>`
  );
  const guides = GUIDES.map((guide) => `<li>${link(`/guides/${guide.slug}`, guide.title)}</li>`);
  const body = `<main>
<h1>${escape(SERVICE_NAME)}</h1>
<p>Diagnostics for Solana, paid per request in USDC over x402: no account, no API key. Open a paid
<code>GET</code> below to see its price and pay from the page, or call it with any x402 client
(${link("/guides/how-to-pay", "how to pay")}).</p>
<h2>Operations</h2>
<table id="operations">
<thead><tr><th>Operation</th><th>Price</th><th>Method and path, and the network it is paid on</th></tr></thead>
<tbody>
${operationRows(catalog, mode, base).join("\n")}
</tbody>
</table>
<h2>MCP servers</h2>
<ul id="mcp">${mcp.join("")}</ul>
<h2>Documents</h2>
<ul id="documents">
<li>${link("/openapi.json", "OpenAPI")} and ${link("/.well-known/x402", "the x402 resource list")}</li>
${guides.join("\n")}
</ul>
<p><small>Version ${escape(VERSION)}, ${escape(mode)} mode. The same index as JSON: ask for
<code>application/json</code>.</small></p>
</main>`;
  return htmlDocument({ title: SERVICE_NAME, baseUrl: base, body, style: TABLE_STYLE });
}

const TABLE_STYLE = `body { max-width: 64rem; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: .5rem; text-align: left; vertical-align: top; }
td p { margin: .25rem 0 0; } td.price { white-space: nowrap; }
ul.where { list-style: none; margin: 0; padding: 0; } ul.where li { white-space: nowrap; }`;

/** One row per operation, in the registry's order, listing where it is sold and on which network. */
function operationRows(catalog: Catalog, mode: ServiceMode, base: string): string[] {
  const places = new Map<AnyOperation, string[]>();
  for (const { prefix, rail, operations } of catalog.soldOn) {
    for (const operation of operations) {
      const where =
        `<code>${escape(operation.method)} ${routeLink(operation, prefix + operation.path, base)}</code>` +
        ` on <span class="network">${escape(networkName(rail.network, mode).name)}</span>`;
      places.set(operation, [...places.get(operation) ?? [], where]);
    }
  }
  return [...places].map(([operation, where]) =>
    `<tr data-id="${escape(operation.id)}"><td><strong>${escape(operation.title)}</strong> ` +
    `<code>${escape(operation.id)}</code><p>${inlineMarkdownToHtml(operation.summary)}</p></td>` +
    `<td class="price">${escape(operation.price)}</td>` +
    `<td><ul class="where">${where.map((line) => `<li>${line}</li>`).join("")}</ul></td></tr>`
  );
}

/**
 * The path, and for a GET a link a browser can open (its 402 page), with the
 * example's parameters when the path has some.
 */
function routeLink(operation: AnyOperation, path: string, base: string): string {
  if (operation.method !== "GET") return escape(path);
  const { target } = exampleTarget({ method: "GET", path, example: pathParameters(operation) });
  if (target.includes(":")) return escape(path);
  return `<a href="${escape(base + target)}">${escape(path)}</a>`;
}

/** The example's values of the path's parameters only. */
function pathParameters(operation: AnyOperation): Record<string, unknown> {
  const names = [...operation.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  return Object.fromEntries(names.map((name) => [name, operation.example?.[name]]));
}

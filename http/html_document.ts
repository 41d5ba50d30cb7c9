/**
 * The frame of the service's own HTML pages (the 402 page, the index) and
 * the headers they are sent with. A page is self-contained: its style and
 * script are inline, nothing is loaded from elsewhere, and its
 * `Content-Security-Policy` allows exactly those inline blocks by their
 * SHA-256, images and requests to this service only, no forms, no framing:
 * text that slipped into a page unescaped could still not run.
 *
 * @module
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { escapeHtml } from "./markdown_subset.ts";

/** The style every page starts from. */
const BASE_STYLE =
  `body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem;
  color: #1d1d1f; background: #fff; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { font-weight: 600; } dd { margin: 0; word-break: break-all; }
code, pre { font-family: ui-monospace, monospace; font-size: .9em; }
code { background: #f4f4f6; padding: 0 .2em; }
pre { background: #f4f4f6; padding: .75rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
button { font: inherit; padding: .5rem 1rem; cursor: pointer; }
a { color: #0b57d0; }`;

/** What a page is made of. */
export interface PageParts {
  title: string;
  /** The service's public base URL (icon, requests). */
  baseUrl: string;
  /** The page's own style, after the shared one. */
  style?: string;
  /** The content of `<body>`, already HTML. */
  body: string;
  /** An inline script run once the page is parsed, when the page has one. */
  script?: string;
}

/** A page and the policy it is sent with. */
export interface HtmlDocument {
  html: string;
  /** `Content-Security-Policy` allowing this page's inline style and script and nothing from elsewhere. */
  policy: string;
}

/** The whole page of `parts`. */
export function htmlDocument(parts: PageParts): HtmlDocument {
  const style = parts.style ? `${BASE_STYLE}\n${parts.style}` : BASE_STYLE;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.title)}</title>
<link rel="icon" href="${escapeHtml(parts.baseUrl)}/icon.svg" type="image/svg+xml">
<style>${style}</style>
</head>
<body>
${parts.body}
${parts.script ? `<script>${parts.script}</script>\n` : ""}</body>
</html>
`;
  return { html, policy: pagePolicy(style, parts.script, parts.baseUrl) };
}

/** Answers `document` with `status`, its policy and the headers every page carries. */
export function htmlResponse(c: Context, document: HtmlDocument, status: ContentfulStatusCode): Response {
  c.header("Content-Security-Policy", document.policy);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
  return c.html(document.html, status);
}

/** The policy of a page whose only inline blocks are `style` and `script`. */
function pagePolicy(style: string, script: string | undefined, baseUrl: string): string {
  const self = selfSources(baseUrl);
  return [
    "default-src 'none'",
    `style-src ${sha256Source(style)}`,
    `script-src ${script ? sha256Source(script) : "'none'"}`,
    `img-src ${self}`,
    `connect-src ${self}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** `'self'`, and the public origin when `PUBLIC_URL` names another one than the request came to. */
function selfSources(baseUrl: string): string {
  try {
    return `'self' ${new URL(baseUrl).origin}`;
  } catch {
    return "'self'";
  }
}

/** A CSP hash source of an inline block's text. */
function sha256Source(text: string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}

/**
 * `/guides/{slug}` (free): the Markdown guides in `guides/`, served as
 * Markdown, or as HTML when the client prefers it. `{{BASE_URL}}` in a guide
 * becomes the service's public URL, and `{{PRICE_TABLE}}` the operations and
 * prices from the registry, so guides never drift from the service.
 *
 * @module
 */
import { Hono } from "hono";
import { marked } from "marked";
import { NotFoundError } from "../lib/errors.ts";
import { baseUrl, envelope } from "./_http/context.ts";
import { prefersMedia } from "./_http/operation.ts";
import { altOperations, operations } from "./registry.ts";

/** Every guide, in the order they are listed. */
export const GUIDES = [
  { slug: "how-to-pay", title: "How to pay" },
  { slug: "transaction-diagnosis", title: "Transaction diagnosis" },
  { slug: "priority-fees", title: "Priority fees" },
  { slug: "token-safety", title: "Token safety" },
  { slug: "pdf-to-markdown", title: "PDF to Markdown" },
  { slug: "audio-normalization", title: "Audio loudness normalisation" },
] as const;

const GUIDES_DIR = new URL("../guides/", import.meta.url);

/** A guide's Markdown, with the placeholders filled in. */
export async function guideMarkdown(slug: string, base: string): Promise<string> {
  const guide = GUIDES.find((g) => g.slug === slug);
  if (!guide) throw new NotFoundError(`Unknown guide "${slug}": see /guides for the list`);
  let text: string;
  try {
    text = await Deno.readTextFile(new URL(`${slug}.md`, GUIDES_DIR));
  } catch {
    text = `# ${guide.title}\n\nThis guide is being written, together with the operation it documents. ` +
      `The operation is not offered yet; see [the operations on sale]({{BASE_URL}}/guides) and ` +
      `[how to pay]({{BASE_URL}}/guides/how-to-pay).\n`;
  }
  return text.replaceAll("{{BASE_URL}}", base).replaceAll("{{PRICE_TABLE}}", priceTable());
}

/** The operations and their prices, as a Markdown table. */
export function priceTable(): string {
  const rows = operations.map((op) => {
    const alt = altOperations.includes(op) ? `\`${op.method} /alt${op.path}\`` : "—";
    return `| \`${op.id}\` | \`${op.method} ${op.path}\` | ${alt} | ${op.price} | ${op.summary} |`;
  });
  return [
    "| MCP tool | Solana (USDC) | Base (USDC) | Price | What it does |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** The guide routes, mounted at `/guides`. */
export function guideRoutes(): Hono {
  const app = new Hono();
  app.get("/", (c) => {
    const base = baseUrl(c);
    return c.json(envelope(c, { guides: GUIDES.map((g) => ({ ...g, url: `${base}/guides/${g.slug}` })) }));
  });
  app.get("/:slug", async (c) => {
    const markdown = await guideMarkdown(c.req.param("slug"), baseUrl(c));
    if (prefersMedia(c.req.header("accept"), "text/html")) {
      const title = markdown.match(/^#\s+(.+)$/m)?.[1] ?? "Guide";
      return c.html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
          `<meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<style>body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem}` +
          `pre{background:#f4f4f4;padding:1rem;overflow:auto}table{border-collapse:collapse}` +
          `td,th{border:1px solid #ccc;padding:.3rem .6rem}</style></head><body>` +
          await marked.parse(markdown) + `</body></html>`,
      );
    }
    return c.body(markdown, 200, { "Content-Type": "text/markdown; charset=utf-8" });
  });
  return app;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);
}

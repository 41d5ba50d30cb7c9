/**
 * The Markdown guides in `guides/`. `{{BASE_URL}}` in a guide becomes the
 * service's public URL, and `{{PRICE_TABLE}}` the operations and prices from
 * the registry, so guides never drift from the service.
 *
 * @module
 */
import { NotFoundError } from "../shared/errors.ts";
import type { Registry } from "../operation/mod.ts";

/** Every guide, in the order they are listed. */
export const GUIDES = [
  { slug: "how-to-pay", title: "How to pay" },
  { slug: "transaction-diagnosis", title: "Transaction diagnosis" },
  { slug: "priority-fees", title: "Priority fees" },
  { slug: "token-safety", title: "Token safety" },
  { slug: "pdf-to-markdown", title: "PDF to Markdown" },
  { slug: "audio-normalization", title: "Audio loudness normalisation" },
] as const;

const GUIDES_DIR = new URL("../../guides/", import.meta.url);

/** A guide's Markdown, with the placeholders filled in. */
export async function guideMarkdown(slug: string, base: string, registry: Registry): Promise<string> {
  const guide = GUIDES.find((g) => g.slug === slug);
  if (!guide) throw new NotFoundError(`Unknown guide "${slug}": see /guides for the list`);
  const text = await Deno.readTextFile(new URL(`${slug}.md`, GUIDES_DIR));
  return text.replaceAll("{{BASE_URL}}", base).replaceAll("{{PRICE_TABLE}}", priceTable(registry));
}

/** The operations and their prices, as a Markdown table. */
export function priceTable(registry: Registry): string {
  const rows = registry.operations.map((op) => {
    const alt = registry.altOperations.includes(op) ? `\`${op.method} /alt${op.path}\`` : "—";
    return `| \`${op.id}\` | \`${op.method} ${op.path}\` | ${alt} | ${op.price} | ${op.summary} |`;
  });
  return [
    "| MCP tool | Solana (USDC) | Base (USDC) | Price | What it does |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** A guide as a small HTML page (the Markdown renderer is loaded by the first page asked for). */
export async function guideHtml(markdown: string): Promise<string> {
  const { marked } = await import("marked");
  const title = markdown.match(/^#\s+(.+)$/m)?.[1] ?? "Guide";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<style>body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem}` +
    `pre{background:#f4f4f4;padding:1rem;overflow:auto}table{border-collapse:collapse}` +
    `td,th{border:1px solid #ccc;padding:.3rem .6rem}</style></head><body>` +
    await marked.parse(markdown) + `</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);
}

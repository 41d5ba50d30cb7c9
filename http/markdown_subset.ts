/**
 * The small part of Markdown our operation descriptions and summaries are
 * written in, rendered to HTML for the pages people read (the 402 page, the
 * index): paragraphs split by blank lines, `` `code` ``, `**strong**`,
 * `*emphasis*` and `[text](url)` links. Everything else is text, escaped;
 * a link goes only to `http(s)://` or to a path of this service, so no text
 * can open a `javascript:` URL or inject markup. A full Markdown library
 * would render raw HTML as HTML, which these pages never want.
 *
 * @module
 */

/** Text escaped for HTML, in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `markdown` as HTML paragraphs (`<p>`), one per block separated by a blank line. */
export function markdownToHtml(markdown: string): string {
  return markdown.split(/\n\s*\n/).map((block) => block.trim()).filter(Boolean)
    .map((block) => `<p>${inlineMarkdownToHtml(block)}</p>`).join("\n");
}

/** One line or block of `markdown` as inline HTML (no paragraph). */
export function inlineMarkdownToHtml(markdown: string): string {
  let html = "";
  let rest = markdown;
  while (rest.length > 0) {
    const found = INLINE.exec(rest);
    if (!found) {
      html += escapeHtml(rest);
      break;
    }
    html += escapeHtml(rest.slice(0, found.index)) + inlineElement(found);
    rest = rest.slice(found.index + found[0].length);
  }
  return html;
}

/** The next code span, strong, emphasis or link: the first to start wins. */
const INLINE = /`([^`\n]+)`|\*\*([^*\n]+)\*\*|\*([^*\s][^*\n]*)\*|\[([^\]\n]+)\]\(([^)\s]+)\)/;

function inlineElement(found: RegExpExecArray): string {
  const [whole, code, strong, emphasis, linkText, href] = found;
  if (code !== undefined) return `<code>${escapeHtml(code)}</code>`;
  if (strong !== undefined) return `<strong>${inlineMarkdownToHtml(strong)}</strong>`;
  if (emphasis !== undefined) return `<em>${inlineMarkdownToHtml(emphasis)}</em>`;
  if (linkText !== undefined && href !== undefined && isSafeHref(href)) {
    return `<a href="${escapeHtml(href)}">${inlineMarkdownToHtml(linkText)}</a>`;
  }
  return escapeHtml(whole);
}

/** An absolute `http(s)` URL or a path on this service (not `//host`, which leaves it). */
function isSafeHref(href: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(href) || /^\/(?!\/)/.test(href);
}

/**
 * The Markdown subset of the pages people read: what our descriptions use
 * renders, everything else is escaped text, and no link leaves for a scheme
 * that could run script. Every operation's description and summary renders
 * with no Markdown left in its text.
 */
import assert from "node:assert/strict";
import { escapeHtml, inlineMarkdownToHtml, markdownToHtml } from "../../http/markdown_subset.ts";
import { registry } from "../../app.ts";

/** The text a browser shows for `html` (tags dropped, the entities we write decoded). */
function shownText(html: string): string {
  return html.replace(/<[^>]*>/g, "").replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
}

Deno.test("code spans, strong, emphasis and links render; the rest is escaped", () => {
  assert.equal(
    inlineMarkdownToHtml("Pass `account` values, **twice**, *once* or [the guide](/guides/how-to-pay)."),
    "Pass <code>account</code> values, <strong>twice</strong>, <em>once</em> or " +
      '<a href="/guides/how-to-pay">the guide</a>.',
  );
  assert.equal(inlineMarkdownToHtml("a `<b>&` b"), "a <code>&#60;b&#62;&#38;</code> b");
  assert.equal(inlineMarkdownToHtml("<script>alert(1)</script>"), escapeHtml("<script>alert(1)</script>"));
  assert.equal(inlineMarkdownToHtml("`**not bold**`"), "<code>**not bold**</code>");
  assert.equal(
    inlineMarkdownToHtml('[x](https://example.com/a?b=1&c="2")'),
    '<a href="https://example.com/a?b=1&#38;c=&#34;2&#34;">x</a>',
  );
});

Deno.test("a link may only go to http(s) or to a path of this service", () => {
  for (const href of ["javascript:alert(1)", "data:text/html,x", "//evil.example/", "url", "JAVASCRIPT:x"]) {
    const html = inlineMarkdownToHtml(`[click](${href})`);
    assert.ok(!html.includes("<a"), `${href} is no link: ${html}`);
    assert.equal(shownText(html), `[click](${href})`);
  }
});

Deno.test("blank lines make paragraphs; unmatched markers stay text", () => {
  assert.equal(markdownToHtml("one\ntwo\n\n three "), "<p>one\ntwo</p>\n<p>three</p>");
  assert.equal(markdownToHtml("a ` b ** c [d] (e) 2 * 3"), "<p>a ` b ** c [d] (e) 2 * 3</p>");
});

Deno.test("every description and summary renders without Markdown left in its text (code spans aside)", () => {
  for (const operation of registry.operations) {
    for (const text of [operation.description, operation.summary]) {
      const withoutCode = shownText(markdownToHtml(text).replace(/<code>.*?<\/code>/g, ""));
      assert.doesNotMatch(withoutCode, /`|\*\*|\[[^\]]*\]\([^)]*\)/, `${operation.id}: ${withoutCode}`);
    }
  }
});

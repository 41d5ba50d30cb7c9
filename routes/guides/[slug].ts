/**
 * `GET /guides/{slug}` (free): a guide as Markdown, or as HTML when the
 * client prefers it.
 *
 * @module
 */
import { guideHtml, guideMarkdown } from "../../lib/discovery/mod.ts";
import { defineRoute, prefersMedia } from "../../lib/operation/mod.ts";

export default defineRoute({
  summary: "A guide, as Markdown or HTML",
  async GET({ request, params, baseUrl, catalog }) {
    const markdown = await guideMarkdown(params.slug ?? "", baseUrl, catalog.registry);
    if (prefersMedia(request.headers.get("accept") ?? undefined, "text/html")) {
      return new Response(await guideHtml(markdown), {
        headers: { "Content-Type": "text/html; charset=UTF-8" },
      });
    }
    return new Response(markdown, { headers: { "Content-Type": "text/markdown; charset=utf-8" } });
  },
});

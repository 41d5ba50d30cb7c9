/**
 * `GET /icon.svg` (free): the service's icon, named by the agent registration file.
 *
 * @module
 */
import { defineRoute } from "../lib/operation/mod.ts";

const ICON =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" ` +
  `fill="#14151a"/><path d="M16 42h26l6-6H22zm0-14h26l6 6H22zm0-8h26l6-6H22z" fill="#9945ff"/></svg>`;

export default defineRoute({
  summary: "The service's icon",
  GET: () =>
    new Response(ICON, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "max-age=86400" } }),
});

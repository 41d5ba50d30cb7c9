/**
 * `GET /livez` (free): whether the process is alive and answering, nothing
 * else: no upstream is asked, so an RPC or facilitator outage never makes a
 * liveness probe restart a healthy process. Before the service is up, the
 * listener answers it the same way (`lib/server/listen_first.ts`).
 *
 * @module
 */
import { defineRoute, jsonResponse } from "../lib/operation/mod.ts";

export default defineRoute({
  summary: "Liveness: 200 while the process answers; asks no upstream (for restart probes)",
  GET(route) {
    return jsonResponse(route, { status: "alive" }, { headers: { "cache-control": "no-store" } });
  },
});

/**
 * `GET /readyz` (free): 200 when this instance can sell paid calls now,
 * otherwise 503 with `Retry-After`; either way the list of what it cannot do
 * and why (the facilitator not reached yet, the Solana RPC failing, ffmpeg
 * missing, shutting down). For a load balancer's or orchestrator's
 * readiness probe; `/livez` is the liveness probe, `/healthz` the report.
 *
 * @module
 */
import { defineRoute, jsonResponse } from "../lib/operation/mod.ts";
import { readinessOf } from "../lib/server/readiness_report.ts";

/** Seconds a probe should wait before asking again an instance that is not ready. */
const RETRY_AFTER_SECONDS = 2;

export default defineRoute({
  summary:
    "Readiness: 200 when paid calls can be sold now, else 503 with Retry-After; lists what cannot be done and why",
  async GET(route) {
    const report = await readinessOf(route.runtime);
    const headers: Record<string, string> = { "cache-control": "no-store" };
    if (!report.ready) headers["retry-after"] = String(RETRY_AFTER_SECONDS);
    return jsonResponse(route, report, { status: report.ready ? 200 : 503, headers });
  },
});

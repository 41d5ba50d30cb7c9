/**
 * `GET /healthz` (free): status, version, mode and per-dependency checks
 * (Solana RPC, payment facilitator, ffmpeg), cached and time-bounded so the
 * endpoint stays fast whatever the dependencies do. A failed critical check
 * makes the status `degraded` and the answer a 503, so a load balancer or
 * orchestrator that only reads the status code sees it too.
 *
 * @module
 */
import { defineRoute, jsonResponse } from "../lib/operation/mod.ts";
import { VERSION } from "../lib/version.ts";

export default defineRoute({
  summary: "Status, version, mode and cached, time-bounded checks of the service's dependencies",
  async GET(route) {
    const { runtime } = route;
    const checks = await runtime.health();
    const degraded = Object.values(checks).some((check) => check.critical && !check.ok);
    return jsonResponse(route, {
      status: degraded ? "degraded" : "ok",
      version: VERSION,
      mode: runtime.config.mode,
      checks,
    }, { status: degraded ? 503 : 200 });
  },
});

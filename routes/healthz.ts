/**
 * `GET /healthz` (free): status, version, mode and per-dependency checks
 * (Solana RPC, payment facilitator, ffmpeg), cached and time-bounded so the
 * endpoint stays fast whatever the dependencies do, and the upload limits in
 * force (the memory budget may set them below their configured caps). A failed critical check
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
    const { audio, pdf } = runtime.config;
    const checks = await runtime.health();
    const degraded = Object.values(checks).some((check) => check.critical && !check.ok);
    return jsonResponse(route, {
      status: degraded ? "degraded" : "ok",
      version: VERSION,
      mode: runtime.config.mode,
      checks,
      limits: {
        pdf: { maxBytes: pdf.limits.maxBytes, maxPages: pdf.limits.maxPages },
        audio: { maxBytes: audio.maxBytes, maxSeconds: audio.maxSeconds },
      },
    }, { status: degraded ? 503 : 200 });
  },
});

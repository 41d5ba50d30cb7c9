/**
 * `GET /healthz` (free): status, version, mode and per-dependency checks
 * (Solana RPC, payment facilitator, ffmpeg), cached and time-bounded so the
 * endpoint stays fast whatever the dependencies do.
 *
 * @module
 */
import { Hono } from "hono";
import type { Runtime } from "../lib/runtime.ts";
import { VERSION } from "../lib/version.ts";
import { envelope } from "./_http/context.ts";

/** The health endpoint. */
export function healthRoutes(runtime: Runtime): Hono {
  return new Hono().get("/healthz", async (c) => {
    const checks = await runtime.health();
    const degraded = Object.values(checks).some((check) => check.critical && !check.ok);
    return c.json(
      envelope(c, {
        status: degraded ? "degraded" : "ok",
        version: VERSION,
        mode: runtime.config.mode,
        checks,
      }),
    );
  });
}

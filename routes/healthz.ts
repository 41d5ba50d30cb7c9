/**
 * `GET /healthz` (free): status, version, mode and per-dependency checks
 * (Solana RPC, payment facilitator, ffmpeg), cached and time-bounded so the
 * endpoint stays fast whatever the dependencies do, and the upload limits in
 * force (the memory budget may set them below their configured caps). A failed critical check
 * makes the status `degraded` and the answer a 503, so a load balancer or
 * orchestrator that only reads the status code sees it too.
 *
 * The answer changes only when a check's result does: its JSON is written
 * again only then, and each request only appends its envelope.
 *
 * @module
 */
import { defineRoute, envelopedJson } from "../lib/operation/mod.ts";
import type { Runtime } from "../lib/server/runtime.ts";
import { VERSION } from "../lib/server/version.ts";

type Checks = Awaited<ReturnType<Runtime["health"]>>;

/** An answer as written for a set of check results. */
interface Written {
  checks: Checks;
  status: number;
  /** The JSON body without its closing brace and envelope. */
  bodyStart: string;
}

/** The answer last written for each runtime. */
const written = new WeakMap<Runtime, Written>();

export default defineRoute({
  summary: "Status, version, mode and cached, time-bounded checks of the service's dependencies",
  async GET(route) {
    const { runtime } = route;
    const checks = await runtime.health();
    let answer = written.get(runtime);
    if (!answer || !sameResults(answer.checks, checks)) {
      answer = describe(runtime, checks);
      written.set(runtime, answer);
    }
    return new Response(envelopedJson(answer.bodyStart, route.requestId), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  },
});

function describe(runtime: Runtime, checks: Checks): Written {
  const { audio, pdf } = runtime.config;
  const degraded = Object.values(checks).some((check) => check.critical && !check.ok);
  const body = JSON.stringify({
    status: degraded ? "degraded" : "ok",
    version: VERSION,
    mode: runtime.config.mode,
    checks,
    limits: {
      pdf: { maxBytes: pdf.limits.maxBytes, maxPages: pdf.limits.maxPages },
      audio: { maxBytes: audio.maxBytes, maxSeconds: audio.maxSeconds },
    },
  });
  return { checks, status: degraded ? 503 : 200, bodyStart: body.slice(0, -1) };
}

/** Whether two sets of results are written the same: the same checks and fields, in the same order, with the same values. */
function sameResults(before: Checks, now: Checks): boolean {
  return before === now || sameFields(before, now, (a, b) => a === b || sameFields(a, b, Object.is));
}

/** Whether `a` and `b` have the same own fields in the same order, their values `same`. */
function sameFields<T>(
  a: Readonly<Record<string, T>>,
  b: Readonly<Record<string, T>>,
  same: (x: T, y: T) => boolean,
): boolean {
  const names = Object.keys(b);
  const before = Object.keys(a);
  return names.length === before.length &&
    names.every((name, i) => name === before[i] && same(a[name]!, b[name]!));
}

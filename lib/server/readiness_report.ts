/**
 * The answer to "can this instance sell now, and what can it not do?", for
 * `/readyz`. Ready means a paid call can be sold: the facilitator has been
 * reached and the service is not shutting down. An upstream that limits
 * some work (the Solana RPC, the embedded EVM chain) or a capability this
 * host lacks (ffmpeg, pdf.js) is listed with why, but does not make the
 * instance unready: another instance behind the same load balancer would
 * meet the same RPC, and a process restarted for it would come back the same.
 * `/livez` asks only whether the process answers at all.
 *
 * @module
 */
import { withheldOperations } from "./capabilities.ts";
import type { Runtime } from "./runtime.ts";

/** One thing the instance cannot do now, and why. */
export interface Inability {
  readonly what: string;
  readonly why: string;
}

/** The readiness of an instance. */
export interface ReadinessReport {
  /** Whether paid calls can be sold now. */
  readonly ready: boolean;
  readonly status: "ready" | "not_ready";
  readonly cannot: readonly Inability[];
}

/** What a failed health check stops, by check name (the facilitator and capabilities are reported apart). */
const LIMITED_BY: Readonly<Record<string, string>> = {
  solanaRpc:
    "Solana diagnostics (transaction, simulation, fees, token): they answer 502/504 and charge nothing",
  localEvm: "payments on the embedded EVM chain (/alt)",
};

/** How `runtime` stands now. */
export async function readinessOf(runtime: Runtime): Promise<ReadinessReport> {
  const cannot: Inability[] = [];
  const facilitator = runtime.gateway.status;
  if (!facilitator.ready) {
    cannot.push({
      what: "sell: every paid route and tool",
      why: `payment facilitator not reached: ${facilitator.error}`,
    });
  }
  if (runtime.drain.draining) cannot.push({ what: "sell: every paid route and tool", why: "shutting down" });
  const checks = await runtime.health();
  for (const [name, check] of Object.entries(checks)) {
    const what = LIMITED_BY[name];
    if (what && !check.ok) cannot.push({ what, why: check.detail ?? "check failed" });
  }
  for (const [operation, why] of withheldOperations(runtime.capabilities)) {
    cannot.push({ what: operation, why });
  }
  const ready = facilitator.ready && !runtime.drain.draining;
  return { ready, status: ready ? "ready" : "not_ready", cannot };
}

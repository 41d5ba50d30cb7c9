/**
 * What `/healthz` checks on a running service: the Solana RPC and the
 * facilitator (critical), the capabilities found at start (ffmpeg, pdf.js:
 * a missing one limits a feature only), and in local mode the embedded EVM
 * chain, whose state is known without a round trip.
 *
 * @module
 */
import { type CheckResult, createHealth, type HealthCheck, slotCheck } from "./health.ts";
import type { PaymentGateway } from "../payments/mod.ts";
import type { LocalChains } from "./modes/local_chains.ts";
import { localEvmCheck } from "./modes/local_evm_health.ts";
import type { Services } from "./services.ts";
import { rpcCall } from "../solana/mod.ts";
import type { Capabilities } from "./capabilities.ts";

/** Every check's latest result, by name, and whether it is critical. */
export type HealthReport = Record<string, CheckResult & { critical: boolean }>;

/** What the checks look at. */
export interface HealthSubjects {
  services: Services;
  gateway: PaymentGateway;
  capabilities: Capabilities;
  local?: LocalChains;
}

/**
 * The runtime's health, cached and time-bounded (`health.ts`); the cache is
 * warmed now, so the first `/healthz` is answered from it, not from three
 * live checks. The embedded EVM chain is reported live, never from the cache.
 */
export function runtimeHealth(
  { services, gateway, capabilities, local }: HealthSubjects,
): () => Promise<HealthReport> {
  const checks: HealthCheck[] = [
    {
      name: "solanaRpc",
      critical: true,
      run: async (signal) => slotCheck(await rpcCall(services.solana, "getSlot", [], signal)),
    },
    {
      name: "facilitator",
      critical: true,
      run: async () => {
        await gateway.ready().catch(() => {});
        const status = gateway.status;
        return { ok: status.ready, detail: status.ready ? "reachable" : status.error };
      },
    },
    capabilityCheck("ffmpeg", capabilities.ffmpeg, "audio normalisation is not sold here"),
    capabilityCheck("pdfjs", capabilities.pdfjs, "PDF conversion is not sold here"),
  ];
  const cached = createHealth(checks);
  cached();
  const evm = local?.evm;
  return evm
    ? async () => ({ ...await cached(), localEvm: { ...localEvmCheck(evm.status()), critical: true } })
    : cached;
}

/** A health check reporting a capability found at start; a missing one limits a feature only. */
function capabilityCheck(
  name: string,
  capability: Capabilities[keyof Capabilities],
  consequence: string,
): HealthCheck {
  const result = capability.ok
    ? { ok: true, detail: capability.detail }
    : { ok: false, detail: `${capability.detail}: ${consequence}` };
  return { name, critical: false, run: () => Promise.resolve(result) };
}

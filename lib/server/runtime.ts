/**
 * The running service's parts, wired from the configuration: the services
 * handlers use (Solana client, audio and PDF limits and gates), the payment rails and gateway, health checks, and in
 * local mode the embedded chains and in-process facilitator.
 *
 * @module
 */
import type { FacilitatorClient } from "@x402/core/server";
import type { Config } from "./config/load.ts";
import { type CheckResult, createHealth, type HealthCheck, slotCheck } from "./health.ts";
import { bufferedStdout, consoleLines, jsonLogger, type Logger } from "../shared/log.ts";
import { observeMemoryBudget } from "../shared/telemetry.ts";
import {
  FACILITATOR_TIMEOUT_MS,
  isKvFile,
  KvClaimStore,
  kvFileGuard,
  MemoryClaimStore,
  openPostgresClaimStore,
  paymentChainRpc,
  PaymentGateway,
  type PaymentRail,
  solanaSettlementChain,
} from "../payments/mod.ts";
import type { LocalChains } from "./modes/local_chains.ts";
import { importOnDemand } from "../shared/on_demand.ts";
import { startRemoteMode } from "./modes/remote_mode.ts";
import { buildServices, type Services } from "./services.ts";
import { rpcCall } from "../solana/mod.ts";
import { localEvmCheck } from "./modes/local_evm_health.ts";
import { BodyBudget } from "./body_budget.ts";
import { audioWorkBytes } from "./config/memory_plan.ts";
import { createDrain, type Drain } from "./drain.ts";
import {
  type Capabilities,
  probeCapabilities,
  type Probes,
  runtimeProbes,
  withheldOperations,
  withinBudget,
} from "./capabilities.ts";

/** How often settlements whose outcome was lost are looked up on the chain, in ms. */
const RECONCILE_EVERY_MS = 15_000;

/** The running service. */
export interface Runtime {
  readonly config: Config;
  readonly log: Logger;
  readonly services: Services;
  readonly gateway: PaymentGateway;
  readonly rails: { readonly solana: PaymentRail; readonly evm?: PaymentRail };
  readonly local?: LocalChains;
  /** What this runtime can do (ffmpeg, pdf.js), found out at start. */
  readonly capabilities: Capabilities;
  /** Bytes of request bodies that may be in flight at once (from the memory budget). */
  readonly bodyBudget: BodyBudget;
  /** Graceful shutdown: whether it has begun, and the deadline of work in flight. */
  readonly drain: Drain;
  /** Cached, time-bounded dependency checks. */
  health(): Promise<Record<string, CheckResult & { critical: boolean }>>;
  /** Stops the embedded chains and closes stores. */
  close(): Promise<void>;
}

/** Options for {@linkcode startRuntime}. */
export interface RuntimeOptions {
  /** Where log lines go (default: JSON lines on standard output, through the console where telemetry is exported). */
  log?: Logger;
  /** A facilitator to use instead of the configured one (tests). */
  facilitator?: FacilitatorClient;
  /** Minimum pause between attempts to reach an unreachable facilitator (default 2 s). */
  facilitatorRetryMs?: number;
  /** How long the facilitator may take to answer a verification or settlement (default 20 s). */
  facilitatorTimeoutMs?: number;
  /** How to find out what this runtime can do (default: run ffmpeg, look for pdf.js). */
  probes?: Probes;
}

/** Starts the service's parts for `config`. */
export async function startRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const log = options.log ?? jsonLogger(config.telemetry ? consoleLines : bufferedStdout());
  const parts = config.mode === "local"
    ? await (await importOnDemand<typeof import("./modes/local_mode.ts")>(
      new URL("./modes/local_mode.ts", import.meta.url),
    ))
      .startLocalMode(config)
    : startRemoteMode(config);
  const services = buildServices(config, parts.services.solana);
  const capabilities = withinBudget(
    await probeCapabilities(options.probes ?? runtimeProbes(config.audio.ffmpegPath)),
    { audioBytes: config.audio.maxBytes, pdfBytes: config.pdf.limits.maxBytes },
    config.memory.budgetMb,
  );
  // The PDF workers start with the first conversion, not here: idle ones retire after 30 s anyway, so
  // threads started now would only hold memory through the first half minute.
  const claimLimits = {
    answerMaxBytes: config.paymentAnswers.maxBytes,
    answerTtlMs: config.paymentAnswers.ttlMs,
    // A settling payment is its request's until the facilitator's answer is overdue.
    settlingGraceMs: (options.facilitatorTimeoutMs ?? FACILITATOR_TIMEOUT_MS) + 5_000,
  };
  // A claim store in a file is checked before each use: gone, replaced or read-only, it fails closed.
  const kvFile = !config.claimStoreUrl && isKvFile(config.kvPath) ? kvFileGuard(config.kvPath) : undefined;
  // PostgreSQL when configured (replicas on many hosts); in local mode without a KV file, this process's
  // memory (its claims die with it either way); otherwise Deno KV (SQLite), opened with the first payment
  // claim: an idle service does not load it.
  const claims = config.claimStoreUrl
    ? await openPostgresClaimStore(config.claimStoreUrl, claimLimits)
    : config.mode === "local" && config.kvPath === undefined
    ? new MemoryClaimStore(claimLimits)
    : new KvClaimStore(async () => {
      const kv = await Deno.openKv(config.kvPath);
      await kvFile?.opened();
      return kv;
    }, { ...claimLimits, beforeUse: kvFile?.check });
  const gateway = new PaymentGateway({
    facilitator: options.facilitator ?? parts.facilitator,
    rails: [parts.rails.solana, ...(parts.rails.evm ? [parts.rails.evm] : [])],
    claims,
    retryInitMs: options.facilitatorRetryMs,
    readiness: config.readiness,
    facilitatorTimeoutMs: options.facilitatorTimeoutMs,
    onSettlement: (event) => log({ type: "settlement", ...event }),
    durableClaims: config.mode !== "local" || config.kvPath !== undefined ||
      config.claimStoreUrl !== undefined,
    chains: new Map([[
      parts.rails.solana.network,
      solanaSettlementChain(
        parts.rails.solana,
        () => paymentChainRpc(parts.rails.solana.network, services.solana, parts.local),
      ),
    ]]),
  });
  // Settlements left pending by a crash or a facilitator that never answered: resolved now, then by a sweep.
  gateway.reconciler.start(RECONCILE_EVERY_MS);
  // Reached in the background: the service serves meanwhile, and paid routes answer 503 until then.
  gateway.startReadiness((change) =>
    log(
      change.ready ? { type: "ready", facilitator: "reachable" } : {
        type: "warning",
        message: `facilitator not reached: ${change.error}`,
        retryInMs: change.retryInMs,
      },
    )
  );
  for (const [operation, reason] of withheldOperations(capabilities)) {
    log({ type: "warning", operation, message: reason });
  }

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
  cached(); // Warm the cache: the first /healthz is then answered from it, not from three live checks.
  const evm = parts.local?.evm;
  // The embedded EVM chain's state is known without a round trip: reported live, never from the cache.
  const health = evm
    ? async () => ({ ...await cached(), localEvm: { ...localEvmCheck(evm.status()), critical: true } })
    : cached;

  const bodyBudget = new BodyBudget(config.memory.bodyBytes);
  // PDF work by the memory its conversions reserved; audio by the most each running job may take.
  const audioJobBytes = audioWorkBytes(config.audio.maxBytes);
  observeMemoryBudget(() => ({
    bodies: bodyBudget.inFlight,
    pdf: Math.round(services.pdf.pool.stats.reservedMb * 2 ** 20),
    audio: services.audio.gate.load.running * audioJobBytes,
  }));
  return {
    config,
    log,
    services,
    gateway,
    rails: parts.rails,
    local: parts.local,
    capabilities,
    bodyBudget,
    drain: createDrain(),
    health,
    async close() {
      gateway.reconciler.stop();
      gateway.stopReadiness();
      // Closing checkpoints through the `-shm` map: one cut short would kill the process on the way out.
      if (!kvFile?.mapCutShort) await claims.close();
      await services.pdf.pool.close();
      await parts.close();
    },
  };
}

/** A health check reporting a capability found at start; a missing one limits a feature only. */
function capabilityCheck(name: string, capability: Capabilities[keyof Capabilities], consequence: string) {
  const result = capability.ok
    ? { ok: true, detail: capability.detail }
    : { ok: false, detail: `${capability.detail}: ${consequence}` };
  return { name, critical: false, run: () => Promise.resolve(result) };
}

/**
 * The running service's parts, wired from the configuration: the services
 * handlers use (Solana client, audio and PDF limits and gates), the payment
 * rails and gateway (its claim store chosen in `claim_store_choice.ts`), health
 * checks (`runtime_health.ts`), and in local mode the embedded chains and
 * in-process facilitator.
 *
 * @module
 */
import type { FacilitatorClient } from "@x402/core/server";
import type { Config } from "./config/load.ts";
import { bufferedStdout, consoleLines, jsonLogger, type Logger } from "../shared/log.ts";
import { observeMemoryBudget } from "../shared/telemetry.ts";
import {
  FACILITATOR_TIMEOUT_MS,
  paymentChainRpc,
  PaymentGateway,
  type PaymentRail,
  solanaSettlementChain,
} from "../payments/mod.ts";
import type { LocalChains } from "./modes/local_chains.ts";
import type { ModeParts } from "./modes/mode_parts.ts";
import { importOnDemand } from "../shared/on_demand.ts";
import { startRemoteMode } from "./modes/remote_mode.ts";
import { buildServices, type Services } from "./services.ts";
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
import { durableClaims, openClaimStore, type OpenedClaimStore } from "./claim_store_choice.ts";
import { type HealthReport, runtimeHealth } from "./runtime_health.ts";

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
  health(): Promise<HealthReport>;
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

/**
 * Starts the service's parts for `config`, in this order: the mode's chains
 * and rails, the services and what this runtime can do, the payment gateway
 * and its background work, then health checks and memory observation.
 */
export async function startRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const log = options.log ?? jsonLogger(config.telemetry ? consoleLines : bufferedStdout());
  const parts = await startMode(config);
  const services = buildServices(config, parts.services.solana);
  // The PDF workers start with the first conversion, not here: idle ones retire after 30 s anyway, so
  // threads started now would only hold memory through the first half minute.
  const capabilities = await findCapabilities(config, options.probes);
  const claims = await openClaimStore(config, {
    answerMaxBytes: config.paymentAnswers.maxBytes,
    answerTtlMs: config.paymentAnswers.ttlMs,
    // A settling payment is its request's until the facilitator's answer is overdue.
    settlingGraceMs: (options.facilitatorTimeoutMs ?? FACILITATOR_TIMEOUT_MS) + 5_000,
  });
  const gateway = createGateway(config, options, { parts, services, claims, log });
  startPaymentWork(gateway, log);
  for (const [operation, reason] of withheldOperations(capabilities)) {
    log({ type: "warning", operation, message: reason });
  }
  const health = runtimeHealth({ services, gateway, capabilities, local: parts.local });
  const bodyBudget = observeMemory(config, services);
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
      await claims.close();
      await services.pdf.pool.close();
      await parts.close();
    },
  };
}

/** The mode's parts: local mode's embedded chains and facilitator (loaded only then), or the remote ones. */
async function startMode(config: Config): Promise<ModeParts> {
  if (config.mode !== "local") return startRemoteMode(config);
  const localMode = await importOnDemand<typeof import("./modes/local_mode.ts")>(
    new URL("./modes/local_mode.ts", import.meta.url),
  );
  return await localMode.startLocalMode(config);
}

/** What this runtime can do (ffmpeg, pdf.js), within what the memory budget admits. */
async function findCapabilities(config: Config, probes?: Probes): Promise<Capabilities> {
  return withinBudget(
    await probeCapabilities(probes ?? runtimeProbes(config.audio.ffmpegPath)),
    { audioBytes: config.audio.maxBytes, pdfBytes: config.pdf.limits.maxBytes },
    config.memory.budgetMb,
  );
}

/** What the gateway is built from besides the configuration. */
interface GatewayParts {
  parts: ModeParts;
  services: Services;
  claims: OpenedClaimStore;
  log: Logger;
}

/** The payment gateway on the mode's rails and facilitator, settlements looked up on the Solana chain. */
function createGateway(
  config: Config,
  options: RuntimeOptions,
  { parts, services, claims, log }: GatewayParts,
): PaymentGateway {
  const solana = parts.rails.solana;
  return new PaymentGateway({
    facilitator: options.facilitator ?? parts.facilitator,
    rails: [solana, ...(parts.rails.evm ? [parts.rails.evm] : [])],
    claims: claims.store,
    retryInitMs: options.facilitatorRetryMs,
    readiness: config.readiness,
    facilitatorTimeoutMs: options.facilitatorTimeoutMs,
    onSettlement: (event) => log({ type: "settlement", ...event }),
    durableClaims: durableClaims(config),
    chains: new Map([[
      solana.network,
      solanaSettlementChain(solana, () => paymentChainRpc(solana.network, services.solana, parts.local)),
    ]]),
  });
}

/**
 * Starts the gateway's background work: settlements left pending by a crash
 * or a facilitator that never answered, resolved now, then by a sweep; and
 * the facilitator, reached meanwhile (paid routes answer 503 until then).
 */
function startPaymentWork(gateway: PaymentGateway, log: Logger): void {
  gateway.reconciler.start(RECONCILE_EVERY_MS);
  gateway.startReadiness((change) =>
    log(
      change.ready ? { type: "ready", facilitator: "reachable" } : {
        type: "warning",
        message: `facilitator not reached: ${change.error}`,
        retryInMs: change.retryInMs,
      },
    )
  );
}

/**
 * The budget of request bodies in flight, and the memory budget's use
 * reported: bodies, PDF work by the memory its conversions reserved, audio by
 * the most each running job may take.
 */
function observeMemory(config: Config, services: Services): BodyBudget {
  const bodyBudget = new BodyBudget(config.memory.bodyBytes);
  const audioJobBytes = audioWorkBytes(config.audio.maxBytes);
  observeMemoryBudget(() => ({
    bodies: bodyBudget.inFlight,
    pdf: Math.round(services.pdf.pool.stats.reservedMb * 2 ** 20),
    audio: services.audio.gate.load.running * audioJobBytes,
  }));
  return bodyBudget;
}

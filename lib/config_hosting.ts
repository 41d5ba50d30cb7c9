/**
 * Settings that depend on where the service runs: whether local mode may
 * start (never by default on a host), and how one memory budget is shared
 * between request bodies in flight, PDF conversions and audio jobs.
 *
 * @module
 */

/** Megabytes, in bytes. */
const MB = 1024 * 1024;

/** The memory budget when none is configured: Deno Deploy's default limit, in MB. */
export const DEFAULT_MEMORY_BUDGET_MB = 768;
/** What the process needs before any request: code, heap, caches (idle RSS is about 160 MB), in MB. */
export const BASELINE_MB = 256;
/** The share of the budget that request bodies in flight may hold. */
export const BODY_SHARE = 0.25;
/** Memory one PDF conversion may take, per byte of the largest accepted PDF. */
export const PDF_BYTES_PER_INPUT_BYTE = 8;
/** Memory one audio job holds in the process (input, output, buffers), per byte of the largest input. */
export const AUDIO_BYTES_PER_INPUT_BYTE = 4.5;

/** What the environment says about where the service runs. */
export interface HostingFacts {
  /** `SERVICE_MODE` as set, or undefined when it is not set. */
  readonly modeSetting?: string;
  /** `HOST` as set, or undefined. */
  readonly host?: string;
  /** `DENO_DEPLOYMENT_ID`, set by Deno Deploy. */
  readonly deploymentId?: string;
}

/** Whether `host` only listens on this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/**
 * Why local mode must not start here, or undefined when it may. Local mode is
 * the default for a person on their own machine; on a host (Deno Deploy, or
 * listening beyond loopback) it would serve a faucet and a facilitator to the
 * world, so there it starts only when `SERVICE_MODE=local` is set explicitly.
 */
export function localModeRefusal(facts: HostingFacts): string | undefined {
  if (facts.modeSetting !== undefined) return undefined;
  const where = facts.deploymentId !== undefined
    ? "on Deno Deploy (DENO_DEPLOYMENT_ID is set)"
    : facts.host !== undefined && !isLoopbackHost(facts.host)
    ? `listening on HOST "${facts.host}", beyond this machine`
    : undefined;
  if (!where) return undefined;
  return `SERVICE_MODE is not set and the service runs ${where}: local mode (throwaway chains, a public ` +
    "faucet and facilitator) is not started on a host by default. Set SERVICE_MODE=devnet or " +
    "SERVICE_MODE=mainnet with PAY_TO_SOLANA (and PAY_TO_EVM, or ALT_ROUTES=off), FACILITATOR_URL and " +
    "SOLANA_RPC_URL (required on mainnet) and PUBLIC_URL; or set SERVICE_MODE=local to run local mode anyway";
}

/** The largest bodies each kind of request may send, in bytes. */
export interface BodyCaps {
  /** Largest audio upload. */
  readonly audioBytes: number;
  /** Largest PDF upload. */
  readonly pdfBytes: number;
}

/** How the memory budget is shared. */
export interface MemoryPlan {
  /** The whole budget, in MB. */
  readonly budgetMb: number;
  /** Bytes of request bodies that may be in flight at once, across every route and MCP. */
  readonly bodyBytes: number;
  /** PDF conversions that fit at once. */
  readonly pdfConcurrency: number;
  /** Memory PDF conversions may take together, in MB (a large document splits only within it). */
  readonly pdfMemoryMb: number;
  /** Audio jobs that fit at once. */
  readonly audioConcurrency: number;
}

/**
 * Shares `budgetMb` out: {@linkcode BASELINE_MB} for the process itself, a
 * quarter for request bodies in flight (never less than the largest single
 * body, base64 in an MCP call), and the rest half to PDF conversions and half
 * to audio jobs, each sized from its largest input. At least one of each runs.
 *
 * @example Deno Deploy's default 768 MB
 * ```ts
 * planMemory(768, { audioBytes: 50 * 2 ** 20, pdfBytes: 20 * 2 ** 20 });
 * // { budgetMb: 768, bodyBytes: 192 MB, pdfMemoryMb: 160, pdfConcurrency: 1, audioConcurrency: 1 }
 * ```
 */
export function planMemory(budgetMb: number, caps: BodyCaps): MemoryPlan {
  const budget = budgetMb * MB;
  const largestBody = Math.ceil(Math.max(caps.audioBytes, caps.pdfBytes) * 4 / 3) + MB;
  const bodyBytes = Math.max(largestBody, Math.floor(budget * BODY_SHARE));
  const work = Math.max(0, budget - BASELINE_MB * MB - bodyBytes);
  return {
    budgetMb,
    bodyBytes,
    pdfMemoryMb: Math.floor(work / 2 / MB),
    pdfConcurrency: Math.max(1, Math.floor(work / 2 / (caps.pdfBytes * PDF_BYTES_PER_INPUT_BYTE))),
    audioConcurrency: Math.max(1, Math.floor(work / 2 / (caps.audioBytes * AUDIO_BYTES_PER_INPUT_BYTE))),
  };
}

/**
 * The list of every environment variable the configuration reads, with its
 * default and meaning as the docs show them, and the defaults themselves.
 *
 * @module
 */
import { DEFAULT_AUDIO_LIMITS } from "../../audio/mod.ts";
import {
  DEFAULT_PDF_LIMITS,
  DEFAULT_POOL_OPTIONS,
  MAX_WORKER_HEAP_MB,
  MIN_WORKER_HEAP_MB,
} from "../../pdf/mod.ts";
import { DEFAULT_MEMORY_BUDGET_MB, planMemory } from "./memory_plan.ts";

/** One environment variable the configuration reads, as the docs list it. */
export interface Setting {
  /** The variable's name. */
  readonly name: string;
  /** Its default, as Markdown. */
  readonly default: string;
  /** What it sets, as Markdown. */
  readonly meaning: string;
}

/** The public facilitator for test networks. */
export const DEFAULT_DEVNET_FACILITATOR = "https://www.x402.org/facilitator";
/** The public Solana devnet RPC. */
export const DEFAULT_DEVNET_RPC = "https://api.devnet.solana.com";
/** How many PDF conversions run at once, and wait, unless configured. */
export const DEFAULT_PDF_GATE = { concurrency: 2, queue: 8 };
/** How large a paid answer kept for a resend may be, and for how long it is kept, unless configured. */
export const DEFAULT_PAYMENT_ANSWERS = { maxBytes: 512 * 1024, hours: 24 };
/** How the facilitator is reached in the background unless configured: each attempt's budget, the longest pause, in ms. */
export const DEFAULT_READINESS = { attemptTimeoutMs: 3_000, retryMaxMs: 30_000 };
/** How long local mode waits for Anvil at start unless configured, in ms. */
export const DEFAULT_ANVIL_READY_MS = 15_000;
const MB = 1024 * 1024;
/** The default caps, before the memory budget lowers them. */
const DEFAULT_CAPS = { audioBytes: DEFAULT_AUDIO_LIMITS.maxBytes, pdfBytes: DEFAULT_PDF_LIMITS.maxBytes };
/** The limits the default memory budget gives where ffmpeg may run. */
const DEFAULT_PLAN = planMemory(DEFAULT_MEMORY_BUDGET_MB, DEFAULT_CAPS);
/** The limits it gives on Deno Deploy, where audio is not sold. */
const DEPLOY_PLAN = planMemory(DEFAULT_MEMORY_BUDGET_MB, DEFAULT_CAPS, { audio: false });

/** `bytes` in MB, to one decimal. */
function mbOf(bytes: number): string {
  return (bytes / MB).toFixed(1);
}

/** `value` as inline code. */
function code(value: string | number): string {
  return `\`${value}\``;
}

/** Every variable the service and `deno task pay` read, in the order the docs list them. */
export const SETTINGS: readonly Setting[] = Object.freeze([
  {
    name: "SERVICE_MODE",
    default: "`local` on this machine; **required** on a host (Deno Deploy, or a `HOST` beyond loopback)",
    meaning: "`local` (embedded chains and facilitator), `devnet` (Solana devnet + Base Sepolia), `mainnet`",
  },
  {
    name: "DENO_DEPLOY",
    default: "`true` on Deno Deploy",
    meaning:
      "Set by the platform in every context, builds included: Deno Deploy, a host where `SERVICE_MODE` " +
      "must be set, audio is not sold, and logs go through the console",
  },
  {
    name: "DENO_DEPLOYMENT_ID",
    default: "set by Deno Deploy",
    meaning: "Never set it yourself: its presence, like `DENO_DEPLOY=true`, means Deno Deploy",
  },
  {
    name: "OTEL_DENO",
    default: "unset (always on on Deno Deploy)",
    meaning:
      "`true` makes Deno export traces, metrics and logs over OTLP (`OTEL_EXPORTER_OTLP_*`); log lines " +
      "then go through the console API so each carries its request's trace id. See docs/operations.md",
  },
  { name: "PORT", default: code(8000), meaning: "Port to listen on" },
  {
    name: "HOST",
    default: "`127.0.0.1` in local mode, `0.0.0.0` otherwise",
    meaning: "Interface to listen on",
  },
  {
    name: "PUBLIC_URL",
    default: "the request's origin (local); **required** otherwise",
    meaning:
      "Base URL used in payment requirements, descriptors and guides; requests for another `Host` are refused (421)",
  },
  {
    name: "ALLOWED_HOSTS",
    default: "none",
    meaning:
      "More `Host` names served besides `PUBLIC_URL`'s (and loopback in local mode), comma separated, `name` or `name:port`",
  },
  {
    name: "SOLANA_RPC_URL",
    default: `embedded chain (local), ${code(DEFAULT_DEVNET_RPC)} (devnet); **required** on mainnet`,
    meaning:
      "The cluster being diagnosed. In local mode it changes only what is diagnosed; payments still settle locally",
  },
  {
    name: "FACILITATOR_URL",
    default: `${code(DEFAULT_DEVNET_FACILITATOR)} (devnet); **required** on mainnet`,
    meaning: "The x402 facilitator (ignored in local mode)",
  },
  {
    name: "PAY_TO_SOLANA",
    default: "generated (local); **required** otherwise",
    meaning: "Address receiving USDC on Solana",
  },
  {
    name: "PAY_TO_EVM",
    default: "generated (local); **required** otherwise while `ALT_ROUTES=on`",
    meaning: "Address receiving USDC on Base",
  },
  { name: "ALT_ROUTES", default: code("on"), meaning: "Serve `/alt/*` and `/alt/mcp` (`on` or `off`)" },
  {
    name: "KV_PATH",
    default: "in memory (local), Deno's SQLite store otherwise",
    meaning: "Deno KV for payment replay claims; a KV Connect URL shares it between replicas",
  },
  {
    name: "CLAIM_STORE_URL",
    default: "unset: claims in Deno KV (`KV_PATH`)",
    meaning:
      "A PostgreSQL database (`postgres://user:password@host:5432/db`) holding payment claims instead of " +
      "Deno KV, shared by replicas on any host; tables are created on first use",
  },
  {
    name: "PAYMENT_ANSWER_MAX_BYTES",
    default: `${code(DEFAULT_PAYMENT_ANSWERS.maxBytes)} (512 KiB)`,
    meaning:
      "Largest paid answer kept with its settlement for a resend of the same payment (larger: served " +
      "once only; an audio answer over 4 MB, sent from reused pieces, is never kept)",
  },
  {
    name: "PAYMENT_ANSWER_HOURS",
    default: code(DEFAULT_PAYMENT_ANSWERS.hours),
    meaning: "Hours a kept paid answer can be fetched again with the same payment (and payment id)",
  },
  {
    name: "ALLOWED_ORIGINS",
    default: "none",
    meaning: "Extra browser origins allowed on the MCP endpoints (comma separated)",
  },
  {
    name: "REQUEST_TIMEOUT_MS",
    default: code(30000),
    meaning: "Time budget of one request's work in ms, at least 1000 (then 504)",
  },
  {
    name: "READINESS_TIMEOUT_MS",
    default: code(3000),
    meaning:
      "Time budget of one attempt to reach the facilitator, ms (at least 100); until one succeeds paid " +
      "routes answer 503 with `Retry-After` and `/readyz` says why",
  },
  {
    name: "READINESS_RETRY_MAX_MS",
    default: code(30000),
    meaning: "Longest pause between background attempts to reach the facilitator, ms (at least 1000); the " +
      "pause starts at 2 s and doubles",
  },
  {
    name: "AUDIO_MAX_BYTES",
    default: `${code(DEFAULT_AUDIO_LIMITS.maxBytes)} (${DEFAULT_AUDIO_LIMITS.maxBytes / MB} MB)`,
    meaning: "Largest audio upload, bytes (larger: 413); lowered to what `MEMORY_BUDGET_MB` holds " +
      `(${mbOf(DEFAULT_PLAN.audioMaxBytes)} MB at the default budget)`,
  },
  {
    name: "AUDIO_MAX_SECONDS",
    default: code(DEFAULT_AUDIO_LIMITS.maxSeconds),
    meaning: "Longest audio input, seconds (longer: 413)",
  },
  {
    name: "AUDIO_TIMEOUT_MS",
    default: code(DEFAULT_AUDIO_LIMITS.timeoutMs),
    meaning: "Time budget of one normalisation, ms; ffmpeg is stopped past it (504)",
  },
  {
    name: "MEMORY_BUDGET_MB",
    default: code(DEFAULT_MEMORY_BUDGET_MB),
    meaning:
      "Memory the service may use, ffmpeg included, MB (at least 128). An eighth (at least the largest body) " +
      "is the budget of request bodies in flight (more: 503 with `Retry-After`); the rest holds PDF and audio " +
      "work, from which the concurrency defaults and the largest accepted uploads follow (explicit limits " +
      "win, past the budget). See docs/memory.md",
  },
  {
    name: "AUDIO_CONCURRENCY",
    default: `${code(DEFAULT_PLAN.audioConcurrency)} (from \`MEMORY_BUDGET_MB\`)`,
    meaning: "ffmpeg jobs that run at once",
  },
  {
    name: "AUDIO_QUEUE",
    default: code(DEFAULT_AUDIO_LIMITS.queue),
    meaning: "Audio requests that may wait for a slot; more get a 503 with `Retry-After`",
  },
  {
    name: "FFMPEG_PATH",
    default: code(DEFAULT_AUDIO_LIMITS.ffmpegPath),
    meaning: "The ffmpeg executable: a name looked up on `PATH`, or a path",
  },
  {
    name: "PDF_MAX_BYTES",
    default: `${code(DEFAULT_PDF_LIMITS.maxBytes)} (${DEFAULT_PDF_LIMITS.maxBytes / MB} MB)`,
    meaning:
      "Largest PDF upload, bytes (larger: 413); lowered to what `MEMORY_BUDGET_MB` holds, a conversion of it included. A PDF " +
      "is admitted by what its conversion reads (pages, text, fonts; images cost only their bytes), within the " +
      `memory one conversion may take (${mbOf(DEFAULT_PLAN.pdfJobBytes)} MB at the default budget, or ${
        mbOf(DEFAULT_PLAN.pdfBorrowBytes)
      } MB borrowing the audio room while no audio job runs; ${
        mbOf(DEPLOY_PLAN.pdfJobBytes)
      } MB on Deno Deploy; more: 422 naming the budget that admits it)`,
  },
  {
    name: "PDF_MAX_PAGES",
    default: code(DEFAULT_PDF_LIMITS.maxPages),
    meaning: "Most pages converted per request (more: 413)",
  },
  {
    name: "PDF_TIME_BUDGET_MS",
    default: code(DEFAULT_PDF_LIMITS.timeBudgetMs),
    meaning: "Time budget of one conversion, ms (past it: 422)",
  },
  {
    name: "PDF_CONCURRENCY",
    default: `${code(DEFAULT_PLAN.pdfConcurrency)} (from \`MEMORY_BUDGET_MB\`)`,
    meaning: "PDF conversions that run at once, each in its own worker thread",
  },
  {
    name: "PDF_WORKER_HEAP_MB",
    default: `${code(MIN_WORKER_HEAP_MB)}–${
      code(MAX_WORKER_HEAP_MB)
    } (each worker's share of the PDF part of \`MEMORY_BUDGET_MB\`)`,
    meaning: "Heap ceiling of each PDF worker thread, MB (a worker over it ends with a 422)",
  },
  {
    name: "PDF_SPLIT_MIN_PAGES",
    default: code(DEFAULT_POOL_OPTIONS.splitMinPages),
    meaning:
      "Documents with at least this many pages are split across idle PDF workers when the PDF share of `MEMORY_BUDGET_MB` admits another worker",
  },
  {
    name: "PDF_QUEUE",
    default: code(DEFAULT_PDF_GATE.queue),
    meaning: "PDF requests that may wait for a slot; more get a 503 with `Retry-After`",
  },
  {
    name: "ANVIL_PATH",
    default: "the binary installed from npm",
    meaning: "Local mode: path of the Anvil executable of the embedded EVM chain",
  },
  {
    name: "ANVIL_READY_TIMEOUT_MS",
    default: code(DEFAULT_ANVIL_READY_MS),
    meaning: "Local mode: how long to wait for Anvil to answer at start, ms",
  },
  {
    name: "BUYER_SOLANA_KEY",
    default: "a throwaway key",
    meaning: "`deno task pay` outside local mode: the payer's 64 secret-key bytes as a JSON array",
  },
  {
    name: "BUYER_EVM_KEY",
    default: "a throwaway key",
    meaning: "`deno task pay` outside local mode: the payer's EVM private key, `0x` and 64 hex digits",
  },
]);

/**
 * The service's configuration, read from the environment once and checked as
 * a whole: a missing or malformed value stops start-up with a message naming
 * it. `SETTINGS` lists every variable it reads, with its default and meaning,
 * and the docs are checked against that list.
 *
 * @module
 */
import { isSolanaAddress } from "../../solana/mod.ts";
import { type HostRule, LOOPBACK_HOSTS, parseHost } from "../../shared/allowed_hosts.ts";
import type { SupervisorOptions } from "../../local/mod.ts";
import { type AudioLimits, DEFAULT_AUDIO_LIMITS } from "../../audio/mod.ts";
import {
  conversionMb,
  DEFAULT_PDF_LIMITS,
  DEFAULT_POOL_OPTIONS,
  type PdfLimits,
  workerHeapMb,
} from "../../pdf/mod.ts";
import {
  DEFAULT_ANVIL_READY_MS,
  DEFAULT_DEVNET_FACILITATOR,
  DEFAULT_DEVNET_RPC,
  DEFAULT_PAYMENT_ANSWERS,
  DEFAULT_PDF_GATE,
  DEFAULT_READINESS,
} from "./settings.ts";
import { localModeRefusal } from "./local_mode_refusal.ts";
import { DEFAULT_MEMORY_BUDGET_MB, type MemoryPlan, planMemory } from "./memory_plan.ts";

import { ConfigError, type Env, type EnvReader, processEnv, reader } from "./env.ts";
import { onDenoDeploy, telemetryExported } from "./hosting.ts";

export { DEFAULT_DEVNET_FACILITATOR, type Setting, SETTINGS } from "./settings.ts";
export { ConfigError, type Env } from "./env.ts";

/** Where payments settle and which cluster is diagnosed. */
export type ServiceMode = "local" | "devnet" | "mainnet";

/** The service's configuration. */
export interface Config {
  /** `local` runs embedded chains and facilitator; `devnet`/`mainnet` use real ones. */
  readonly mode: ServiceMode;
  /** Interface to listen on. */
  readonly hostname: string;
  /** Port to listen on. */
  readonly port: number;
  /** Public base URL for descriptors; required in devnet and mainnet, the request's origin when unset (local). */
  readonly publicUrl?: string;
  /**
   * The `Host` names served: `PUBLIC_URL`'s host, `ALLOWED_HOSTS`, and in local
   * mode the loopback names. Requests for any other host are refused.
   */
  readonly allowedHosts: readonly HostRule[];
  /** The Solana RPC being diagnosed; in local mode, unset means the embedded chain. */
  readonly solanaRpcUrl?: string;
  /** The x402 facilitator; unset in local mode (in-process). */
  readonly facilitatorUrl?: string;
  /** Who receives USDC on Solana; generated in local mode. */
  readonly payToSolana?: string;
  /** Who receives USDC on the EVM chain; generated in local mode. */
  readonly payToEvm?: string;
  /** Whether the `/alt` routes and `/alt/mcp` are served. */
  readonly altEnabled: boolean;
  /** Deno KV location for payment claims (path or KV Connect URL); in memory when unset in local mode. */
  readonly kvPath?: string;
  /** A PostgreSQL database (`postgres://` URL) holding payment claims instead of Deno KV. */
  readonly claimStoreUrl?: string;
  /** How large a paid answer kept with its settlement may be, and how long it is kept. */
  readonly paymentAnswers: { readonly maxBytes: number; readonly ttlMs: number };
  /** Browser origins allowed on the MCP endpoints besides the service's own. */
  readonly allowedOrigins: readonly string[];
  /** Time budget of one request's work, in milliseconds. */
  readonly requestTimeoutMs: number;
  /** How the facilitator is reached in the background: each attempt's time budget and the longest pause. */
  readonly readiness: Readonly<{ attemptTimeoutMs: number; retryMaxMs: number }>;
  /** Whether the service runs on Deno Deploy (`DENO_DEPLOY=true` or `DENO_DEPLOYMENT_ID` set). */
  readonly onDeploy: boolean;
  /** Whether Deno exports OpenTelemetry data (`OTEL_DENO=true`, or on Deploy): logs then go through the console. */
  readonly telemetry: boolean;
  /** Limits of audio normalisation and the ffmpeg executable. */
  readonly audio: Readonly<AudioLimits>;
  /** Limits of PDF conversion and how many run at once. */
  readonly pdf: PdfSettings;
  /** Options of local mode's embedded EVM chain. */
  readonly localEvm: LocalEvmSettings;
  /** The memory budget and what derives from it (the body budget, default concurrency limits). */
  readonly memory: MemoryPlan;
}

/** PDF conversion caps plus the bounds of its concurrency gate. */
export interface PdfSettings {
  readonly limits: Readonly<PdfLimits>;
  /** Conversions that may run at once. */
  readonly concurrency: number;
  /** The worker threads that run them, and the memory a large document may split within. */
  readonly pool: Readonly<{ workers: number; heapMb: number; splitMinPages: number; memoryMb: number }>;
  /** Conversions that may wait for a slot; more get a 503 with `Retry-After`. */
  readonly queue: number;
}

/** How local mode starts Anvil. */
export interface LocalEvmSettings {
  /** The Anvil executable; the one installed from npm when unset. */
  readonly anvilBinary?: string;
  /** How long to wait for Anvil to answer at start, in milliseconds. */
  readonly readyTimeoutMs: number;
  /** Probing and restart pacing of Anvil's supervision (not from the environment; tests set it). */
  readonly supervision?: SupervisorOptions;
}

/**
 * Reads the configuration from `env` (default: the process environment).
 *
 * @throws {ConfigError} listing every missing or malformed variable
 */
export function loadConfig(env: Env = processEnv()): Config {
  const settings = reader(env);
  const onDeploy = onDenoDeploy(env);
  const { problems, read, whole } = settings;
  const { mode, remote } = readMode(settings, onDeploy);
  const port = Number(read("PORT") ?? "8000");
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT "${read("PORT")}" is not a port`);
  }
  const payment = readPaymentSetup(settings, mode);
  const requestTimeoutMs = whole("REQUEST_TIMEOUT_MS", 30_000, 1000);
  const readiness = {
    attemptTimeoutMs: whole("READINESS_TIMEOUT_MS", DEFAULT_READINESS.attemptTimeoutMs, 100),
    retryMaxMs: whole("READINESS_RETRY_MAX_MS", DEFAULT_READINESS.retryMaxMs, 1000),
  };
  const allowedOrigins = (read("ALLOWED_ORIGINS") ?? "").split(",").map((o) => o.trim()).filter(Boolean);
  const allowedHosts = hostRules(read("ALLOWED_HOSTS"), problems);
  if (payment.publicUrl) allowedHosts.push({ hostname: new URL(payment.publicUrl).hostname });
  if (mode === "local") allowedHosts.push(...LOOPBACK_HOSTS);
  const memory = readMemoryPlan(settings, onDeploy);
  const audio = readAudioLimits(settings, memory);
  const pdf = readPdfSettings(settings, memory);
  const localEvm = readLocalEvm(settings);
  const paymentAnswers = Object.freeze({
    maxBytes: whole("PAYMENT_ANSWER_MAX_BYTES", DEFAULT_PAYMENT_ANSWERS.maxBytes, 0),
    ttlMs: whole("PAYMENT_ANSWER_HOURS", DEFAULT_PAYMENT_ANSWERS.hours, 1) * 3_600_000,
  });

  const kvPath = read("KV_PATH");
  const kvProblem = kvPath === undefined ? undefined : kvFolderProblem(kvPath);
  if (kvProblem) problems.push(kvProblem);
  const claimStoreUrl = read("CLAIM_STORE_URL");
  if (claimStoreUrl !== undefined && !/^postgres(ql)?:\/\/[^/]/.test(claimStoreUrl)) {
    problems.push("CLAIM_STORE_URL must be a PostgreSQL URL (postgres://user:password@host:port/database)");
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({
    mode: mode!,
    hostname: read("HOST") ?? (remote ? "0.0.0.0" : "127.0.0.1"),
    port,
    publicUrl: payment.publicUrl,
    allowedHosts: Object.freeze(allowedHosts),
    solanaRpcUrl: payment.solanaRpcUrl,
    facilitatorUrl: remote ? payment.facilitatorUrl : undefined,
    payToSolana: payment.payToSolana,
    payToEvm: payment.payToEvm,
    altEnabled: payment.altEnabled,
    kvPath,
    claimStoreUrl,
    paymentAnswers,
    allowedOrigins: Object.freeze(allowedOrigins),
    requestTimeoutMs,
    readiness: Object.freeze(readiness),
    onDeploy,
    telemetry: telemetryExported(env),
    audio: Object.freeze(audio),
    pdf: Object.freeze(pdf),
    localEvm: Object.freeze(localEvm),
    memory: Object.freeze(memory),
  });
}

/** `SERVICE_MODE`, refused when local mode would start on a host without being asked for. */
function readMode({ problems, read }: EnvReader, onDeploy: boolean): { mode?: ServiceMode; remote: boolean } {
  const modeValue = read("SERVICE_MODE") ?? "local";
  const refusal = localModeRefusal({
    modeSetting: read("SERVICE_MODE"),
    host: read("HOST"),
    onDeploy,
  });
  if (refusal) problems.push(refusal);
  const mode = (["local", "devnet", "mainnet"] as const).find((m) => m === modeValue);
  if (!mode) problems.push(`SERVICE_MODE "${modeValue}" is not one of local, devnet, mainnet`);
  return { mode, remote: mode === "devnet" || mode === "mainnet" };
}

/** Where the service is reached and paid: what a remote mode requires, with devnet's defaults filled in. */
type PaymentSetup = Pick<
  Config,
  "publicUrl" | "solanaRpcUrl" | "facilitatorUrl" | "payToSolana" | "payToEvm" | "altEnabled"
>;

/**
 * `PUBLIC_URL`, the RPC and facilitator, the addresses paid and whether the
 * `/alt` routes are on; in devnet and mainnet, the ones a paid call needs.
 */
function readPaymentSetup({ problems, read, url }: EnvReader, mode?: ServiceMode): PaymentSetup {
  const publicUrl = url("PUBLIC_URL");
  let solanaRpcUrl = url("SOLANA_RPC_URL");
  let facilitatorUrl = url("FACILITATOR_URL");

  const payToSolana = read("PAY_TO_SOLANA");
  if (payToSolana !== undefined && !isSolanaAddress(payToSolana)) {
    problems.push(`PAY_TO_SOLANA "${payToSolana}" is not a Solana address`);
  }
  const payToEvm = read("PAY_TO_EVM");
  if (payToEvm !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(payToEvm)) {
    problems.push(`PAY_TO_EVM "${payToEvm}" is not an EVM address`);
  }
  const altValue = (read("ALT_ROUTES") ?? "on").toLowerCase();
  if (!["on", "off"].includes(altValue)) problems.push(`ALT_ROUTES "${altValue}" is not on or off`);
  const altEnabled = altValue !== "off";

  if (mode === "devnet" || mode === "mainnet") {
    if (!payToSolana) {
      problems.push(`PAY_TO_SOLANA is required in ${mode} mode: the address that receives USDC`);
    }
    if (altEnabled && !payToEvm) {
      problems.push(
        `PAY_TO_EVM is required in ${mode} mode while ALT_ROUTES is on: the EVM address for /alt`,
      );
    }
    if (!publicUrl && !problems.some((problem) => problem.startsWith("PUBLIC_URL"))) {
      problems.push(
        `PUBLIC_URL is required in ${mode} mode: the service's public base URL, written into payment ` +
          "requirements and links; requests for other hosts are refused (more names: ALLOWED_HOSTS)",
      );
    }
    if (mode === "devnet") {
      facilitatorUrl ??= DEFAULT_DEVNET_FACILITATOR;
      solanaRpcUrl ??= DEFAULT_DEVNET_RPC;
    } else {
      if (!facilitatorUrl) problems.push("FACILITATOR_URL is required in mainnet mode");
      if (!solanaRpcUrl) problems.push("SOLANA_RPC_URL is required in mainnet mode");
    }
  }
  return { publicUrl, solanaRpcUrl, facilitatorUrl, payToSolana, payToEvm, altEnabled };
}

/**
 * The memory plan of `MEMORY_BUDGET_MB` for the upload caps asked for. On
 * Deno Deploy ffmpeg cannot be relied upon: audio is not sold there, so PDF
 * gets its memory.
 */
function readMemoryPlan({ whole }: EnvReader, onDeploy: boolean): MemoryPlan {
  const audioMaxBytes = whole("AUDIO_MAX_BYTES", DEFAULT_AUDIO_LIMITS.maxBytes, 1);
  const pdfMaxBytes = whole("PDF_MAX_BYTES", DEFAULT_PDF_LIMITS.maxBytes, 1);
  return planMemory(
    whole("MEMORY_BUDGET_MB", DEFAULT_MEMORY_BUDGET_MB, 128),
    { audioBytes: audioMaxBytes, pdfBytes: pdfMaxBytes },
    { audio: !onDeploy },
  );
}

/** The audio limits: the largest upload and the default concurrency from the memory plan. */
function readAudioLimits({ read, whole }: EnvReader, memory: MemoryPlan): AudioLimits {
  const audioDefaults = DEFAULT_AUDIO_LIMITS;
  return {
    maxBytes: memory.audioMaxBytes,
    maxSeconds: whole("AUDIO_MAX_SECONDS", audioDefaults.maxSeconds, 1),
    timeoutMs: whole("AUDIO_TIMEOUT_MS", audioDefaults.timeoutMs, 1),
    concurrency: whole("AUDIO_CONCURRENCY", memory.audioConcurrency, 1),
    queue: whole("AUDIO_QUEUE", audioDefaults.queue, 0),
    ffmpegPath: read("FFMPEG_PATH") ?? audioDefaults.ffmpegPath,
  };
}

/** The PDF caps, gate and worker pool, within the PDF share of the memory plan. */
function readPdfSettings({ whole }: EnvReader, memory: MemoryPlan): PdfSettings {
  const pdfConcurrency = whole("PDF_CONCURRENCY", memory.pdfConcurrency, 1);
  const splitMinPages = whole("PDF_SPLIT_MIN_PAGES", DEFAULT_POOL_OPTIONS.splitMinPages, 2);
  // One worker per conversion, and one per core when the PDF share of the budget admits splitting
  // the smallest document that splits (an idle worker that can never help would only hold memory).
  const workers = conversionMb(splitMinPages, 2) <= memory.pdfMemoryMb
    ? Math.max(pdfConcurrency, DEFAULT_POOL_OPTIONS.workers)
    : pdfConcurrency;
  return {
    limits: Object.freeze({
      ...DEFAULT_PDF_LIMITS,
      maxBytes: memory.pdfMaxBytes,
      maxPages: whole("PDF_MAX_PAGES", DEFAULT_PDF_LIMITS.maxPages, 1),
      maxCostBytes: memory.pdfJobBytes,
      ...(memory.pdfBorrowBytes > 0 ? { borrowCostBytes: memory.pdfBorrowBytes } : {}),
      memoryBudgetMb: memory.budgetMb,
      timeBudgetMs: whole("PDF_TIME_BUDGET_MS", DEFAULT_PDF_LIMITS.timeBudgetMs, 1),
    }),
    concurrency: pdfConcurrency,
    queue: whole("PDF_QUEUE", DEFAULT_PDF_GATE.queue, 0),
    pool: Object.freeze({
      workers,
      memoryMb: memory.pdfMemoryMb,
      heapMb: whole("PDF_WORKER_HEAP_MB", workerHeapMb(memory.pdfMemoryMb, workers), 32),
      splitMinPages,
    }),
  };
}

/** How local mode starts Anvil. */
function readLocalEvm({ read, whole }: EnvReader): LocalEvmSettings {
  const anvilBinary = read("ANVIL_PATH");
  return {
    ...(anvilBinary === undefined ? {} : { anvilBinary }),
    readyTimeoutMs: whole("ANVIL_READY_TIMEOUT_MS", DEFAULT_ANVIL_READY_MS, 1),
  };
}

/**
 * Why `KV_PATH` cannot hold the claim store, if it cannot: the store opens
 * only with the first payment, so a folder that is not there is named at
 * start instead of failing that payment.
 */
function kvFolderProblem(path: string): string | undefined {
  if (path === ":memory:") return undefined;
  const cut = path.lastIndexOf("/");
  const folder = cut < 0 ? "." : path.slice(0, cut) || "/";
  try {
    if (Deno.statSync(folder).isDirectory) return undefined;
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable) return undefined;
  }
  return `KV_PATH "${path}" is in no folder here: ${folder} must exist`;
}

/** The `ALLOWED_HOSTS` entries (comma separated), each a name or `name:port`. */
function hostRules(value: string | undefined, problems: string[]): HostRule[] {
  const rules: HostRule[] = [];
  for (const entry of (value ?? "").split(",").map((e) => e.trim()).filter(Boolean)) {
    const rule = parseHost(entry);
    if (rule) rules.push(rule);
    else problems.push(`ALLOWED_HOSTS entry "${entry}" is not a host name (name or name:port, no scheme)`);
  }
  return rules;
}

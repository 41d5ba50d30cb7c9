/**
 * Where payments settle and which cluster is diagnosed: `SERVICE_MODE` (with
 * the refusal of local mode on a host), the Solana RPC and the facilitator,
 * the addresses paid and the `/alt` routes, the facilitator's reachability
 * and local mode's embedded EVM chain. Devnet gets its public defaults;
 * devnet and mainnet require what a paid call needs.
 *
 * @module
 */
import { isSolanaAddress } from "../../solana/mod.ts";
import type { SupervisorOptions } from "../../local/mod.ts";
import type { EnvReader } from "./env.ts";
import { localModeRefusal } from "./local_mode_refusal.ts";
import {
  DEFAULT_ANVIL_READY_MS,
  DEFAULT_DEVNET_FACILITATOR,
  DEFAULT_DEVNET_RPC,
  DEFAULT_READINESS,
} from "./settings.ts";

/** Where payments settle and which cluster is diagnosed. */
export type ServiceMode = "local" | "devnet" | "mainnet";

/** The mode and where the service is reached and paid in it. */
export interface NetworkSettings {
  /** `local` runs embedded chains and facilitator; `devnet`/`mainnet` use real ones. */
  readonly mode: ServiceMode;
  /** Public base URL for descriptors; required in devnet and mainnet, the request's origin when unset (local). */
  readonly publicUrl?: string;
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
  /** How the facilitator is reached in the background: each attempt's time budget and the longest pause. */
  readonly readiness: Readonly<{ attemptTimeoutMs: number; retryMaxMs: number }>;
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

/** Whether `mode` uses real chains and a real facilitator. */
export function isRemoteMode(mode: ServiceMode): boolean {
  return mode === "devnet" || mode === "mainnet";
}

/**
 * The network settings, or undefined when `SERVICE_MODE` is not a mode (a
 * problem is recorded then; the other variables are checked all the same).
 */
export function readNetworks(settings: EnvReader, onDeploy: boolean): NetworkSettings | undefined {
  const mode = readMode(settings, onDeploy);
  const payment = readPaymentSetup(settings, mode);
  const readiness = Object.freeze({
    attemptTimeoutMs: settings.whole("READINESS_TIMEOUT_MS", DEFAULT_READINESS.attemptTimeoutMs, 100),
    retryMaxMs: settings.whole("READINESS_RETRY_MAX_MS", DEFAULT_READINESS.retryMaxMs, 1000),
  });
  if (mode === undefined) return undefined;
  // Local mode's facilitator runs in process: a configured one is not used.
  const facilitatorUrl = isRemoteMode(mode) ? payment.facilitatorUrl : undefined;
  return { mode, ...payment, facilitatorUrl, readiness };
}

/** How local mode starts Anvil. */
export function readLocalEvm({ read, whole }: EnvReader): LocalEvmSettings {
  const anvilBinary = read("ANVIL_PATH");
  return {
    ...(anvilBinary === undefined ? {} : { anvilBinary }),
    readyTimeoutMs: whole("ANVIL_READY_TIMEOUT_MS", DEFAULT_ANVIL_READY_MS, 1),
  };
}

/** `SERVICE_MODE`, refused when local mode would start on a host without being asked for. */
function readMode({ problems, read }: EnvReader, onDeploy: boolean): ServiceMode | undefined {
  const modeValue = read("SERVICE_MODE") ?? "local";
  const refusal = localModeRefusal({
    modeSetting: read("SERVICE_MODE"),
    host: read("HOST"),
    onDeploy,
  });
  if (refusal) problems.push(refusal);
  const mode = (["local", "devnet", "mainnet"] as const).find((m) => m === modeValue);
  if (!mode) problems.push(`SERVICE_MODE "${modeValue}" is not one of local, devnet, mainnet`);
  return mode;
}

/** Where the service is reached and paid: what a remote mode requires, with devnet's defaults filled in. */
type PaymentSetup = Omit<NetworkSettings, "mode" | "readiness">;

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

/**
 * Configuration, read from the environment once and checked as a whole: a
 * missing or malformed value stops start-up with a message naming it.
 *
 * @module
 */
import { isAddress } from "@solana/kit";

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
  /** Public base URL for descriptors; the request's origin when unset. */
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
  /** Deno KV location for payment claims (path or KV Connect URL); in memory when unset in local mode. */
  readonly kvPath?: string;
  /** Browser origins allowed on the MCP endpoints besides the service's own. */
  readonly allowedOrigins: readonly string[];
  /** Time budget of one request's work, in milliseconds. */
  readonly requestTimeoutMs: number;
}

/** Raised when the environment does not make a usable configuration. */
export class ConfigError extends Error {
  /** Every problem found, one per variable. */
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join("\n  - ")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** The public facilitator for test networks. */
export const DEFAULT_DEVNET_FACILITATOR = "https://www.x402.org/facilitator";
const DEFAULT_DEVNET_RPC = "https://api.devnet.solana.com";

/**
 * Reads the configuration from `env` (default: the process environment).
 *
 * @throws {ConfigError} listing every missing or malformed variable
 */
export function loadConfig(env: Record<string, string | undefined> = Deno.env.toObject()): Config {
  const problems: string[] = [];
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };

  const modeValue = read("SERVICE_MODE") ?? "local";
  const mode = (["local", "devnet", "mainnet"] as const).find((m) => m === modeValue);
  if (!mode) problems.push(`SERVICE_MODE "${modeValue}" is not one of local, devnet, mainnet`);
  const remote = mode === "devnet" || mode === "mainnet";

  const port = Number(read("PORT") ?? "8000");
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT "${read("PORT")}" is not a port`);
  }

  const urlOf = (name: string) => {
    const value = read(name);
    if (value === undefined) return undefined;
    try {
      const url = new URL(value);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new TypeError("not http(s)");
      return value.replace(/\/+$/, "");
    } catch {
      problems.push(`${name} "${value}" is not an http(s) URL`);
      return undefined;
    }
  };
  const publicUrl = urlOf("PUBLIC_URL");
  let solanaRpcUrl = urlOf("SOLANA_RPC_URL");
  let facilitatorUrl = urlOf("FACILITATOR_URL");

  const payToSolana = read("PAY_TO_SOLANA");
  if (payToSolana !== undefined && !isAddress(payToSolana)) {
    problems.push(`PAY_TO_SOLANA "${payToSolana}" is not a Solana address`);
  }
  const payToEvm = read("PAY_TO_EVM");
  if (payToEvm !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(payToEvm)) {
    problems.push(`PAY_TO_EVM "${payToEvm}" is not an EVM address`);
  }
  const altValue = (read("ALT_ROUTES") ?? "on").toLowerCase();
  if (!["on", "off"].includes(altValue)) problems.push(`ALT_ROUTES "${altValue}" is not on or off`);
  const altEnabled = altValue !== "off";

  if (remote) {
    if (!payToSolana) {
      problems.push(`PAY_TO_SOLANA is required in ${mode} mode: the address that receives USDC`);
    }
    if (altEnabled && !payToEvm) {
      problems.push(
        `PAY_TO_EVM is required in ${mode} mode while ALT_ROUTES is on: the EVM address for /alt`,
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

  const requestTimeoutMs = Number(read("REQUEST_TIMEOUT_MS") ?? "30000");
  if (!Number.isInteger(requestTimeoutMs) || requestTimeoutMs < 1000) {
    problems.push(
      `REQUEST_TIMEOUT_MS "${read("REQUEST_TIMEOUT_MS")}" must be a whole number of ms, at least 1000`,
    );
  }
  const allowedOrigins = (read("ALLOWED_ORIGINS") ?? "").split(",").map((o) => o.trim()).filter(Boolean);

  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({
    mode: mode!,
    hostname: read("HOST") ?? (remote ? "0.0.0.0" : "127.0.0.1"),
    port,
    publicUrl,
    solanaRpcUrl,
    facilitatorUrl: remote ? facilitatorUrl : undefined,
    payToSolana,
    payToEvm,
    altEnabled,
    kvPath: read("KV_PATH"),
    allowedOrigins: Object.freeze(allowedOrigins),
    requestTimeoutMs,
  });
}

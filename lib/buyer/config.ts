/**
 * The buyer's keys for `deno task pay`, read from the environment: the
 * paying client's side, apart from the service's own configuration.
 *
 * @module
 */
import { ConfigError, type Env, processEnv, reader } from "../server/config/env.ts";
import { DEFAULT_DEVNET_RPC } from "../server/config/settings.ts";

/** The keys `deno task pay` pays with outside local mode. */
export interface BuyerConfig {
  /** The 64 secret-key bytes of the Solana payer; a throwaway key when unset. */
  readonly solanaSecretKey?: Uint8Array;
  /** The EVM payer's private key; a throwaway key when unset. */
  readonly evmPrivateKey?: `0x${string}`;
  /** The Solana RPC the client reads the mint and a blockhash from. */
  readonly solanaRpcUrl: string;
}

/**
 * Reads the buyer's keys for `deno task pay` from `env` (default: the process
 * environment): `BUYER_SOLANA_KEY` (a JSON array of the 64 secret-key bytes,
 * as `solana-keygen` writes), `BUYER_EVM_KEY` (`0x` and 64 hex digits) and
 * `SOLANA_RPC_URL` (default: devnet).
 *
 * @throws {ConfigError} naming each malformed variable
 */
export function loadBuyerConfig(env: Env = processEnv()): BuyerConfig {
  const { problems, read, url } = reader(env);
  const solanaKey = read("BUYER_SOLANA_KEY");
  let solanaSecretKey: Uint8Array | undefined;
  if (solanaKey !== undefined) {
    const bytes = (() => {
      try {
        return JSON.parse(solanaKey);
      } catch {
        return undefined;
      }
    })();
    const valid = Array.isArray(bytes) && bytes.length === 64 &&
      bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255);
    if (valid) solanaSecretKey = new Uint8Array(bytes);
    else problems.push("BUYER_SOLANA_KEY is not a JSON array of 64 bytes");
  }
  const evmKey = read("BUYER_EVM_KEY");
  if (evmKey !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(evmKey)) {
    problems.push("BUYER_EVM_KEY is not 0x and 64 hex digits");
  }
  const solanaRpcUrl = url("SOLANA_RPC_URL") ?? DEFAULT_DEVNET_RPC;
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({
    ...(solanaSecretKey ? { solanaSecretKey } : {}),
    ...(evmKey ? { evmPrivateKey: evmKey as `0x${string}` } : {}),
    solanaRpcUrl,
  });
}

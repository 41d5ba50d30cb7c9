/**
 * What a person should read for a payment network: "Solana mainnet", "Base
 * Sepolia", or, in local mode, "this service's local Solana chain". A CAIP-2
 * id alone cannot say the last: local mode plants devnet's genesis hash and
 * Base Sepolia's chain id on the chains it embeds, so the service's mode
 * decides.
 *
 * @module
 */
import type { ServiceMode } from "../lib/server/config/load.ts";

/** Networks by CAIP-2 id, as their users name them. */
const PUBLIC_NETWORKS: Readonly<Record<string, string>> = {
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": "Solana mainnet",
  "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1": "Solana devnet",
  "eip155:8453": "Base",
  "eip155:84532": "Base Sepolia",
};

/** A network as a person should read it. */
export interface NetworkName {
  /** E.g. `Solana devnet`, `this service's local Solana chain`. */
  name: string;
  /** Whether it is a chain the service runs itself (local mode), funded from its faucet. */
  local: boolean;
}

/** The name of `network` (CAIP-2) for a service in `mode`. */
export function networkName(network: string, mode: ServiceMode): NetworkName {
  if (mode === "local") {
    const family = network.startsWith("eip155:") ? "EVM" : "Solana";
    return { name: `this service's local ${family} chain`, local: true };
  }
  return { name: PUBLIC_NETWORKS[network] ?? network, local: false };
}

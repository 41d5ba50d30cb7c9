/**
 * Remote mode (devnet, mainnet): the configured Solana RPC, an HTTP x402
 * facilitator, and the networks' real USDC.
 *
 * @module
 */
import { HTTPFacilitatorClient } from "@x402/core/server";
import type { Config } from "./config.ts";
import type { ModeParts } from "./mode_parts.ts";
import { evmRail, NETWORKS, solanaRail } from "./payments/rails.ts";
import { createSolanaClient } from "./solana/rpc.ts";

/** The parts of a devnet or mainnet service, from `config`. */
export function startRemoteMode(config: Config): ModeParts {
  const mainnet = config.mode === "mainnet";
  const solana = mainnet ? NETWORKS.solanaMainnet : NETWORKS.solanaDevnet;
  const base = mainnet ? NETWORKS.base : NETWORKS.baseSepolia;
  return {
    facilitator: new HTTPFacilitatorClient({ url: config.facilitatorUrl! }),
    rails: {
      solana: solanaRail({ network: solana.network, asset: solana.usdc, payTo: config.payToSolana! }),
      evm: config.altEnabled
        ? evmRail({ network: base.network, asset: base.usdc, payTo: config.payToEvm! })
        : undefined,
    },
    services: { solana: createSolanaClient(config.solanaRpcUrl!) },
    close: () => Promise.resolve(),
  };
}

/**
 * Remote mode (devnet, mainnet): the configured Solana RPC, an HTTP x402
 * facilitator, and the networks' real USDC.
 *
 * @module
 */
import { HTTPFacilitatorClient } from "@x402/core/server";
import type { Config } from "../config/load.ts";
import type { ModeParts } from "./mode_parts.ts";
import {
  evmRail,
  FACILITATOR_TIMEOUT_MS,
  NETWORKS,
  polledBlockhash,
  solanaRail,
} from "../../payments/mod.ts";
import { createSolanaClient, latestBlockhash } from "../../solana/mod.ts";

/** The parts of a devnet or mainnet service, from `config`. */
export function startRemoteMode(config: Config): ModeParts {
  const mainnet = config.mode === "mainnet";
  const solana = mainnet ? NETWORKS.solanaMainnet : NETWORKS.solanaDevnet;
  const base = mainnet ? NETWORKS.base : NETWORKS.baseSepolia;
  const services = { solana: createSolanaClient(config.solanaRpcUrl!) };
  return {
    // The client's own bound (90 s by default) ends a request the gateway stopped waiting for: a facilitator
    // that never answers leaves no connection open longer than the gateway would wait.
    facilitator: new HTTPFacilitatorClient({
      url: config.facilitatorUrl!,
      timeoutMs: FACILITATOR_TIMEOUT_MS,
    }),
    rails: {
      solana: solanaRail({
        network: solana.network,
        asset: solana.usdc,
        payTo: config.payToSolana!,
        recentBlockhash: polledBlockhash(() => latestBlockhash(services.solana)),
      }),
      evm: config.altEnabled
        ? evmRail({ network: base.network, asset: base.usdc, payTo: config.payToEvm! })
        : undefined,
    },
    services,
    close: () => Promise.resolve(),
  };
}

/**
 * The buyer's side, for `deno task pay`, tests and benchmarks: an unmodified
 * x402 client that pays in USDC on Solana and on the EVM chain, and a
 * throwaway buyer funded from the local-mode faucet.
 *
 * @module
 */
import { createKeyPairSignerFromBytes, generateKeyPairSigner } from "@solana/kit";
import type { KeyPairSigner } from "@solana/kit";
import { x402Client } from "@x402/core/client";
import { ExactSvmScheme } from "@x402/svm/exact/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { toClientEvmSigner } from "@x402/evm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { PrivateKeyAccount } from "viem/accounts";
import type { BuyerConfig } from "./config.ts";

/** A buyer's keys. */
export interface Buyer {
  solana: KeyPairSigner;
  evm: PrivateKeyAccount;
}

/** A new buyer with throwaway keys. */
export async function throwawayBuyer(): Promise<Buyer> {
  return { solana: await generateKeyPairSigner(), evm: privateKeyToAccount(generatePrivateKey()) };
}

/**
 * A buyer from the configured keys (see `loadBuyerConfig`). Missing keys are
 * generated (and hold nothing).
 */
export async function buyerFromConfig(config: BuyerConfig): Promise<Buyer> {
  return {
    solana: config.solanaSecretKey
      ? await createKeyPairSignerFromBytes(config.solanaSecretKey)
      : await generateKeyPairSigner(),
    evm: privateKeyToAccount(config.evmPrivateKey ?? generatePrivateKey()),
  };
}

/** Options for {@linkcode payingClient}. */
export interface PayingClientOptions {
  /** The Solana RPC the client reads the mint and a blockhash from. */
  solanaRpcUrl: string;
}

/** An x402 client that pays on every Solana and EVM network with the buyer's keys. */
export function payingClient(buyer: Buyer, options: PayingClientOptions): x402Client {
  return new x402Client()
    .register("solana:*", new ExactSvmScheme(buyer.solana, { rpcUrl: options.solanaRpcUrl }))
    .register("eip155:*", new ExactEvmScheme(toClientEvmSigner(buyer.evm)));
}

/** Funds the buyer from a local-mode service's faucet (`usdc` per chain). */
export async function fundFromFaucet(base: string, buyer: Buyer, usdc = "10"): Promise<void> {
  for (const address of [buyer.solana.address, buyer.evm.address]) {
    const response = await fetch(`${base}/local/faucet`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ address, usdc }),
    });
    const body = await response.json();
    if (!response.ok && !(address.startsWith("0x") && response.status === 400)) {
      throw new Error(`Faucet refused "${address}": ${body.error ?? response.status}`);
    }
  }
}

/**
 * Local mode: everything a buyer needs, offline and keyless. An embedded
 * Solana cluster (LiteSVM) with devnet USDC at its real address, an embedded
 * EVM chain (Anvil) with our USDC at the Base Sepolia address, and an
 * in-process x402 facilitator settling real transactions on both. Every key
 * is generated at start and thrown away at exit.
 *
 * @module
 */
import { generateKeyPairSigner, type KeyPairSigner } from "@solana/kit";
import { x402Facilitator } from "@x402/core/facilitator";
import type { FacilitatorClient } from "@x402/core/server";
import type { SupportedResponse } from "@x402/core/types";
import { registerExactSvmScheme } from "@x402/svm/exact/facilitator";
import { toFacilitatorSvmSigner } from "@x402/svm";
import type { Config } from "../config/load.ts";
import {
  associatedTokenBump,
  createInProcessRpc,
  createLocalSolana,
  evmAddress,
  generateEvmKey,
  LOCAL_USDC_MINT,
  type LocalEvm,
  type LocalSolana,
  registerDeferredExactEvmScheme,
  reuseSimulations,
  startLocalEvm,
  TOKEN_PROGRAM,
} from "../../local/mod.ts";
import { UnavailableError } from "../../shared/errors.ts";
import { chainBlockhash, evmRail, NETWORKS, solanaRail } from "../../payments/mod.ts";
import type { ModeParts } from "./mode_parts.ts";
import { createSolanaClient } from "../../solana/mod.ts";

const SOL = 1_000_000_000n;

/** Starts the embedded chains and facilitator. */
export async function startLocalMode(config: Config): Promise<ModeParts> {
  const solana = await createLocalSolana({ seedHistory: true });
  const evm = config.altEnabled ? await startLocalEvm(config.localEvm) : undefined;
  try {
    const { facilitator, payTo } = await solanaFacilitator(solana);
    if (evm) {
      registerDeferredExactEvmScheme(facilitator, {
        signer: evm.facilitatorSigner,
        network: NETWORKS.baseSepolia.network,
      });
    }

    const services = {
      solana: config.solanaRpcUrl
        ? createSolanaClient(config.solanaRpcUrl)
        : createSolanaClient("local:solana", { handler: (payload) => solana.handleRpc(payload) }),
    };
    const client = inProcessFacilitator(facilitator, evm);
    return {
      facilitator: client,
      rails: {
        solana: solanaRail({
          ...asRail(NETWORKS.solanaDevnet),
          payTo: payTo.address,
          recentBlockhash: chainBlockhash(() => solana.chain.latestBlockhash()),
        }),
        evm: evm
          ? {
            ...evmRail({
              ...asRail(NETWORKS.baseSepolia),
              payTo: evmAddress(generateEvmKey()),
            }),
            unavailable: () => evm.unavailable(),
          }
          : undefined,
      },
      services,
      local: { solana, evm, facilitator: client },
      close: async () => await evm?.stop(),
    };
  } catch (error) {
    await evm?.stop();
    throw error;
  }
}

/**
 * An in-process x402 facilitator for the embedded Solana chain: the SDK's
 * exact scheme with a funded fee payer, and a funded address to be paid.
 */
export async function solanaFacilitator(
  solana: LocalSolana,
): Promise<{ facilitator: x402Facilitator; payTo: KeyPairSigner }> {
  const payTo = await sellerKey();
  await solana.fund(payTo.address, { lamports: SOL, usdc: 0n });
  const feePayer = await generateKeyPairSigner();
  await solana.fund(feePayer.address, { lamports: 100n * SOL });
  const facilitator = new x402Facilitator();
  registerExactSvmScheme(facilitator, {
    // Settlement repeats verification's simulation: at an unchanged state, it is answered from the first.
    signer: toFacilitatorSvmSigner(feePayer, createInProcessRpc(reuseSimulations(solana, solana.chain))),
    networks: NETWORKS.solanaDevnet.network,
  });
  return { facilitator, payTo };
}

/**
 * A throwaway seller key whose USDC token account is found at the first bump
 * (255; half of all keys): every payment's client and verification derive
 * that account, one hash and curve check per bump tried (about 0.2 ms each,
 * more on a busy machine), so a key drawn at random (0–7 extra tries seen)
 * made local payments slower or faster by the draw.
 */
async function sellerKey(): Promise<KeyPairSigner> {
  for (;;) {
    const key = await generateKeyPairSigner();
    if (associatedTokenBump(key.address, LOCAL_USDC_MINT, TOKEN_PROGRAM) === 255) return key;
  }
}

function asRail(entry: { network: `${string}:${string}`; usdc: string }) {
  return { network: entry.network, asset: entry.usdc };
}

/**
 * Adapts an in-process facilitator to the client interface a resource server
 * expects. On the local EVM chain, a verification or settlement that failed
 * while the chain could not be reached is our fault, not the buyer's: it is
 * thrown as a 503 instead of being reported as an invalid payment.
 */
export function inProcessFacilitator(
  facilitator: x402Facilitator,
  evm?: Pick<LocalEvm, "rpcFailures" | "unavailable">,
): FacilitatorClient {
  async function onEvm<T extends { isValid?: boolean; success?: boolean }>(
    network: string,
    run: () => Promise<T>,
  ): Promise<T> {
    if (!evm || network !== NETWORKS.baseSepolia.network) return await run();
    const failuresBefore = evm.rpcFailures;
    const result = await run();
    const failed = result.isValid === false || result.success === false;
    if (failed && evm.rpcFailures !== failuresBefore) {
      throw evm.unavailable() ?? new UnavailableError(
        "The local EVM chain did not answer while the payment was checked: it is not the payment's fault",
        { retryAfterSeconds: 3 },
      );
    }
    return result;
  }
  return {
    verify: (payload, requirements) =>
      onEvm(requirements.network, () => facilitator.verify(payload, requirements)),
    settle: (payload, requirements) =>
      onEvm(requirements.network, () => facilitator.settle(payload, requirements)),
    getSupported: () => Promise.resolve(facilitator.getSupported() as SupportedResponse),
  };
}

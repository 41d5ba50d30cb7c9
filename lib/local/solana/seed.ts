/**
 * Seeded history: a few real transactions, each in its own slot, that pay
 * known compute-unit prices and all write-lock one shared account, so fee
 * quantiles over the local chain are non-trivial and exactly known.
 *
 * @module
 */
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import type { Address, Blockhash } from "@solana/kit";
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from "@solana-program/compute-budget";
import { getTransferSolInstruction } from "@solana-program/system";
import type { LocalChain } from "./chain.ts";
import { creditLamports } from "./faucet.ts";
import { fromKitTransaction } from "./transaction_decoding.ts";

/** Compute-unit prices (micro-lamports per CU) of the seeded transactions, in slot order. */
export const SEEDED_PRIORITY_FEES: readonly number[] = Object.freeze([
  5_000,
  0,
  250_000,
  10_000,
  1_000_000,
  1_000,
  100_000,
  50_000,
]);

/** The account every seeded transaction write-locks (it receives 1 lamport from each). */
export const SEEDED_FEE_ACCOUNT: Address = address("SeededFeeMarket1111111111111111111111111111");

const SEED_PAYER_LAMPORTS = 10_000_000_000n;
const SEED_COMPUTE_UNIT_LIMIT = 1_000;

/**
 * Lands one transaction per entry of {@linkcode SEEDED_PRIORITY_FEES}: set the
 * compute-unit limit and price, then move 1 lamport to {@linkcode SEEDED_FEE_ACCOUNT}.
 *
 * @throws {Error} if a seeded transaction does not succeed (the runtime disagrees with the seed)
 */
export async function seedHistory(chain: LocalChain): Promise<void> {
  const payer = await generateKeyPairSigner();
  creditLamports(chain.svm, payer.address, SEED_PAYER_LAMPORTS);
  creditLamports(chain.svm, SEEDED_FEE_ACCOUNT, chain.svm.minimumBalanceForRentExemption(0n));
  for (const price of SEEDED_PRIORITY_FEES) {
    const { blockhash, lastValidBlockHeight } = chain.latestBlockhash();
    const transaction = await pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(payer, message),
      (message) =>
        setTransactionMessageLifetimeUsingBlockhash({
          blockhash: blockhash as Blockhash,
          lastValidBlockHeight,
        }, message),
      (message) =>
        appendTransactionMessageInstructions([
          getSetComputeUnitLimitInstruction({ units: SEED_COMPUTE_UNIT_LIMIT }),
          getSetComputeUnitPriceInstruction({ microLamports: BigInt(price) }),
          getTransferSolInstruction({ source: payer, destination: SEEDED_FEE_ACCOUNT, amount: 1n }),
        ], message),
      (message) => signTransactionMessageWithSigners(message),
    );
    const outcome = chain.execute(fromKitTransaction(transaction));
    if (outcome.err !== null) {
      throw new Error(`Seeded transaction at price ${price} failed: ${JSON.stringify(outcome.err)}`);
    }
  }
}

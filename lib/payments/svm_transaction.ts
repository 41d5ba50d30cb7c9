/**
 * The unsigned transaction of an x402 `exact` payment on Solana, built for a
 * buyer whose wallet can sign but not build (a browser wallet on the 402
 * page). The layout is the one the scheme's facilitator checks: a v0 message
 * paid for by the facilitator (`extra.feePayer`), a compute-unit limit, a
 * compute-unit price, a `TransferChecked` of exactly `amount` of the asset
 * from the buyer's associated token account to `payTo`'s, and a memo (the
 * requirement's `extra.memo`, or 16 random bytes in hex) so that two payments
 * of the same price are two transactions. It carries no signature: the buyer
 * signs it as the transfer's authority, the facilitator adds the fee payer's
 * at settlement.
 *
 * @module
 */
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  type Rpc,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type SolanaRpcApi,
} from "@solana/kit";
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from "@solana-program/compute-budget";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import {
  fetchMaybeToken,
  fetchMint,
  findAssociatedTokenPda,
  getTransferCheckedInstruction,
  TOKEN_2022_PROGRAM_ADDRESS,
} from "@solana-program/token-2022";
import type { PaymentRequirements } from "@x402/core/types";
import { InvalidInputError, UnprocessableError } from "../shared/errors.ts";
import { isSolanaAddress } from "../solana/mod.ts";

/** The Memo program the scheme expects its nonce or seller memo in. */
export const MEMO_PROGRAM_ADDRESS = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr" as Address;

/** Compute units the four instructions need, with room to spare (the reference client's figure). */
const COMPUTE_UNIT_LIMIT = 20_000;

/** Priority fee per compute unit, in micro-lamports: the least there is, paid by the facilitator. */
const COMPUTE_UNIT_PRICE_MICROLAMPORTS = 1n;

/** The most bytes a seller memo may have. */
const MAX_MEMO_BYTES = 256;

/** What {@linkcode buildExactSvmTransaction} needs. */
export interface ExactSvmTransactionOptions {
  /** An RPC of the cluster the requirement's network names. */
  rpc: Rpc<SolanaRpcApi>;
  /** The requirement the payment meets, as the server derived it. */
  requirements: PaymentRequirements;
  /** The buyer: owner of the paying token account and the transfer's authority. */
  payer: Address;
  signal?: AbortSignal;
}

/** An unsigned payment transaction and what it was built from. */
export interface ExactSvmTransaction {
  /** The wire bytes in base64, signature slots zeroed (fee payer first, then the buyer). */
  transaction: string;
  /** The buyer's token account the price is taken from. */
  source: Address;
  /** Its balance before the payment, in the asset's atomic units. */
  balance: bigint;
  /** The blockhash it lives by (about a minute). */
  blockhash: string;
}

/**
 * Builds the unsigned `exact` payment of `requirements` by `payer`.
 *
 * @throws {InvalidInputError} the buyer is the facilitator's fee payer
 * @throws {UnprocessableError} the buyer holds no token account of the asset, or too little in it
 */
export async function buildExactSvmTransaction(
  options: ExactSvmTransactionOptions,
): Promise<ExactSvmTransaction> {
  const { rpc, requirements, payer, signal } = options;
  const feePayer = requirements.extra?.feePayer;
  if (typeof feePayer !== "string") {
    throw new TypeError(`The requirement on ${requirements.network} names no fee payer`);
  }
  if (feePayer === payer) {
    throw new InvalidInputError(`Invalid payer "${payer}": it is the facilitator's fee payer`);
  }
  const asset = requirements.asset as Address;
  const amount = BigInt(requirements.amount);
  const mint = await mintOf(rpc, requirements.network, asset, signal);
  const [source] = await findAssociatedTokenPda({ mint: asset, owner: payer, tokenProgram: mint.program });
  const [destination] = await findAssociatedTokenPda({
    mint: asset,
    owner: requirements.payTo as Address,
    tokenProgram: mint.program,
  });
  const [account, lifetime] = await Promise.all([
    fetchMaybeToken(rpc, source, { abortSignal: signal }),
    offeredLifetime(requirements) ??
      rpc.getLatestBlockhash({ commitment: "confirmed" }).send({ abortSignal: signal }).then(({ value }) =>
        value
      ),
  ]);
  if (!account.exists) {
    throw new UnprocessableError(
      `Payer "${payer}" holds no USDC account (${source}): fund it with USDC on ${requirements.network} first`,
      { details: { payer, source } },
    );
  }
  const balance = account.data.amount;
  if (balance < amount) {
    throw new UnprocessableError(
      `Payer "${payer}" holds ${balance} USDC units, the price is ${amount}: top the account up first`,
      { details: { payer, source, balance: String(balance), amount: String(amount) } },
    );
  }
  const instructions: Instruction[] = [
    getSetComputeUnitLimitInstruction({ units: COMPUTE_UNIT_LIMIT }),
    getSetComputeUnitPriceInstruction({ microLamports: COMPUTE_UNIT_PRICE_MICROLAMPORTS }),
    getTransferCheckedInstruction({
      source,
      mint: asset,
      destination,
      authority: createNoopSigner(payer),
      amount,
      decimals: mint.decimals,
    }, { programAddress: mint.program }),
    { programAddress: MEMO_PROGRAM_ADDRESS, data: memoOf(requirements) },
  ];
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer as Address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return {
    transaction: getBase64EncodedWireTransaction(compileTransaction(message)),
    source,
    balance,
    blockhash: lifetime.blockhash,
  };
}

/** The recent blockhash the offer carries (`extra.recentBlockhash`), when it carries a well-formed one. */
function offeredLifetime(
  requirements: PaymentRequirements,
): { blockhash: Blockhash; lastValidBlockHeight: bigint } | undefined {
  const { recentBlockhash, lastValidBlockHeight } = requirements.extra ?? {};
  if (typeof recentBlockhash !== "string" || typeof lastValidBlockHeight !== "string") return undefined;
  // A blockhash is 32 bytes in base58, as an address is.
  if (!isSolanaAddress(recentBlockhash) || !/^\d{1,20}$/.test(lastValidBlockHeight)) return undefined;
  return { blockhash: recentBlockhash as Blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) };
}

/** The memo's bytes: the seller's memo when the requirement sets one, else a fresh 16-byte nonce in hex. */
function memoOf(requirements: PaymentRequirements): Uint8Array {
  const seller = requirements.extra?.memo;
  if (typeof seller === "string" && seller !== "") {
    const bytes = new TextEncoder().encode(seller);
    if (bytes.byteLength > MAX_MEMO_BYTES) {
      throw new TypeError(`The requirement's memo exceeds ${MAX_MEMO_BYTES} bytes`);
    }
    return bytes;
  }
  const nonce = crypto.getRandomValues(new Uint8Array(16));
  return new TextEncoder().encode(Array.from(nonce, (b) => b.toString(16).padStart(2, "0")).join(""));
}

/** A mint's decimals and owning token program. */
interface MintInfo {
  decimals: number;
  program: Address;
}

/** Mints never change program or decimals: read each once per network. */
const mints = new Map<string, Promise<MintInfo>>();

function mintOf(rpc: Rpc<SolanaRpcApi>, network: string, asset: Address, signal?: AbortSignal) {
  const key = `${network} ${asset}`;
  let found = mints.get(key);
  if (!found) {
    found = fetchMint(rpc, asset, { abortSignal: signal }).then((mint) => {
      if (
        mint.programAddress !== TOKEN_PROGRAM_ADDRESS && mint.programAddress !== TOKEN_2022_PROGRAM_ADDRESS
      ) {
        throw new TypeError(`Asset "${asset}" is not a mint of a known token program`);
      }
      return { decimals: mint.data.decimals, program: mint.programAddress };
    });
    mints.set(key, found);
    found.catch(() => mints.delete(key));
  }
  return found;
}

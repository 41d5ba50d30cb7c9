/**
 * Real Solana transactions for the local chain: funded wallets, messages
 * signed against the chain's blockhash (legacy, v0 or v1 with its resource
 * settings), USDC transfers, memos and the base64 wire form.
 *
 * @module
 */
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageConfig,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Transaction,
} from "@solana/kit";
import { getTransferCheckedInstruction } from "@solana-program/token";
import type { LocalSolana } from "../../lib/local/solana/local_solana.ts";
import { LOCAL_USDC_DECIMALS, LOCAL_USDC_MINT, usdcAccountOf } from "../../lib/local/solana/usdc.ts";

/** A funded wallet. */
export async function fundedWallet(
  local: LocalSolana,
  amounts: { lamports?: bigint; usdc?: bigint } = { lamports: 1_000_000_000n },
): Promise<KeyPairSigner> {
  const wallet = await generateKeyPairSigner();
  await local.fund(wallet.address, amounts);
  return wallet;
}

/** A blockhash and the last block height it is valid for. */
export interface Lifetime {
  blockhash: string;
  lastValidBlockHeight: bigint;
}

/** The resource settings a v1 message carries instead of Compute Budget instructions. */
export interface V1Config {
  computeUnitLimit: number;
  priorityFeeLamports: bigint;
  loadedAccountsDataSizeLimit: number;
}

/** How to build the message: its version (v1 needs its config), lifetime and (v0) lookup tables. */
export type MessageOptions =
  | { version?: 0 | "legacy"; lifetime: Lifetime; lookupTables?: Record<Address, Address[]> }
  | { version: 1; config: V1Config; lifetime: Lifetime };

/** Signs `instructions` with `payer` (the fee payer) in a message built as `options` say. */
export async function signMessage(
  payer: KeyPairSigner,
  instructions: Instruction[],
  options: MessageOptions,
): Promise<Transaction> {
  const lifetime = {
    blockhash: options.lifetime.blockhash as Blockhash,
    lastValidBlockHeight: options.lifetime.lastValidBlockHeight,
  };
  if (options.version === 1) {
    const { config } = options;
    return await pipe(
      createTransactionMessage({ version: 1 }),
      (message) => setTransactionMessageFeePayerSigner(payer, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
      (message) => appendTransactionMessageInstructions(instructions, message),
      (message) => setTransactionMessageConfig(config, message),
      (message) => signTransactionMessageWithSigners(message),
    );
  }
  return await pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (message) => setTransactionMessageFeePayerSigner(payer, message),
    (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
    (message) => appendTransactionMessageInstructions(instructions, message),
    (message) =>
      options.lookupTables
        // Lookup tables exist only in v0 messages; the caller asks for them with version 0.
        ? compressTransactionMessageUsingAddressLookupTables(
          message as typeof message & { version: 0 },
          options.lookupTables,
        ) as typeof message
        : message,
    (message) => signTransactionMessageWithSigners(message),
  );
}

/** Signs `instructions` with `payer` against the chain's latest (or a given) blockhash. */
export async function signedTransaction(
  local: LocalSolana,
  payer: KeyPairSigner,
  instructions: Instruction[],
  options: { version?: 0 | "legacy"; blockhash?: string } = {},
): Promise<Transaction> {
  const latest = local.chain.latestBlockhash();
  const lifetime = { ...latest, blockhash: options.blockhash ?? latest.blockhash };
  return await signMessage(payer, instructions, { version: options.version, lifetime });
}

/**
 * Signs a v1 transaction (resource settings in the message, no Compute Budget
 * instructions) against the chain's latest blockhash.
 */
export async function signedV1Transaction(
  local: LocalSolana,
  payer: KeyPairSigner,
  instructions: Instruction[],
  config: V1Config,
): Promise<Transaction> {
  return await signMessage(payer, instructions, {
    version: 1,
    config,
    lifetime: local.chain.latestBlockhash(),
  });
}

/** A USDC TransferChecked from `from`'s associated token account to `to`'s. */
export function usdcTransfer(from: KeyPairSigner, to: string, amount: bigint): Instruction {
  return getTransferCheckedInstruction({
    source: usdcAccountOf(from.address),
    mint: LOCAL_USDC_MINT,
    destination: usdcAccountOf(to as KeyPairSigner["address"]),
    authority: from,
    amount,
    decimals: LOCAL_USDC_DECIMALS,
  });
}

/** A Memo instruction. */
export function memo(text: string): Instruction {
  return {
    programAddress: "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr" as Instruction["programAddress"],
    data: new TextEncoder().encode(text),
  };
}

/** Plants an active address lookup table (56-byte header, then the addresses). */
export function plantLookupTable(local: LocalSolana, table: Address, addresses: Address[]): void {
  const data = new Uint8Array(56 + 32 * addresses.length);
  const view = new DataView(data.buffer);
  view.setUint32(0, 1, true);
  view.setBigUint64(4, 0xffff_ffff_ffff_ffffn, true);
  addresses.forEach((entry, index) => data.set(getAddressEncoder().encode(entry), 56 + 32 * index));
  local.svm.setAccount({
    address: table,
    data,
    executable: false,
    lamports: local.svm.minimumBalanceForRentExemption(BigInt(data.length)) as never,
    programAddress: address("AddressLookupTab1e1111111111111111111111111"),
    space: BigInt(data.length),
  });
}

/** Base64 wire form of a transaction. */
export function wire(transaction: Transaction): string {
  return getBase64EncodedWireTransaction(transaction);
}

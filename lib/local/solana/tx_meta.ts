/**
 * Transaction status metadata of the local chain: balances and token
 * balances snapshotted before and after execution, inner instructions, logs,
 * return data and the error in its RPC shape.
 *
 * @module
 */
import { getBase58Decoder, getBase64Decoder } from "@solana/kit";
import type { Address, MaybeEncodedAccount } from "@solana/kit";
import type { TransactionMetadata } from "litesvm";
import { type AccountKeys, invokedIndexes, type LoadedAddresses } from "./account_keys.ts";
import { addressOf } from "./address_bytes.ts";
import type { RpcTransactionError } from "./tx_error.ts";
import {
  isTokenProgram,
  parseMint,
  parseTokenAccount,
  type UiTokenAmount,
  uiTokenAmount,
} from "./token_accounts.ts";
import type { CompiledMessage } from "./transaction_decoding.ts";

/** One entry of `preTokenBalances` / `postTokenBalances`. */
export interface TokenBalance {
  accountIndex: number;
  mint: Address;
  owner: Address;
  programId: Address;
  uiTokenAmount: UiTokenAmount;
}

/** An inner instruction in compiled (`json`) form. */
export interface CompiledInnerInstruction {
  programIdIndex: number;
  accounts: number[];
  /** Base58. */
  data: string;
  stackHeight: number;
}

/** Inner instructions issued by one top-level instruction. */
export interface InnerInstructionGroup {
  index: number;
  instructions: CompiledInnerInstruction[];
}

/** Balances of a transaction's accounts at one moment. */
export interface BalanceSnapshot {
  lamports: bigint[];
  tokens: TokenBalance[];
  /** Bytes the runtime loads for these accounts (data + 64 each, program data included). */
  loadedDataSize: number;
}

/** Everything the RPC reports about an executed (or simulated) transaction. */
export interface ExecutionMeta {
  err: RpcTransactionError | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  innerInstructions: InnerInstructionGroup[];
  logMessages: string[];
  computeUnitsConsumed: bigint;
  returnData: { programId: Address; data: string } | null;
  loadedAddresses: LoadedAddresses;
  loadedAccountsDataSize: number;
}

const ACCOUNT_BASE_SIZE = 64;
const UPGRADEABLE_LOADER = "BPFLoaderUpgradeab1e11111111111111111111111";

/** Options of {@linkcode snapshotBalances}. */
export interface SnapshotOptions {
  /**
   * The snapshot taken before execution: read-only accounts cannot have
   * changed since, so their entries are taken from it and only writable
   * accounts are read again (the loaded data size is the one from before).
   */
  before?: BalanceSnapshot;
  /** Bytes of the program data account at `address` (default: read it through `read`). */
  programDataSize?: (address: Address) => number;
}

/** Reads the balances of `keys` through `read` (live state, or post-simulation accounts). */
export function snapshotBalances(
  message: CompiledMessage,
  keys: AccountKeys,
  read: (address: Address) => MaybeEncodedAccount,
  options: SnapshotOptions = {},
): BalanceSnapshot {
  const { before } = options;
  const sizeOf = options.programDataSize ??
    ((address: Address) => {
      const programData = read(address);
      return programData.exists ? programData.data.length : -1;
    });
  const invoked = invokedIndexes(message);
  const unchanged = (index: number) => before !== undefined && !keys.writable[index];
  const accounts = keys.all.map((address, index) => unchanged(index) ? undefined : read(address));
  const decimals = new Map<string, number | null>();
  const tokens: TokenBalance[] = [];
  let loadedDataSize = 0;
  accounts.forEach((account, accountIndex) => {
    if (account === undefined) {
      const token = before!.tokens.find((entry) => entry.accountIndex === accountIndex);
      if (token) tokens.push(token);
      return;
    }
    if (!account.exists) return;
    if (!before) loadedDataSize += account.data.length + ACCOUNT_BASE_SIZE + programDataSize(account, sizeOf);
    if (invoked.has(accountIndex) || isTokenProgram(account.address)) return;
    const token = parseTokenAccount(account);
    if (!token) return;
    if (!decimals.has(token.mint)) {
      const mint = read(token.mint);
      decimals.set(token.mint, mint.exists ? parseMint(mint)?.decimals ?? null : null);
    }
    const mintDecimals = decimals.get(token.mint);
    if (mintDecimals === null || mintDecimals === undefined) return;
    tokens.push({
      accountIndex,
      mint: token.mint,
      owner: token.owner,
      programId: token.programId,
      uiTokenAmount: uiTokenAmount(token.amount, mintDecimals),
    });
  });
  return {
    lamports: accounts.map((account, index) =>
      account === undefined ? before!.lamports[index]! : account.exists ? BigInt(account.lamports) : 0n
    ),
    tokens,
    loadedDataSize: before ? before.loadedDataSize : loadedDataSize,
  };
}

/** The program data an upgradeable program loads with it: its address, read from the program account. */
function programDataAddress(account: MaybeEncodedAccount): Address | undefined {
  if (!account.exists || !account.executable || account.programAddress !== UPGRADEABLE_LOADER) {
    return undefined;
  }
  if (account.data.length < 36 || account.data[0] !== 2) return undefined;
  return addressOf(account.data.subarray(4, 36));
}

function programDataSize(account: MaybeEncodedAccount, sizeOf: (address: Address) => number): number {
  const address = programDataAddress(account);
  if (address === undefined) return 0;
  const size = sizeOf(address);
  return size < 0 ? 0 : size + ACCOUNT_BASE_SIZE;
}

/** Builds the metadata from LiteSVM's result and the two snapshots. */
export function buildExecutionMeta(input: {
  err: RpcTransactionError | null;
  fee: bigint;
  keys: AccountKeys;
  pre: BalanceSnapshot;
  post: BalanceSnapshot;
  result: TransactionMetadata | null;
}): ExecutionMeta {
  const { result } = input;
  return {
    err: input.err,
    fee: input.fee,
    preBalances: input.pre.lamports,
    postBalances: input.post.lamports,
    preTokenBalances: input.pre.tokens,
    postTokenBalances: input.post.tokens,
    innerInstructions: result ? compiledInnerInstructions(result) : [],
    logMessages: result ? result.logs() : [],
    computeUnitsConsumed: result ? result.computeUnitsConsumed() : 0n,
    returnData: result ? returnDataOf(result) : null,
    loadedAddresses: input.keys.loaded,
    loadedAccountsDataSize: input.pre.loadedDataSize,
  };
}

function compiledInnerInstructions(result: TransactionMetadata): InnerInstructionGroup[] {
  const base58 = getBase58Decoder();
  const groups: InnerInstructionGroup[] = [];
  result.innerInstructions().forEach((inner, index) => {
    if (inner.length === 0) return;
    groups.push({
      index,
      instructions: inner.map((entry) => {
        const compiled = entry.instruction();
        return {
          programIdIndex: compiled.programIdIndex(),
          accounts: Array.from(compiled.accounts()),
          data: base58.decode(compiled.data()),
          stackHeight: entry.stackHeight(),
        };
      }),
    });
  });
  return groups;
}

function returnDataOf(result: TransactionMetadata): ExecutionMeta["returnData"] {
  const returnData = result.returnData();
  const data = returnData.data();
  if (data.length === 0) return null;
  return {
    programId: addressOf(returnData.programId()),
    data: getBase64Decoder().decode(data),
  };
}

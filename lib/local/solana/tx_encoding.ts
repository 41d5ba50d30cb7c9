/**
 * Rendering of landed and simulated transactions in the RPC's encodings:
 * `json` (compiled message, base58 instruction data), `base64`/`base58`
 * (wire bytes) and `jsonParsed` (account objects, parsed instructions).
 *
 * @module
 */
import { getBase58Decoder, getBase58Encoder, getBase64Decoder } from "@solana/kit";
import type { Address } from "@solana/kit";
import type { AccountKeys } from "./account_keys.ts";
import type { LedgerEntry } from "./chain.ts";
import { parseInstruction } from "./instruction_parser.ts";
import type { ExecutionMeta, InnerInstructionGroup } from "./tx_meta.ts";
import { encodeWireTransaction, type WireTransaction } from "./transaction_decoding.ts";

/** Encodings of `getTransaction`. */
export type TransactionEncoding = "json" | "jsonParsed" | "base64" | "base58";

/** The `transaction` field of a `getTransaction` result. */
export function encodeTransaction(
  wire: WireTransaction,
  keys: AccountKeys,
  encoding: TransactionEncoding,
): unknown {
  if (encoding === "base64" || encoding === "base58") {
    const bytes = encodeWireTransaction(wire.transaction);
    const text = encoding === "base64" ? getBase64Decoder().decode(bytes) : getBase58Decoder().decode(bytes);
    return [text, encoding];
  }
  const { message } = wire;
  const lookups = message.version === 0
    ? {
      addressTableLookups: message.addressTableLookups.map((lookup) => ({
        accountKey: lookup.lookupTableAddress,
        readonlyIndexes: [...lookup.readonlyIndexes],
        writableIndexes: [...lookup.writableIndexes],
      })),
    }
    : {};
  if (encoding === "jsonParsed") {
    const staticCount = message.staticAccounts.length;
    return {
      message: {
        accountKeys: keys.all.map((pubkey, index) => ({
          pubkey,
          signer: keys.signer[index] ?? false,
          source: index < staticCount ? "transaction" : "lookupTable",
          writable: keys.writable[index] ?? false,
        })),
        ...lookups,
        instructions: message.instructions.map((instruction) =>
          parseInstruction({
            programId: keys.all[instruction.programIdIndex] as Address,
            accounts: instruction.accounts.map((index) => keys.all[index] as Address),
            data: instruction.data,
            stackHeight: 1,
          })
        ),
        recentBlockhash: message.lifetimeToken,
      },
      signatures: wire.signatures,
    };
  }
  const { header } = message;
  return {
    message: {
      accountKeys: message.staticAccounts,
      ...lookups,
      header: {
        numReadonlySignedAccounts: header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: header.numReadonlyNonSignerAccounts,
        numRequiredSignatures: header.numSignerAccounts,
      },
      instructions: message.instructions.map((instruction) => ({
        accounts: instruction.accounts,
        data: getBase58Decoder().decode(instruction.data),
        programIdIndex: instruction.programIdIndex,
        stackHeight: 1,
      })),
      recentBlockhash: message.lifetimeToken,
    },
    signatures: wire.signatures,
  };
}

/** The `meta` field of a `getTransaction` result. */
export function encodeMeta(meta: ExecutionMeta, keys: AccountKeys, encoding: TransactionEncoding) {
  const parsed = encoding === "jsonParsed";
  return {
    computeUnitsConsumed: Number(meta.computeUnitsConsumed),
    err: meta.err,
    fee: Number(meta.fee),
    innerInstructions: parsed
      ? parsedInnerInstructions(meta.innerInstructions, keys)
      : meta.innerInstructions,
    ...(parsed ? {} : { loadedAddresses: meta.loadedAddresses }),
    logMessages: meta.logMessages,
    postBalances: meta.postBalances.map(Number),
    postTokenBalances: meta.postTokenBalances,
    preBalances: meta.preBalances.map(Number),
    preTokenBalances: meta.preTokenBalances,
    ...(meta.returnData ? { returnData: encodeReturnData(meta.returnData) } : {}),
    rewards: [],
    status: meta.err === null ? { Ok: null } : { Err: meta.err },
  };
}

/** A full `getTransaction` result; `version` only when the caller sent `maxSupportedTransactionVersion`. */
export function encodeLedgerEntry(entry: LedgerEntry, encoding: TransactionEncoding, withVersion: boolean) {
  return {
    blockTime: entry.blockTime,
    meta: encodeMeta(entry.meta, entry.keys, encoding),
    slot: Number(entry.slot),
    transaction: encodeTransaction(entry.wire, entry.keys, encoding),
    ...(withVersion ? { version: entry.wire.message.version } : {}),
  };
}

/** Inner instructions in `jsonParsed` form (as `simulateTransaction` returns them). */
export function parsedInnerInstructions(groups: InnerInstructionGroup[], keys: AccountKeys) {
  return groups.map(({ index, instructions }) => ({
    index,
    instructions: instructions.map((instruction) =>
      parseInstruction({
        programId: keys.all[instruction.programIdIndex] as Address,
        accounts: instruction.accounts.map((account) => keys.all[account] as Address),
        data: new Uint8Array(getBase58Encoder().encode(instruction.data)),
        stackHeight: instruction.stackHeight,
      })
    ),
  }));
}

/** Return data as the RPC sends it. */
export function encodeReturnData(returnData: NonNullable<ExecutionMeta["returnData"]>) {
  return { data: [returnData.data, "base64"], programId: returnData.programId };
}

/**
 * Reads a whole block kept in the ledger-storage protobuf form (the
 * `ConfirmedBlock` message that long-term ledger stores hold) and reshapes each
 * of its transactions as the `getTransaction` (json encoding) result a node
 * returns for it. Only the fields explain reads are carried over; the
 * transaction error, kept there as bincode bytes, is turned back into the
 * JSON form the RPC gives.
 *
 * @module
 */

import { getBase58Decoder } from "@solana/kit";
import {
  INSTRUCTION_ERROR_VARIANTS as INSTRUCTION_ERRORS,
  TRANSACTION_ERROR_VARIANTS as TRANSACTION_ERRORS,
} from "../lib/solana/transaction/error_variants.ts";

type Json = Record<string, unknown>;

/** A protobuf field: number, wire type and value (varint as bigint, or bytes). */
interface Field {
  no: number;
  value: bigint | Uint8Array;
}

function fieldsOf(bytes: Uint8Array): Field[] {
  const fields: Field[] = [];
  let at = 0;
  function varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = bytes[at++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
      shift += 7n;
    }
  }
  while (at < bytes.length) {
    const key = Number(varint());
    const no = key >>> 3;
    const wire = key & 7;
    if (wire === 0) fields.push({ no, value: varint() });
    else if (wire === 2) {
      const length = Number(varint());
      fields.push({ no, value: bytes.subarray(at, at + length) });
      at += length;
    } else if (wire === 1) {
      fields.push({ no, value: bytes.subarray(at, at + 8) });
      at += 8;
    } else if (wire === 5) {
      fields.push({ no, value: bytes.subarray(at, at + 4) });
      at += 4;
    } else throw new Error(`unsupported protobuf wire type ${wire}`);
  }
  return fields;
}

function all(fields: Field[], no: number): Uint8Array[] {
  return fields.filter((f) => f.no === no).map((f) => f.value as Uint8Array);
}

function one(fields: Field[], no: number): Uint8Array | undefined {
  return all(fields, no)[0];
}

function num(fields: Field[], no: number): number | undefined {
  const field = fields.find((f) => f.no === no);
  return field === undefined ? undefined : Number(field.value as bigint);
}

/** Repeated varints, packed (one length-delimited field) or not. */
function packed(fields: Field[], no: number): number[] {
  return fields.filter((f) => f.no === no).flatMap((f) => {
    if (typeof f.value === "bigint") return [Number(f.value)];
    return fieldsOfPacked(f.value);
  });
}

function fieldsOfPacked(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let at = 0;
  while (at < bytes.length) {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = bytes[at++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) break;
      shift += 7n;
    }
    out.push(Number(result));
  }
  return out;
}

const text = new TextDecoder();
const base58 = getBase58Decoder();
const b58 = (bytes: Uint8Array) => base58.decode(bytes);

/** The bincode-encoded transaction error as the RPC writes it in JSON. */
export function transactionErrorFromBincode(bytes: Uint8Array): unknown {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const name = TRANSACTION_ERRORS[view.getUint32(0, true)];
  if (!name) throw new Error(`unknown transaction error ${view.getUint32(0, true)}`);
  if (name === "InstructionError") {
    const index = bytes[4]!;
    const inner = INSTRUCTION_ERRORS[view.getUint32(5, true)];
    if (!inner) throw new Error(`unknown instruction error ${view.getUint32(5, true)}`);
    if (inner === "Custom") return { InstructionError: [index, { Custom: view.getUint32(9, true) }] };
    if (inner === "BorshIoError") {
      const length = Number(view.getBigUint64(9, true));
      return { InstructionError: [index, { BorshIoError: text.decode(bytes.subarray(17, 17 + length)) }] };
    }
    return { InstructionError: [index, inner] };
  }
  if (name === "DuplicateInstruction") return { DuplicateInstruction: bytes[4] };
  if (name === "InsufficientFundsForRent" || name === "ProgramExecutionTemporarilyRestricted") {
    return { [name]: { account_index: bytes[4] } };
  }
  return name;
}

function instruction(bytes: Uint8Array, inner: boolean): Json {
  const f = fieldsOf(bytes);
  return {
    programIdIndex: num(f, 1) ?? 0,
    accounts: [...(one(f, 2) ?? [])],
    data: b58(one(f, 3) ?? new Uint8Array()),
    ...(inner ? { stackHeight: num(f, 4) ?? null } : {}),
  };
}

function tokenBalance(bytes: Uint8Array): Json {
  const f = fieldsOf(bytes);
  const amount = fieldsOf(one(f, 3) ?? new Uint8Array());
  const uiBytes = one(amount, 1);
  const ui = uiBytes ? new DataView(uiBytes.buffer, uiBytes.byteOffset, 8).getFloat64(0, true) : 0;
  const uiString = one(amount, 4);
  return {
    accountIndex: num(f, 1) ?? 0,
    mint: text.decode(one(f, 2)),
    uiTokenAmount: {
      uiAmount: ui === 0 ? null : ui,
      decimals: num(amount, 2) ?? 0,
      amount: text.decode(one(amount, 3)),
      uiAmountString: uiString ? text.decode(uiString) : "",
    },
    owner: text.decode(one(f, 4)),
    programId: text.decode(one(f, 5)),
  };
}

function transactionOf(bytes: Uint8Array, slot: number, blockTime: number | null): Json | null {
  const f = fieldsOf(bytes);
  const tx = fieldsOf(one(f, 1) ?? new Uint8Array());
  const metaBytes = one(f, 2);
  if (!metaBytes) return null;
  const message = fieldsOf(one(tx, 2) ?? new Uint8Array());
  const header = fieldsOf(one(message, 1) ?? new Uint8Array());
  const versioned = num(message, 5) === 1;
  const meta = fieldsOf(metaBytes);
  const errBytes = one(meta, 1);
  const errField = errBytes ? one(fieldsOf(errBytes), 1) : undefined;
  const logsNone = num(meta, 11) === 1;
  const cu = num(meta, 16);
  return {
    slot,
    blockTime,
    version: versioned ? 0 : "legacy",
    transaction: {
      signatures: all(tx, 1).map(b58),
      message: {
        header: {
          numRequiredSignatures: num(header, 1) ?? 0,
          numReadonlySignedAccounts: num(header, 2) ?? 0,
          numReadonlyUnsignedAccounts: num(header, 3) ?? 0,
        },
        accountKeys: all(message, 2).map(b58),
        recentBlockhash: b58(one(message, 3) ?? new Uint8Array()),
        instructions: all(message, 4).map((ix) => instruction(ix, false)),
        ...(versioned
          ? {
            addressTableLookups: all(message, 6).map((lookup) => {
              const l = fieldsOf(lookup);
              return {
                accountKey: b58(one(l, 1)!),
                writableIndexes: [...(one(l, 2) ?? [])],
                readonlyIndexes: [...(one(l, 3) ?? [])],
              };
            }),
          }
          : {}),
      },
    },
    meta: {
      err: errField ? transactionErrorFromBincode(errField) : null,
      fee: num(meta, 2) ?? 0,
      preBalances: packed(meta, 3),
      postBalances: packed(meta, 4),
      innerInstructions: all(meta, 5).map((group) => {
        const g = fieldsOf(group);
        return { index: num(g, 1) ?? 0, instructions: all(g, 2).map((ix) => instruction(ix, true)) };
      }),
      logMessages: logsNone ? null : all(meta, 6).map((line) => text.decode(line)),
      preTokenBalances: all(meta, 7).map(tokenBalance),
      postTokenBalances: all(meta, 8).map(tokenBalance),
      loadedAddresses: { writable: all(meta, 12).map(b58), readonly: all(meta, 13).map(b58) },
      ...(cu !== undefined ? { computeUnitsConsumed: cu } : {}),
    },
  };
}

/** The transactions of a stored block, each as a `getTransaction` result. */
export function transactionsOfStoredBlock(bytes: Uint8Array, slot: number): Json[] {
  const block = fieldsOf(bytes);
  const time = one(block, 6);
  const blockTime = time ? num(fieldsOf(time), 1) ?? null : null;
  return all(block, 4).flatMap((tx) => {
    const shaped = transactionOf(tx, slot, blockTime);
    return shaped ? [shaped] : [];
  });
}

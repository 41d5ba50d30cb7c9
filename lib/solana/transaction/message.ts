/**
 * One view of a transaction message, whether it came from `getTransaction`
 * (`json` or `jsonParsed` encoding) or from wire bytes decoded by
 * `@solana/kit`: the full account list (static keys, then addresses loaded
 * from lookup tables), who signs and who is written, and each top-level
 * instruction's program, accounts and data.
 *
 * @module
 */
import { getBase58Encoder } from "@solana/kit";
import type { CompiledTransactionMessage } from "@solana/kit";
import { SYSTEM_PROGRAM } from "./program_errors/system.ts";

/** A transaction version as the RPC names it. */
export type TransactionVersion = "legacy" | number;

/** One account of the message. */
export interface AccountKey {
  address: string;
  signer: boolean;
  writable: boolean;
  /** `lookup` for addresses loaded from an address lookup table. */
  source: "static" | "lookup";
}

/** One top-level instruction. */
export interface MessageInstruction {
  index: number;
  program: string;
  /** Indexes into the account list. */
  accounts: number[];
  /** The instruction data; `null` when the RPC returned it parsed instead. */
  data: Uint8Array | null;
  /** The RPC's instruction type when it returned it parsed (`jsonParsed`), e.g. `advanceNonce`. */
  parsedType?: string;
}

/** The v1 message's own resource settings (they replace Compute Budget instructions). */
export interface MessageConfig {
  computeUnitLimit: number | null;
  priorityFeeLamports: bigint | null;
  heapSize: number | null;
  loadedAccountsDataSizeLimit: number | null;
}

/** A decoded message. */
export interface MessageView {
  version: TransactionVersion;
  accountKeys: AccountKey[];
  instructions: MessageInstruction[];
  /** The recent blockhash, or the nonce value for a durable-nonce transaction. */
  recentBlockhash: string | null;
  /** Signatures the message requires. */
  numRequiredSignatures: number;
  /** Present for v1 messages. */
  config: MessageConfig | null;
}

type Json = Record<string, unknown>;

const base58 = getBase58Encoder();

/**
 * Reads the `transaction` of a `getTransaction` result (`json` or `jsonParsed`)
 * together with its `meta` (for the addresses loaded from lookup tables).
 * Returns `null` when the shape is not a transaction.
 */
export function messageFromRpc(transaction: unknown, meta: unknown, version: unknown): MessageView | null {
  const message = (transaction as Json | null)?.message as Json | undefined;
  if (!message || !Array.isArray(message.accountKeys)) return null;
  const header = (message.header ?? {}) as Json;
  const loaded = ((meta as Json | null)?.loadedAddresses ?? {}) as Json;
  // jsonParsed lists every key as an object, loaded addresses included; json lists static keys only.
  const plain = message.accountKeys.every((key) => typeof key === "string");
  const accountKeys = plain
    ? staticKeys(message.accountKeys as string[], header)
    : (message.accountKeys as Json[]).map(parsedKey);
  if (plain) {
    for (const address of stringList(loaded.writable)) {
      accountKeys.push({ address, signer: false, writable: true, source: "lookup" });
    }
    for (const address of stringList(loaded.readonly)) {
      accountKeys.push({ address, signer: false, writable: false, source: "lookup" });
    }
  }
  const addresses = accountKeys.map((key) => key.address);
  const instructions = (Array.isArray(message.instructions) ? message.instructions as Json[] : []).map(
    (instruction, index) => rpcInstruction(instruction, index, addresses),
  );
  const signatures = (transaction as Json).signatures;
  return {
    version: normaliseVersion(version),
    accountKeys,
    instructions,
    recentBlockhash: typeof message.recentBlockhash === "string" ? message.recentBlockhash : null,
    numRequiredSignatures: Number.isSafeInteger(header.numRequiredSignatures)
      ? header.numRequiredSignatures as number
      : accountKeys.filter((key) => key.signer).length || (Array.isArray(signatures) ? signatures.length : 0),
    config: rpcConfig(message),
  };
}

/**
 * Builds the view of a message decoded by `@solana/kit`. Addresses loaded from
 * lookup tables come from `loadedAddresses` (as a simulation reports them);
 * without it they are named `<table>#<index>`.
 */
export function messageFromCompiled(
  compiled: CompiledTransactionMessage & { lifetimeToken?: string },
  loadedAddresses?: { writable?: unknown; readonly?: unknown } | null,
  config?: MessageConfig | null,
): MessageView {
  const { header } = compiled;
  const accountKeys = staticKeys(compiled.staticAccounts, {
    numRequiredSignatures: header.numSignerAccounts,
    numReadonlySignedAccounts: header.numReadonlySignerAccounts,
    numReadonlyUnsignedAccounts: header.numReadonlyNonSignerAccounts,
  });
  if (compiled.version === 0 && compiled.addressTableLookups) {
    const writable = stringList(loadedAddresses?.writable);
    const readonly = stringList(loadedAddresses?.readonly);
    const lookups = compiled.addressTableLookups;
    const named = (kind: "writableIndexes" | "readonlyIndexes") =>
      lookups.flatMap((lookup) => lookup[kind].map((i) => `${lookup.lookupTableAddress}#${i}`));
    const writableNames = named("writableIndexes");
    const readonlyNames = named("readonlyIndexes");
    writableNames.forEach((name, i) =>
      accountKeys.push({ address: writable[i] ?? name, signer: false, writable: true, source: "lookup" })
    );
    readonlyNames.forEach((name, i) =>
      accountKeys.push({ address: readonly[i] ?? name, signer: false, writable: false, source: "lookup" })
    );
  }
  const addresses = accountKeys.map((key) => key.address);
  const raw = compiled.version === 1
    ? compiled.instructionHeaders.map((head, i) => ({
      program: head.programAccountIndex,
      accounts: [...(compiled.instructionPayloads[i]?.instructionAccountIndices ?? [])],
      data: compiled.instructionPayloads[i]?.instructionData,
    }))
    : compiled.instructions.map((ix) => ({
      program: ix.programAddressIndex,
      accounts: [...(ix.accountIndices ?? [])],
      data: ix.data,
    }));
  return {
    version: compiled.version,
    accountKeys,
    instructions: raw.map((ix, index) => ({
      index,
      program: addresses[ix.program] ?? `#${ix.program}`,
      accounts: ix.accounts,
      data: ix.data ? new Uint8Array(ix.data) : new Uint8Array(),
    })),
    recentBlockhash: compiled.lifetimeToken ?? null,
    numRequiredSignatures: header.numSignerAccounts,
    config: compiled.version === 1 ? config ?? null : null,
  };
}

/** The addresses of the accounts the message writes. */
export function writableAccounts(view: MessageView): string[] {
  return view.accountKeys.filter((key) => key.writable).map((key) => key.address);
}

/** Whether the message's first instruction advances a durable nonce (it then never expires by blockhash). */
export function usesDurableNonce(view: MessageView): boolean {
  const first = view.instructions[0];
  if (first?.program === SYSTEM_PROGRAM && first.parsedType === "advanceNonce") return true;
  if (!first || first.program !== SYSTEM_PROGRAM || !first.data || first.data.length < 4) return false;
  const tag = new DataView(first.data.buffer, first.data.byteOffset, 4).getUint32(0, true);
  return tag === 4 && first.accounts.length >= 3;
}

function staticKeys(addresses: readonly string[], header: Json): AccountKey[] {
  const signers = Number(header.numRequiredSignatures ?? 0);
  const readonlySigned = Number(header.numReadonlySignedAccounts ?? 0);
  const readonlyUnsigned = Number(header.numReadonlyUnsignedAccounts ?? 0);
  return addresses.map((address, i) => ({
    address,
    signer: i < signers,
    writable: i < signers ? i < signers - readonlySigned : i < addresses.length - readonlyUnsigned,
    source: "static" as const,
  }));
}

function parsedKey(key: Json): AccountKey {
  return {
    address: String(key.pubkey ?? ""),
    signer: key.signer === true,
    writable: key.writable === true,
    source: key.source === "lookupTable" ? "lookup" : "static",
  };
}

function rpcInstruction(instruction: Json, index: number, addresses: string[]): MessageInstruction {
  const { program, data } = rpcProgramAndData(instruction, addresses);
  const accounts = Array.isArray(instruction.accounts)
    ? (instruction.accounts as unknown[]).map((a) => typeof a === "number" ? a : addresses.indexOf(String(a)))
    : [];
  const parsedType = (instruction.parsed as Json | undefined)?.type;
  return { index, program, accounts, data, ...(typeof parsedType === "string" ? { parsedType } : {}) };
}

/**
 * The program and data of an instruction as an RPC answer gives it (top
 * level or inner): the program by address (`jsonParsed`) or by its index into
 * `addresses`; the data, base58 text, as bytes (null when absent or not base58).
 */
export function rpcProgramAndData(
  instruction: Record<string, unknown>,
  addresses: readonly string[],
): { program: string; data: Uint8Array | null } {
  const program = typeof instruction.programId === "string"
    ? instruction.programId
    : addresses[Number(instruction.programIdIndex)] ?? `#${instruction.programIdIndex}`;
  let data: Uint8Array | null = null;
  if (typeof instruction.data === "string") {
    try {
      data = new Uint8Array(base58.encode(instruction.data));
    } catch {
      data = null;
    }
  }
  return { program, data };
}

function rpcConfig(message: Json): MessageConfig | null {
  const config = (message.config ?? message.transactionConfig) as Json | undefined;
  if (!config || typeof config !== "object") return null;
  const int = (value: unknown) =>
    Number.isSafeInteger(Number(value)) && value !== null ? Number(value) : null;
  const fee = config.priorityFeeLamports;
  return {
    computeUnitLimit: int(config.computeUnitLimit),
    priorityFeeLamports: (typeof fee === "number" && Number.isSafeInteger(fee) && fee >= 0) ||
        (typeof fee === "string" && /^\d{1,20}$/.test(fee))
      ? BigInt(fee)
      : null,
    heapSize: int(config.heapSize),
    loadedAccountsDataSizeLimit: int(config.loadedAccountsDataSizeLimit),
  };
}

function normaliseVersion(version: unknown): TransactionVersion {
  return typeof version === "number" && Number.isSafeInteger(version) ? version : "legacy";
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/**
 * Reading SPL Token and Token-2022 accounts and mints from raw account data,
 * and the RPC's `uiTokenAmount` formatting (`uiAmount` is `null` for zero,
 * `uiAmountString` has trailing zeros trimmed).
 *
 * @module
 */
import type { Address, ReadonlyUint8Array } from "@solana/kit";
import { addressOf } from "./address_bytes.ts";

/** The SPL Token program. */
export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA" as Address;
/** The Token-2022 program. */
export const TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb" as Address;

const ACCOUNT_SIZE = 165;
const MINT_SIZE = 82;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;

/** Raw account fields needed to recognise token state. */
export interface RawAccount {
  programAddress: Address;
  data: ReadonlyUint8Array;
}

/** An initialized token account. */
export interface TokenAccountState {
  mint: Address;
  owner: Address;
  amount: bigint;
  /** The owning token program. */
  programId: Address;
}

/** An initialized mint. */
export interface MintState {
  supply: bigint;
  decimals: number;
  mintAuthority: Address | null;
  freezeAuthority: Address | null;
  programId: Address;
}

/** The RPC's token amount object. */
export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

/** Whether `program` is SPL Token or Token-2022. */
export function isTokenProgram(program: string): boolean {
  return program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM;
}

/** Parses an initialized token account; `null` for anything else. */
export function parseTokenAccount(account: RawAccount): TokenAccountState | null {
  const { data, programAddress } = account;
  if (!isTokenProgram(programAddress) || data.length < ACCOUNT_SIZE) return null;
  if (data.length > ACCOUNT_SIZE) {
    if (programAddress !== TOKEN_2022_PROGRAM || data[ACCOUNT_SIZE] !== ACCOUNT_TYPE_ACCOUNT) return null;
  }
  const state = data[108];
  if (state !== 1 && state !== 2) return null;
  return {
    mint: addressOf(data.subarray(0, 32)),
    owner: addressOf(data.subarray(32, 64)),
    amount: readU64(data, 64),
    programId: programAddress,
  };
}

/** Parses an initialized mint; `null` for anything else. */
export function parseMint(account: RawAccount): MintState | null {
  const { data, programAddress } = account;
  if (!isTokenProgram(programAddress) || data.length < MINT_SIZE) return null;
  if (data.length !== MINT_SIZE) {
    const isExtendedMint = programAddress === TOKEN_2022_PROGRAM && data.length > ACCOUNT_SIZE &&
      data[ACCOUNT_SIZE] === ACCOUNT_TYPE_MINT;
    if (!isExtendedMint) return null;
  }
  if (data[45] !== 1) return null;
  return {
    mintAuthority: readOptionalAddress(data, 0),
    supply: readU64(data, 36),
    decimals: data[44] ?? 0,
    freezeAuthority: readOptionalAddress(data, 46),
    programId: programAddress,
  };
}

/** Formats an amount of base units as the RPC does. */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const uiAmountString = formatUnits(amount, decimals);
  return {
    amount: amount.toString(),
    decimals,
    uiAmount: amount === 0n ? null : Number(uiAmountString),
    uiAmountString,
  };
}

/** `amount / 10^decimals` as a decimal string without trailing zeros. */
export function formatUnits(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const digits = amount.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

function readU64(data: ReadonlyUint8Array, offset: number): bigint {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
}

function readOptionalAddress(data: ReadonlyUint8Array, offset: number): Address | null {
  const tag = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true);
  return tag === 1 ? addressOf(data.subarray(offset + 4, offset + 36)) : null;
}

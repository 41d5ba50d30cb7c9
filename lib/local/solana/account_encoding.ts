/**
 * Accounts as the RPC renders them (`UiAccount`): data in base64, base58,
 * legacy binary or `jsonParsed` (SPL Token / Token-2022 accounts and mints
 * without extensions; anything else falls back to base64, as a validator's
 * parser does), with an optional `dataSlice`.
 *
 * @module
 */
import { getBase58Decoder, getBase64Decoder } from "@solana/kit";
import type { Address, EncodedAccount, MaybeEncodedAccount, ReadonlyUint8Array } from "@solana/kit";
import { invalidParams } from "./rpc_error.ts";
import { integerField } from "./rpc_params.ts";
import { parseMint, parseTokenAccount, TOKEN_2022_PROGRAM, uiTokenAmount } from "./token_accounts.ts";

/** `u64::MAX`: the rent epoch of every rent-exempt account. */
const RENT_EXEMPT_EPOCH = 18446744073709551615;
const MAX_BASE58_BYTES = 128;
const TOKEN_ACCOUNT_SIZE = 165;
const MINT_SIZE = 82;
const ENCODINGS = new Set(["binary", "base58", "base64", "jsonParsed"]);

/** The RPC's account object. */
export interface UiAccount {
  data: unknown;
  executable: boolean;
  lamports: number;
  owner: string;
  rentEpoch: number;
  space: number;
}

/** Reads and checks `encoding` and `dataSlice` from a config. */
export function accountEncodingOptions(
  config: Record<string, unknown>,
  fallback: string,
): AccountEncodingOptions {
  const encoding = config.encoding === undefined || config.encoding === null
    ? fallback
    : String(config.encoding);
  if (encoding === "base64+zstd") {
    throw invalidParams(
      "Invalid params: base64+zstd encoding is not available on the local chain; use base64.",
    );
  }
  if (!ENCODINGS.has(encoding)) {
    throw invalidParams(
      `Invalid params: unknown variant \`${encoding}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\`.`,
    );
  }
  const slice = config.dataSlice;
  let dataSlice: { offset: number; length: number } | undefined;
  if (slice !== undefined && slice !== null) {
    const fields = slice as Record<string, unknown>;
    dataSlice = { offset: integerField(fields, "offset") ?? 0, length: integerField(fields, "length") ?? 0 };
  }
  return dataSlice ? { encoding, dataSlice } : { encoding };
}

/** How to render account data. */
export interface AccountEncodingOptions {
  encoding: string;
  dataSlice?: { offset: number; length: number };
}

/** Reads an account (token accounts need their mint's decimals). */
export type AccountLookup = (address: Address) => MaybeEncodedAccount;

/**
 * Renders an account.
 *
 * @throws {RpcError} `-32602` when base58 is asked for more than 128 bytes
 */
export function encodeAccount(
  account: EncodedAccount,
  options: AccountEncodingOptions,
  lookup: AccountLookup,
): UiAccount {
  return {
    data: encodeData(account, options, lookup),
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.data.length,
  };
}

function encodeData(
  account: EncodedAccount,
  options: AccountEncodingOptions,
  lookup: AccountLookup,
): unknown {
  const { encoding, dataSlice } = options;
  if (encoding === "jsonParsed") {
    const parsed = parseAccountData(account, lookup);
    if (parsed) return parsed;
    return [getBase64Decoder().decode(slice(account.data, dataSlice)), "base64"];
  }
  const bytes = slice(account.data, dataSlice);
  if (encoding === "base64") return [getBase64Decoder().decode(bytes), "base64"];
  if (bytes.length > MAX_BASE58_BYTES) {
    throw invalidParams(
      `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
    );
  }
  const text = getBase58Decoder().decode(bytes);
  return encoding === "binary" ? text : [text, "base58"];
}

function slice(data: ReadonlyUint8Array, dataSlice?: { offset: number; length: number }): ReadonlyUint8Array {
  if (!dataSlice) return data;
  return data.subarray(
    Math.min(dataSlice.offset, data.length),
    Math.min(dataSlice.offset + dataSlice.length, data.length),
  );
}

/** `jsonParsed` data of a token account or mint without extensions, or `null`. */
export function parseAccountData(
  account: EncodedAccount,
  lookup: AccountLookup,
): Record<string, unknown> | null {
  const program = account.programAddress === TOKEN_2022_PROGRAM ? "spl-token-2022" : "spl-token";
  if (account.data.length === TOKEN_ACCOUNT_SIZE) {
    const token = parseTokenAccount(account);
    if (!token) return null;
    const mintAccount = lookup(token.mint);
    const mint = mintAccount.exists ? parseMint(mintAccount)?.decimals : undefined;
    if (mint === undefined) return null;
    const data = account.data;
    const frozen = data[108] === 2;
    const info: Record<string, unknown> = {
      isNative: readU32(data, 109) === 1,
      mint: token.mint,
      owner: token.owner,
      state: frozen ? "frozen" : "initialized",
      tokenAmount: uiTokenAmount(token.amount, mint),
    };
    return { parsed: { info, type: "account" }, program, space: TOKEN_ACCOUNT_SIZE };
  }
  if (account.data.length === MINT_SIZE) {
    const mint = parseMint(account);
    if (!mint) return null;
    const info = {
      decimals: mint.decimals,
      freezeAuthority: mint.freezeAuthority,
      isInitialized: true,
      mintAuthority: mint.mintAuthority,
      supply: mint.supply.toString(),
    };
    return { parsed: { info, type: "mint" }, program, space: MINT_SIZE };
  }
  return null;
}

function readU32(data: ReadonlyUint8Array, offset: number): number {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true);
}

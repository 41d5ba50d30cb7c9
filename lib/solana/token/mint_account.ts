/**
 * Decodes a mint account of the classic Token program or of Token-2022,
 * including every Token-2022 extension entry. Each extension is decoded with
 * `@solana-program/token-2022` one entry at a time, so an entry of an unknown
 * type or one that fails to decode is reported as such instead of failing (or
 * silently dropping) the rest.
 *
 * @module
 */
import { getMintDecoder as getClassicMintDecoder, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { ExtensionType, getExtensionDecoder, TOKEN_2022_PROGRAM_ADDRESS } from "@solana-program/token-2022";
import type { Extension } from "@solana-program/token-2022";
import type { Address } from "@solana/kit";
import { NotFoundError } from "../../shared/errors.ts";

/** Size of a mint without extensions, in both token programs. */
export const MINT_BASE_SIZE = 82;
/** Size of a token account without extensions; Token-2022 pads mints with extensions up to it. */
export const TOKEN_ACCOUNT_BASE_SIZE = 165;
const MULTISIG_SIZE = 355;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_TOKEN_ACCOUNT = 2;
/** The all-zero address, which Token-2022 uses for "no authority". */
export const NO_ADDRESS = "11111111111111111111111111111111";

/** One Token-2022 extension entry as found in the account. */
export type ExtensionEntry =
  | { status: "decoded"; typeId: number; extension: Extension }
  | { status: "unknown" | "unparseable"; typeId: number; data: Uint8Array; reason: string };

/** A decoded mint. */
export interface MintAccount {
  address: Address;
  program: "token" | "token-2022";
  programId: Address;
  mintAuthority: Address | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: Address | null;
  /** Account size in bytes. */
  size: number;
  /** Token-2022 extension entries in account order (always empty for the classic program). */
  extensions: ExtensionEntry[];
}

/**
 * Decodes a mint account.
 *
 * @param address The mint's address (for messages).
 * @param owner The account's owner program.
 * @param data The account's data.
 * @throws {NotFoundError} When the account is not a mint: another program's account, a token
 *   account, a multisig, or an uninitialized mint. The message says which.
 */
export function decodeMintAccount(address: Address, owner: string, data: Uint8Array): MintAccount {
  const program = owner === TOKEN_PROGRAM_ADDRESS
    ? "token"
    : owner === TOKEN_2022_PROGRAM_ADDRESS
    ? "token-2022"
    : null;
  if (!program) {
    throw new NotFoundError(`Account "${address}" is not a mint: it is owned by program "${owner}"`);
  }
  const kind = classify(program, data);
  if (kind !== "mint") throw new NotFoundError(`Account "${address}" is not a mint: it is ${kind}`);
  const base = getClassicMintDecoder().decode(data.subarray(0, MINT_BASE_SIZE));
  if (!base.isInitialized) {
    throw new NotFoundError(`Account "${address}" is not a mint: it is not initialized`);
  }
  return {
    address,
    program,
    programId: owner as Address,
    mintAuthority: base.mintAuthority.__option === "Some" ? base.mintAuthority.value : null,
    supply: base.supply,
    decimals: base.decimals,
    isInitialized: base.isInitialized,
    freezeAuthority: base.freezeAuthority.__option === "Some" ? base.freezeAuthority.value : null,
    size: data.length,
    extensions: program === "token-2022" ? readExtensions(data) : [],
  };
}

/** The first decoded extension of a kind, or `null`. */
export function findExtension<K extends Extension["__kind"]>(
  mint: MintAccount,
  kind: K,
): Extract<Extension, { __kind: K }> | null {
  for (const entry of mint.extensions) {
    if (entry.status === "decoded" && entry.extension.__kind === kind) {
      return entry.extension as Extract<Extension, { __kind: K }>;
    }
  }
  return null;
}

/** An address field of an extension, `null` for the all-zero "none" address or a `None` option. */
export function liveAddress(
  value: Address | { __option: "Some"; value: Address } | { __option: "None" },
): Address | null {
  const address = typeof value === "string" ? value : value.__option === "Some" ? value.value : null;
  return address && address !== NO_ADDRESS ? address : null;
}

function classify(program: "token" | "token-2022", data: Uint8Array): string {
  if (data.length === MINT_BASE_SIZE) return "mint";
  if (data.length === TOKEN_ACCOUNT_BASE_SIZE) return "a token account";
  if (data.length === MULTISIG_SIZE) return "a multisig account";
  if (program === "token-2022" && data.length > TOKEN_ACCOUNT_BASE_SIZE) {
    const accountType = data[TOKEN_ACCOUNT_BASE_SIZE];
    if (accountType === ACCOUNT_TYPE_MINT) return "mint";
    if (accountType === ACCOUNT_TYPE_TOKEN_ACCOUNT) return "a token account";
  }
  return `an account of ${data.length} bytes that no token layout fits`;
}

/**
 * Walks the type-length-value entries after the account-type byte and decodes
 * each one. Stops at an `Uninitialized` (zero) type, which marks padding.
 */
export function readExtensions(data: Uint8Array): ExtensionEntry[] {
  const entries: ExtensionEntry[] = [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let offset = TOKEN_ACCOUNT_BASE_SIZE + 1;
  while (offset + 4 <= data.length) {
    const typeId = view.getUint16(offset, true);
    const length = view.getUint16(offset + 2, true);
    if (typeId === ExtensionType.Uninitialized) break;
    const end = offset + 4 + length;
    if (end > data.length) {
      entries.push({
        status: "unparseable",
        typeId,
        data: data.slice(offset + 4),
        reason: `entry declares ${length} bytes but only ${data.length - offset - 4} remain`,
      });
      break;
    }
    entries.push(decodeEntry(typeId, data.subarray(offset, end)));
    offset = end;
  }
  return entries;
}

function decodeEntry(typeId: number, entry: Uint8Array): ExtensionEntry {
  const data = entry.slice(4);
  const expected = ExtensionType[typeId];
  if (expected === undefined) {
    return {
      status: "unknown",
      typeId,
      data,
      reason: `extension type ${typeId} is not known to this service`,
    };
  }
  try {
    const [extension, read] = getExtensionDecoder().read(entry, 0);
    if (extension.__kind !== expected || read !== entry.length) {
      return {
        status: "unparseable",
        typeId,
        data,
        reason: `${expected} entry of ${data.length} bytes does not match its known layout`,
      };
    }
    return { status: "decoded", typeId, extension };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { status: "unparseable", typeId, data, reason: `${expected} entry failed to decode: ${detail}` };
  }
}

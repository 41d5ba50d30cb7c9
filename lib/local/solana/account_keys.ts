/**
 * A message's full account list as the runtime sees it: static keys, then
 * addresses loaded from lookup tables (writable, then read-only), with each
 * key's signer and writable flags.
 *
 * @module
 */
import { getAddressDecoder } from "@solana/kit";
import type { Address, MaybeEncodedAccount } from "@solana/kit";
import type { RpcTransactionError } from "./tx_error.ts";
import type { CompiledMessage } from "./transaction_decoding.ts";

const LOOKUP_TABLE_PROGRAM = "AddressLookupTab1e1111111111111111111111111";
const LOOKUP_TABLE_META_SIZE = 56;

/** Addresses loaded from lookup tables, as in `meta.loadedAddresses`. */
export interface LoadedAddresses {
  writable: Address[];
  readonly: Address[];
}

/** The resolved account list of a message. */
export interface AccountKeys {
  /** Static keys ‖ loaded writable ‖ loaded read-only: the index space of instructions and balances. */
  all: Address[];
  /** Keys loaded from lookup tables. */
  loaded: LoadedAddresses;
  /** Whether the key at each index signs. */
  signer: boolean[];
  /** Whether the key at each index is write-locked. */
  writable: boolean[];
}

/** Reads an account (as LiteSVM's `getAccount` does). */
export type AccountReader = (address: Address) => MaybeEncodedAccount;

/** The outcome of resolving keys: keys, or the transaction error a validator reports. */
export type KeysResult = { ok: true; keys: AccountKeys } | { ok: false; err: RpcTransactionError };

/** Resolves a message's account list, loading lookup-table addresses through `read`. */
export function resolveAccountKeys(message: CompiledMessage, read: AccountReader): KeysResult {
  const staticKeys = message.staticAccounts;
  const loaded: LoadedAddresses = { readonly: [], writable: [] };
  for (const lookup of message.addressTableLookups) {
    const table = read(lookup.lookupTableAddress);
    if (!table.exists) return { ok: false, err: "AddressLookupTableNotFound" };
    if (table.programAddress !== LOOKUP_TABLE_PROGRAM) {
      return { ok: false, err: "InvalidAddressLookupTableOwner" };
    }
    if (
      table.data.length < LOOKUP_TABLE_META_SIZE || (table.data.length - LOOKUP_TABLE_META_SIZE) % 32 !== 0
    ) {
      return { ok: false, err: "InvalidAddressLookupTableData" };
    }
    const addresses = tableAddresses(table.data);
    for (
      const [indexes, into] of [[lookup.writableIndexes, loaded.writable], [
        lookup.readonlyIndexes,
        loaded.readonly,
      ]] as const
    ) {
      for (const index of indexes) {
        const address = addresses[index];
        if (address === undefined) return { ok: false, err: "InvalidAddressLookupTableIndex" };
        into.push(address);
      }
    }
  }
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const signer: boolean[] = [];
  const writable: boolean[] = [];
  staticKeys.forEach((_, index) => {
    const isSigner = index < numSignerAccounts;
    signer.push(isSigner);
    writable.push(
      isSigner
        ? index < numSignerAccounts - numReadonlySignerAccounts
        : index < staticKeys.length - numReadonlyNonSignerAccounts,
    );
  });
  for (const _ of loaded.writable) {
    signer.push(false);
    writable.push(true);
  }
  for (const _ of loaded.readonly) {
    signer.push(false);
    writable.push(false);
  }
  return {
    ok: true,
    keys: { all: [...staticKeys, ...loaded.writable, ...loaded.readonly], loaded, signer, writable },
  };
}

function tableAddresses(data: Uint8Array): Address[] {
  const decoder = getAddressDecoder();
  const addresses: Address[] = [];
  for (let offset = LOOKUP_TABLE_META_SIZE; offset + 32 <= data.length; offset += 32) {
    addresses.push(decoder.decode(data.subarray(offset, offset + 32)));
  }
  return addresses;
}

/** Indexes of the accounts invoked as programs by top-level instructions. */
export function invokedIndexes(message: CompiledMessage): Set<number> {
  return new Set(message.instructions.map((instruction) => instruction.programIdIndex));
}

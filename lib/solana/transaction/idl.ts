/**
 * Reads a program's error list from its on-chain IDL: the Program Metadata
 * program's canonical `idl` account (see `program_metadata.ts`), or else the
 * legacy Anchor IDL account (`anchor:idl`: 8-byte discriminator, 32-byte
 * authority, u32 length, then zlib-compressed JSON). Each program is fetched once per RPC client and
 * the answer, including "no IDL", is kept in a bounded cache — until it is an
 * hour old, or, sooner, when asked for a code it does not know a minute or
 * more after it was read (the program may have been upgraded with new errors).
 *
 * @module
 */
import { createAddressWithSeed, getBase64Encoder, getProgramDerivedAddress } from "@solana/kit";
import type { Address } from "@solana/kit";
import { LruCache } from "../../shared/lru.ts";
import type { SolanaClient } from "../rpc.ts";
import type { ProgramErrorInfo } from "./program_errors/types.ts";
import { inflate, programMetadataAddress, programMetadataJson } from "./program_metadata.ts";

/** The seed Anchor uses to place a program's IDL account. */
export const ANCHOR_IDL_SEED = "anchor:idl";

const HEADER_BYTES = 8 + 32 + 4;
const MAX_IDL_BYTES = 4 * 1024 * 1024;
const CACHE_PROGRAMS = 256;

type IdlErrors = Readonly<Record<number, ProgramErrorInfo>>;

/** How long a read IDL (or "no IDL") is trusted. */
export const IDL_MAX_AGE_MS = 60 * 60 * 1000;
/** How old a read IDL must be before a code it lacks makes us read it again. */
export const IDL_RECHECK_MS = 60 * 1000;

interface CacheEntry {
  /** When it was read, in milliseconds. */
  at: number;
  pending: Promise<IdlErrors | null>;
  /** The answer, once it came. */
  value?: IdlErrors | null;
}

/** Options for {@linkcode idlErrors}. */
export interface IdlLookupOptions {
  /** The code being decoded: a cached IDL without it is read again once it is old enough. */
  code?: number;
  /** The current time in milliseconds (default `Date.now()`). */
  now?: number;
}

const caches = new WeakMap<SolanaClient, LruCache<string, CacheEntry>>();
const base64 = getBase64Encoder();

/**
 * The address of `program`'s Anchor IDL account.
 *
 * @example
 * ```ts
 * await anchorIdlAddress("JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4");
 * ```
 */
export async function anchorIdlAddress(program: string): Promise<Address> {
  const [base] = await getProgramDerivedAddress({ programAddress: program as Address, seeds: [] });
  return await createAddressWithSeed({
    baseAddress: base,
    programAddress: program as Address,
    seed: ANCHOR_IDL_SEED,
  });
}

/**
 * The custom errors declared in `program`'s on-chain IDL, or `null` when it has
 * none or it cannot be read. Never throws: a decode is best effort.
 */
export function idlErrors(
  client: SolanaClient,
  program: string,
  signal?: AbortSignal,
  options: IdlLookupOptions = {},
): Promise<IdlErrors | null> {
  const now = options.now ?? Date.now();
  let cache = caches.get(client);
  if (!cache) caches.set(client, cache = new LruCache(CACHE_PROGRAMS));
  const hit = cache.get(program);
  if (hit && !stale(hit, now, options.code)) return hit.pending;
  const entry: CacheEntry = { at: now, pending: Promise.resolve(null) };
  entry.pending = fetchIdlErrors(client, program, signal).then(
    (value) => (entry.value = value),
    () => {
      // A failed or aborted read says nothing about the program: let the next caller try again.
      if (cache.get(program) === entry) cache.delete(program);
      return null;
    },
  );
  cache.set(program, entry);
  return entry.pending;
}

/** Whether a cached answer must be read again: too old, or lacking the code asked for and old enough to recheck. */
function stale(entry: CacheEntry, now: number, code: number | undefined): boolean {
  if (now - entry.at >= IDL_MAX_AGE_MS) return true;
  // "No IDL" waits for the full age: most programs never publish one.
  if (code === undefined || !entry.value || now - entry.at < IDL_RECHECK_MS) return false;
  return entry.value[code] === undefined;
}

/**
 * Extracts the error list from the raw bytes of an IDL account.
 *
 * @returns `null` when the bytes are not an Anchor IDL account.
 */
export async function parseIdlAccount(bytes: Uint8Array): Promise<IdlErrors | null> {
  if (bytes.length < HEADER_BYTES) return null;
  const length = new DataView(bytes.buffer, bytes.byteOffset + 40, 4).getUint32(0, true);
  if (length === 0 || HEADER_BYTES + length > bytes.length) return null;
  const compressed = bytes.subarray(HEADER_BYTES, HEADER_BYTES + length);
  let text: string;
  try {
    text = new TextDecoder().decode(await inflate(compressed, "deflate", MAX_IDL_BYTES));
  } catch {
    return null;
  }
  return errorsOfText(text);
}

/** The `errors` array of an IDL (old and new Anchor formats) as a code → info record. */
export function errorsOf(idl: unknown): IdlErrors | null {
  const list = (idl as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(list)) return null;
  const errors: Record<number, ProgramErrorInfo> = {};
  for (const entry of list) {
    const { code, name, msg } = (entry ?? {}) as { code?: unknown; name?: unknown; msg?: unknown };
    if (!Number.isSafeInteger(code) || typeof name !== "string") continue;
    errors[code as number] = { name, message: typeof msg === "string" ? msg : name };
  }
  return errors;
}

/**
 * Reads both places an IDL may live in one call — the Program Metadata
 * program's canonical `idl` account (preferred: newer toolchains write there)
 * and the legacy Anchor IDL account. Resolves `null` when neither holds a
 * readable IDL; rejects when the RPC could not be asked.
 */
async function fetchIdlErrors(
  client: SolanaClient,
  program: string,
  signal?: AbortSignal,
): Promise<IdlErrors | null> {
  const addresses = [await programMetadataAddress(program), await anchorIdlAddress(program)];
  const [outcome] = await client.batch([
    { method: "getMultipleAccounts", params: [addresses, { encoding: "base64" }] },
  ], signal);
  if (!outcome?.ok) throw new Error(`getMultipleAccounts failed: ${outcome?.error.message}`);
  const [metadata, anchor] = ((outcome.result as { value?: unknown[] } | null)?.value ?? []).map(
    accountBytes,
  );
  if (metadata) {
    const text = await programMetadataJson(metadata, MAX_IDL_BYTES);
    const errors = text === null ? null : errorsOfText(text);
    if (errors) return errors;
  }
  return anchor ? await parseIdlAccount(anchor) : null;
}

function accountBytes(account: unknown): Uint8Array | null {
  const data = (account as { data?: unknown } | null)?.data;
  return Array.isArray(data) && typeof data[0] === "string" ? new Uint8Array(base64.encode(data[0])) : null;
}

function errorsOfText(text: string): IdlErrors | null {
  try {
    return errorsOf(JSON.parse(text));
  } catch {
    return null;
  }
}

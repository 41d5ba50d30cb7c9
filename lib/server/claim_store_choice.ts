/**
 * Which payment claim store the configuration asks for, opened for the
 * runtime: PostgreSQL when configured (replicas on many hosts); in local mode
 * without a KV file, this process's memory (its claims die with it either
 * way); otherwise Deno KV (SQLite), opened with the first payment claim, so
 * an idle service does not load it.
 *
 * @module
 */
import type { Config } from "./config/load.ts";
import {
  type ClaimStore,
  type ClaimStoreOptions,
  isKvFile,
  KvClaimStore,
  kvFileGuard,
  MemoryClaimStore,
  openPostgresClaimStore,
} from "../payments/mod.ts";

/** The claim store the runtime uses, and how it is closed on the way out. */
export interface OpenedClaimStore {
  readonly store: ClaimStore;
  /** Closes the store, unless closing it could kill the process (see {@linkcode openClaimStore}). */
  close(): Promise<void>;
}

/** The configuration that chooses the store. */
export type ClaimStoreConfig = Pick<Config, "mode" | "kvPath" | "claimStoreUrl">;

/**
 * Opens the claim store `config` names, with `limits`. A store in a file is
 * checked before each use: gone, replaced or read-only, it fails closed; and
 * one whose `-shm` map was cut short is not closed, since closing
 * checkpoints through that map and would kill the process.
 */
export async function openClaimStore(
  config: ClaimStoreConfig,
  limits: ClaimStoreOptions,
): Promise<OpenedClaimStore> {
  const kvFile = !config.claimStoreUrl && isKvFile(config.kvPath) ? kvFileGuard(config.kvPath) : undefined;
  const store = config.claimStoreUrl
    ? await openPostgresClaimStore(config.claimStoreUrl, limits)
    : config.mode === "local" && config.kvPath === undefined
    ? new MemoryClaimStore(limits)
    : new KvClaimStore(async () => {
      const kv = await Deno.openKv(config.kvPath);
      await kvFile?.opened();
      return kv;
    }, { ...limits, beforeUse: kvFile?.check });
  return { store, close: () => kvFile?.mapCutShort ? Promise.resolve() : store.close() };
}

/** Whether the claims outlive this process (a KV file or database), so a restart keeps them. */
export function durableClaims(config: ClaimStoreConfig): boolean {
  return config.mode !== "local" || config.kvPath !== undefined || config.claimStoreUrl !== undefined;
}

/**
 * The claim store's file on a plain host, checked before each use: a store
 * whose file was deleted or replaced, made read-only, or whose shared-memory
 * index (`-shm`) was cut short fails closed with a 503 and `Retry-After`
 * before any payment is taken, instead of answering on a file no other
 * replica sees (a deleted SQLite file stays writable through the open
 * handle, so replays would be refused by this process only), or touching a
 * truncated memory map (SQLite maps `-shm`, and a read past its end kills
 * the process with SIGBUS).
 *
 * A read-only file passes again once it is writable; a deleted or replaced
 * one needs a restart, which opens the file at the path. The check is one
 * or two `stat` calls (some tens of microseconds). Deno KV offers no SQLite
 * mode without the memory map (it forces WAL and refuses URI options), so
 * this narrows the SIGBUS window to SQLite's own background work and the
 * moment between the check and the access; docs/operations.md says what
 * remains.
 *
 * @module
 */
import { UnavailableError } from "../shared/errors.ts";

/** Seconds a buyer is asked to wait when the store's file cannot be used. */
const FILE_RETRY_SECONDS = 5;

/** What is known of the store's file since it was opened. */
export interface KvFileGuard {
  /** Records the file the store just opened. */
  opened(): Promise<void>;
  /** Throws `UnavailableError` when the file is gone, replaced, read-only or its `-shm` shrank. */
  check(): Promise<void>;
  /** Whether the `-shm` map was found cut short: the store must not be touched again, not even to close it. */
  readonly mapCutShort: boolean;
}

/** Whether `kvPath` names a file (not in memory, not a KV Connect URL). */
export function isKvFile(kvPath: string | undefined): kvPath is string {
  return kvPath !== undefined && kvPath !== ":memory:" && !/^https?:\/\//.test(kvPath);
}

/** The guard of the KV file at `path`. */
export function kvFileGuard(path: string): KvFileGuard {
  let identity: { dev: number; ino: number | null } | undefined;
  let shmBytes = 0;
  let mapCutShort = false;
  const refuse = (why: string) =>
    new UnavailableError(`The payment claim store cannot be used now: ${why}; try again shortly`, {
      retryAfterSeconds: FILE_RETRY_SECONDS,
    });
  return {
    get mapCutShort() {
      return mapCutShort;
    },
    async opened() {
      const info = await Deno.stat(path);
      identity = { dev: info.dev, ino: info.ino };
      shmBytes = 0;
    },
    async check() {
      if (!identity) return;
      if (mapCutShort) throw refuse("its shared-memory index was cut short");
      let info: Deno.FileInfo;
      try {
        info = await Deno.stat(path);
      } catch {
        throw refuse("its file is gone");
      }
      if (info.dev !== identity.dev || info.ino !== identity.ino) throw refuse("its file was replaced");
      if (info.mode !== null && (info.mode & 0o222) === 0) throw refuse("its file is read-only");
      const shm = await Deno.stat(`${path}-shm`).catch(() => undefined);
      if (shm && shm.size < shmBytes) {
        mapCutShort = true;
        throw refuse("its shared-memory index was cut short");
      }
      if (shm) shmBytes = Math.max(shmBytes, shm.size);
    },
  };
}

/**
 * Where payment claims are kept and what is kept with them: `KV_PATH` (its
 * folder checked at start, since the store opens only with the first
 * payment), `CLAIM_STORE_URL` (PostgreSQL) and the paid answers kept for a
 * buyer's resend.
 *
 * @module
 */
import type { EnvReader } from "./env.ts";
import { DEFAULT_PAYMENT_ANSWERS } from "./settings.ts";

/** The claim store's location and what it keeps. */
export interface ClaimSettings {
  /** Deno KV location for payment claims (path or KV Connect URL); in memory when unset in local mode. */
  readonly kvPath?: string;
  /** A PostgreSQL database (`postgres://` URL) holding payment claims instead of Deno KV. */
  readonly claimStoreUrl?: string;
  /** How large a paid answer kept with its settlement may be, and how long it is kept. */
  readonly paymentAnswers: { readonly maxBytes: number; readonly ttlMs: number };
}

/** The claim store settings, each problem recorded. */
export function readClaimSettings({ problems, read, whole }: EnvReader): ClaimSettings {
  const paymentAnswers = Object.freeze({
    maxBytes: whole("PAYMENT_ANSWER_MAX_BYTES", DEFAULT_PAYMENT_ANSWERS.maxBytes, 0),
    ttlMs: whole("PAYMENT_ANSWER_HOURS", DEFAULT_PAYMENT_ANSWERS.hours, 1) * 3_600_000,
  });
  const kvPath = read("KV_PATH");
  const kvProblem = kvPath === undefined ? undefined : kvFolderProblem(kvPath);
  if (kvProblem) problems.push(kvProblem);
  const claimStoreUrl = read("CLAIM_STORE_URL");
  if (claimStoreUrl !== undefined && !/^postgres(ql)?:\/\/[^/]/.test(claimStoreUrl)) {
    problems.push("CLAIM_STORE_URL must be a PostgreSQL URL (postgres://user:password@host:port/database)");
  }
  return { kvPath, claimStoreUrl, paymentAnswers };
}

/**
 * Why `KV_PATH` cannot hold the claim store, if it cannot: the store opens
 * only with the first payment, so a folder that is not there is named at
 * start instead of failing that payment.
 */
function kvFolderProblem(path: string): string | undefined {
  if (path === ":memory:") return undefined;
  const cut = path.lastIndexOf("/");
  const folder = cut < 0 ? "." : path.slice(0, cut) || "/";
  try {
    if (Deno.statSync(folder).isDirectory) return undefined;
  } catch (error) {
    if (error instanceof Deno.errors.NotCapable) return undefined;
  }
  return `KV_PATH "${path}" is in no folder here: ${folder} must exist`;
}

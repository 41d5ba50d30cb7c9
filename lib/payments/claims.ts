/**
 * Replay protection: an atomic claim on each payment, held from verification
 * to settlement in Deno KV (local SQLite by default, a shared store when
 * deployed). A claim is `in_flight` while a request uses the payment, and
 * `settled` once it bought a response; a request that fails before settling
 * releases its claim so the buyer can retry with the same, still unspent,
 * payment.
 *
 * @module
 *
 * Every KV operation is retried while a shared SQLite file is busy with
 * another replica's write ({@linkcode retryWhileBusy}).
 */
import { retryWhileBusy } from "./kv_retry.ts";

/** Why a payment could not be claimed. */
export type ClaimRefusal = "settled" | "in_flight" | "unconfirmed";

/** A held claim, released or settled by its holder only. */
export interface Claim {
  readonly key: Deno.KvKey;
  readonly token: string;
}

/** Options for {@linkcode ClaimStore}. */
export interface ClaimStoreOptions {
  /** How long an unreleased in-flight claim lives if its holder dies (default 10 minutes). */
  inFlightTtlMs?: number;
  /** How long a settled payment stays remembered (default 2 days, far past any payment's validity). */
  settledTtlMs?: number;
}

/** Atomic claims on payments. */
export class ClaimStore {
  /** The store, once open. */
  #kv: Deno.Kv | undefined;
  #opening: Promise<Deno.Kv> | undefined;
  readonly #openKv: () => Promise<Deno.Kv>;
  #inFlightTtlMs: number;
  #settledTtlMs: number;

  /**
   * @param kv The store, or how to open it on the first claim: an idle
   * service then never loads SQLite (about 5 MB resident).
   */
  constructor(kv: Deno.Kv | (() => Promise<Deno.Kv>), options: ClaimStoreOptions = {}) {
    if (typeof kv === "function") this.#openKv = kv;
    else {
      this.#kv = kv;
      this.#openKv = () => Promise.resolve(kv);
    }
    this.#inFlightTtlMs = options.inFlightTtlMs ?? 10 * 60_000;
    this.#settledTtlMs = options.settledTtlMs ?? 2 * 86_400_000;
  }

  /** The store, opened on the first call (and tried again on the next if opening failed). */
  #store(): Deno.Kv | Promise<Deno.Kv> {
    return this.#kv ?? (this.#opening ??= this.#openKv().then(
      (kv) => this.#kv = kv,
      (error) => {
        this.#opening = undefined;
        throw error;
      },
    ));
  }

  /** Claims `paymentId` atomically; returns the claim, or why it is taken. */
  async claim(paymentId: string): Promise<Claim | ClaimRefusal> {
    const key: Deno.KvKey = ["x402-claim", paymentId];
    const token = crypto.randomUUID();
    const kv = await this.#store();
    const result = await retryWhileBusy(() =>
      kv.atomic()
        .check({ key, versionstamp: null })
        .set(key, { state: "in_flight", token, at: Date.now() }, { expireIn: this.#inFlightTtlMs })
        .commit()
    );
    if (result.ok) return { key, token };
    const existing = await retryWhileBusy(() => kv.get<{ state: string }>(key));
    const state = existing.value?.state;
    return state === "settled" || state === "unconfirmed" ? state : "in_flight";
  }

  /** Marks the claim's payment as spent, for good. */
  async settle(claim: Claim, transaction: string): Promise<void> {
    const kv = await this.#store();
    await retryWhileBusy(() =>
      kv.set(claim.key, { state: "settled", transaction, at: Date.now() }, {
        expireIn: this.#settledTtlMs,
      })
    );
  }

  /**
   * Marks a payment whose settlement was sent but never confirmed: it may
   * have been charged, so it must not buy another response until it has
   * expired anyway.
   */
  async unconfirmed(claim: Claim): Promise<void> {
    const kv = await this.#store();
    await retryWhileBusy(() =>
      kv.set(claim.key, { state: "unconfirmed", at: Date.now() }, {
        expireIn: this.#inFlightTtlMs,
      })
    );
  }

  /** Gives the payment back (the request failed before it was charged). */
  async release(claim: Claim): Promise<void> {
    const kv = await this.#store();
    const current = await retryWhileBusy(() => kv.get<{ state: string; token?: string }>(claim.key));
    if (current.value?.state !== "in_flight" || current.value.token !== claim.token) return;
    await retryWhileBusy(() => kv.atomic().check(current).delete(claim.key).commit());
  }
}

/**
 * The claim store on Deno KV (local SQLite by default, Deno Deploy's global
 * KV when deployed): each payment's claim an atomic KV record moved through
 * the state machine of `claim_store.ts`, with the buyer's payment id and the
 * kept answer (in chunks) beside it.
 *
 * Every KV operation is retried while a shared SQLite file is busy with
 * another replica's write ({@linkcode retryWhileBusy}); a store that fails
 * otherwise is a 503 with `Retry-After`, never a crash nor an unpaid answer.
 *
 * @module
 */
import type { SettleResponse } from "@x402/core/types";
import { retryWhileBusy } from "./kv_retry.ts";
import {
  type Claim,
  type ClaimRefusal,
  type ClaimStore,
  claimStoreLimits,
  type ClaimStoreOptions,
  type KeptAnswer,
  type PendingRecord,
  type ScopedTicket,
  storeUnavailable,
} from "./claim_store.ts";

export {
  type Claim,
  type ClaimRefusal,
  type ClaimStore,
  type ClaimStoreOptions,
  type KeptAnswer,
  PENDING_RETRY_SECONDS,
  type PendingRecord,
  type ScopedTicket,
} from "./claim_store.ts";

/** Options of the Deno KV store: the shared ones, and a check before each use. */
export interface KvClaimStoreOptions extends ClaimStoreOptions {
  /** Asked before each use once the store is open; what it throws refuses the use (a 503). */
  beforeUse?: () => Promise<void>;
}

type ClaimRecord =
  | { state: "in_flight"; token: string; at: number; idKey?: Deno.KvKey }
  | { state: "settling"; token: string; at: number; idKey?: Deno.KvKey; kept?: number; unanswered?: true }
  | {
    state: "settled";
    at: number;
    transaction: string;
    settlement?: SettleResponse;
    idKey?: Deno.KvKey;
    kept?: number;
    /** Whether any resend of the payment may get the kept answer (its request never got it). */
    retrievable?: boolean;
  };

/** KV values stay under 64 KiB: answers are kept in chunks of this size. */
const CHUNK_BYTES = 60_000;

const claimKey = (paymentId: string): Deno.KvKey => ["x402-claim", paymentId];
const pendingKey = (paymentId: string): Deno.KvKey => ["x402-pending", paymentId];
const answerPrefix = (paymentId: string): Deno.KvKey => ["x402-answer", paymentId];

/** Atomic claims on payments, and their settlement records, in Deno KV. */
export class KvClaimStore implements ClaimStore {
  #kv: Deno.Kv | undefined;
  #opening: Promise<Deno.Kv> | undefined;
  readonly #openKv: () => Promise<Deno.Kv>;
  readonly #inFlightTtlMs: number;
  readonly #settledTtlMs: number;
  readonly #answerTtlMs: number;
  readonly #settlingGraceMs: number;
  readonly #beforeUse: (() => Promise<void>) | undefined;
  /** The largest answer kept, in bytes. */
  readonly answerMaxBytes: number;

  /**
   * @param kv The store, or how to open it on the first claim: an idle
   * service then never loads SQLite (about 5 MB resident).
   */
  constructor(kv: Deno.Kv | (() => Promise<Deno.Kv>), options: KvClaimStoreOptions = {}) {
    if (typeof kv === "function") this.#openKv = kv;
    else {
      this.#kv = kv;
      this.#openKv = () => Promise.resolve(kv);
    }
    const limits = claimStoreLimits(options);
    this.#inFlightTtlMs = limits.inFlightTtlMs;
    this.#settledTtlMs = limits.settledTtlMs;
    this.#answerTtlMs = limits.answerTtlMs;
    this.answerMaxBytes = limits.answerMaxBytes;
    this.#settlingGraceMs = limits.settlingGraceMs;
    this.#beforeUse = options.beforeUse;
  }

  /** Closes the KV store if this store opened it (one given to it is its giver's to close). */
  close(): Promise<void> {
    if (this.#opening) this.#kv?.close();
    return Promise.resolve();
  }

  /** Whether the store has been opened (a claim store opens with its first use). */
  get isOpen(): boolean {
    return this.#kv !== undefined;
  }

  /** Runs `operation` on the store, opened on first use; any fault of the store is a 503. */
  async #run<T>(operation: (kv: Deno.Kv) => Promise<T>): Promise<T> {
    try {
      const kv = this.#kv ?? await (this.#opening ??= this.#openKv().then(
        (kv) => this.#kv = kv,
        (error) => {
          this.#opening = undefined;
          throw error;
        },
      ));
      await this.#beforeUse?.();
      return await retryWhileBusy(() => operation(kv));
    } catch (error) {
      throw storeUnavailable(error);
    }
  }

  /**
   * Claims `paymentId` atomically. Returns the claim; or the answer it bought
   * when the payment is settled and its answer may be handed back (a resend
   * with its id, or one whose first request never got it); or why it is
   * taken (`conflict`: the ticket's id came first with another payload).
   */
  claim(paymentId: string, ticket?: ScopedTicket): Promise<Claim | KeptAnswer | ClaimRefusal> {
    return this.#run(async (kv) => {
      const key = claimKey(paymentId);
      const idKey: Deno.KvKey | undefined = ticket && ["x402-id", ticket.scope, ticket.id];
      const named = idKey ? await kv.get<{ payloadHash: string; paymentId: string }>(idKey) : undefined;
      if (
        named?.value &&
        (named.value.payloadHash !== ticket!.payloadHash || named.value.paymentId !== paymentId)
      ) {
        return "conflict";
      }
      const token = crypto.randomUUID();
      const atomic = kv.atomic().check({ key, versionstamp: null })
        .set(key, { state: "in_flight", token, at: Date.now(), idKey }, { expireIn: this.#inFlightTtlMs });
      if (idKey && !named?.value) {
        atomic.check({ key: idKey, versionstamp: null })
          .set(idKey, { payloadHash: ticket!.payloadHash, paymentId }, { expireIn: this.#settledTtlMs });
      }
      if ((await atomic.commit()).ok) return { key, token, paymentId, ...(idKey ? { idKey } : {}) };
      const record = (await kv.get<ClaimRecord>(key)).value;
      if (!record) return "in_flight";
      if (
        record.state === "settling" && !record.unanswered && Date.now() - record.at < this.#settlingGraceMs
      ) {
        return "in_flight";
      }
      if (record.state !== "settled") return record.state;
      const handedBack = record.retrievable || (idKey !== undefined && sameKey(record.idKey, idKey));
      if (!handedBack || record.kept === undefined || !record.settlement) return "settled";
      const answer = await readAnswer(kv, paymentId, record.kept);
      return answer ? { answer, settlement: record.settlement } : "settled";
    });
  }

  /**
   * Records `claim` as being settled, before the facilitator is asked: with
   * `pending` (what the chain can be asked about it) and the answer it buys
   * (kept only up to {@linkcode answerMaxBytes}).
   */
  settling<T>(claim: Claim, pending: T, answer: Uint8Array | undefined): Promise<void> {
    return this.#run(async (kv) => {
      const chunks = answer && answer.byteLength <= this.answerMaxBytes
        ? Math.max(1, Math.ceil(answer.byteLength / CHUNK_BYTES))
        : undefined;
      const record: ClaimRecord = {
        state: "settling",
        token: claim.token,
        at: Date.now(),
        ...(claim.idKey ? { idKey: claim.idKey } : {}),
        ...(chunks !== undefined ? { kept: chunks } : {}),
      };
      const atomic = kv.atomic()
        .set(claim.key, record, { expireIn: this.#settledTtlMs })
        .set(pendingKey(claim.paymentId), pending, { expireIn: this.#settledTtlMs });
      for (let i = 0; i < (chunks ?? 0); i++) {
        const part = answer!.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES);
        atomic.set([...answerPrefix(claim.paymentId), i], part, { expireIn: this.#answerTtlMs });
      }
      await atomic.commit();
      if (chunks !== undefined) claim.kept = chunks;
    });
  }

  /** Marks a settling payment whose request gave up waiting for the facilitator: its outcome is pending. */
  unanswered(claim: Claim): Promise<void> {
    return this.#run(async (kv) => {
      const current = await kv.get<ClaimRecord>(claim.key);
      if (current.value?.state !== "settling" || current.value.token !== claim.token) return;
      await kv.atomic().check(current).set(claim.key, { ...current.value, unanswered: true }, {
        expireIn: this.#settledTtlMs,
      }).commit();
    });
  }

  /**
   * Marks the claim's payment as spent, for good, with its settlement. The
   * kept answer stays when the buyer named the payment with an id (for its
   * resends) or when `retrievable` (its request never got it).
   */
  settle(claim: Claim, settlement: SettleResponse, retrievable = false): Promise<void> {
    return this.#run(async (kv) => {
      const keep = claim.kept !== undefined && (retrievable || claim.idKey !== undefined);
      const record: ClaimRecord = {
        state: "settled",
        transaction: settlement.transaction,
        settlement,
        at: Date.now(),
        ...(claim.idKey ? { idKey: claim.idKey } : {}),
        ...(keep ? { kept: claim.kept } : {}),
        ...(retrievable ? { retrievable } : {}),
      };
      const atomic = kv.atomic().set(claim.key, record, { expireIn: this.#settledTtlMs })
        .delete(pendingKey(claim.paymentId));
      if (!keep) deleteAnswer(atomic, claim.paymentId, claim.kept);
      await atomic.commit();
    });
  }

  /**
   * Gives the payment back (its request failed before it was charged, or its
   * settlement is known not to have landed); only its holder can.
   */
  release(claim: Pick<Claim, "key" | "token" | "paymentId">): Promise<void> {
    return this.#run(async (kv) => {
      const current = await kv.get<ClaimRecord>(claim.key);
      const record = current.value;
      if (!record || record.state === "settled" || record.token !== claim.token) return;
      const atomic = kv.atomic().check(current).delete(claim.key).delete(pendingKey(claim.paymentId));
      if (record.idKey) atomic.delete(record.idKey);
      if (record.state === "settling") deleteAnswer(atomic, claim.paymentId, record.kept);
      await atomic.commit();
    });
  }

  /** Every payment recorded as settling, with what was recorded about it. */
  pendingSettlements<T>(): Promise<PendingRecord<T>[]> {
    return this.#run(async (kv) => {
      const found: PendingRecord<T>[] = [];
      for await (const entry of kv.list<T>({ prefix: ["x402-pending"] })) {
        found.push({ paymentId: String(entry.key[1]), pending: entry.value });
      }
      return found;
    });
  }

  /**
   * The claim of a payment recorded as settling, for whoever resolves it (any
   * process: its holder may be gone); `undefined` when it is no longer settling.
   */
  settlingClaim(paymentId: string): Promise<Claim | undefined> {
    return this.#run(async (kv) => {
      const record = (await kv.get<ClaimRecord>(claimKey(paymentId))).value;
      if (record?.state !== "settling") return undefined;
      return {
        key: claimKey(paymentId),
        token: record.token,
        paymentId,
        ...(record.idKey ? { idKey: record.idKey } : {}),
        ...(record.kept !== undefined ? { kept: record.kept } : {}),
        ...(record.unanswered ? { unanswered: true } : {}),
      };
    });
  }
}

/** The kept answer of `paymentId` in `chunks` chunks, or `undefined` once any has expired. */
async function readAnswer(kv: Deno.Kv, paymentId: string, chunks: number): Promise<Uint8Array | undefined> {
  const parts: Uint8Array[] = [];
  for await (const entry of kv.list<Uint8Array>({ prefix: answerPrefix(paymentId) })) parts.push(entry.value);
  if (parts.length !== chunks) return undefined;
  const answer = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) answer.set(part, (at += part.byteLength) - part.byteLength);
  return answer;
}

function deleteAnswer(atomic: Deno.AtomicOperation, paymentId: string, chunks: number | undefined): void {
  for (let i = 0; i < (chunks ?? 0); i++) atomic.delete([...answerPrefix(paymentId), i]);
}

function sameKey(a: Deno.KvKey | undefined, b: Deno.KvKey): boolean {
  return a !== undefined && a.length === b.length && a.every((part, i) => part === b[i]);
}

/**
 * Replay protection and the record of every settlement: an atomic claim on
 * each payment in Deno KV (local SQLite by default, a shared store when
 * deployed), moved through one state machine:
 *
 * - `in_flight` (claimed): a request is using the payment; it lives 10 minutes
 *   if its holder dies.
 * - `settling`: recorded before the facilitator is asked to settle, with what
 *   the chain can be asked about it later (see `reconciliation.ts`) and the
 *   answer it bought (bounded), so an outcome lost to a timeout or a crash is
 *   resolved from the chain and the answer handed to the buyer's resend.
 * - `settled`: spent for good (remembered 2 days); its answer is kept while
 *   a resend may still ask for it: when the buyer named the payment with an
 *   id (`payment_identifier.ts`), or when its settlement was only learnt
 *   after its request had ended.
 * - released: the record is deleted, and the unspent payment can buy again.
 *
 * Every KV operation is retried while a shared SQLite file is busy with
 * another replica's write ({@linkcode retryWhileBusy}); a store that fails
 * otherwise is a 503 with `Retry-After`, never a crash nor an unpaid answer.
 *
 * @module
 */
import type { SettleResponse } from "@x402/core/types";
import { UnavailableError } from "../shared/errors.ts";
import { retryWhileBusy } from "./kv_retry.ts";
import type { PaymentTicket } from "./payment_identifier.ts";

/** Seconds a buyer is asked to wait before resending a payment whose settlement is not known yet. */
export const PENDING_RETRY_SECONDS = 5;

/** Why a payment could not be claimed. */
export type ClaimRefusal = "settled" | "in_flight" | "settling" | "conflict";

/** A held claim, moved on by its holder only. */
export interface Claim {
  readonly key: Deno.KvKey;
  readonly token: string;
  readonly paymentId: string;
  /** The key of the buyer's payment id, when it named one. */
  readonly idKey?: Deno.KvKey;
  /** Chunks of the answer kept with the settling record. */
  kept?: number;
  /** Whether its request gave up waiting for the facilitator (see {@linkcode ClaimStore.unanswered}). */
  readonly unanswered?: boolean;
}

/** An answer kept with its settlement, for the buyer's resend. */
export interface KeptAnswer {
  readonly answer: Uint8Array;
  readonly settlement: SettleResponse;
}

/** A payment's id, scoped to where it was used (a network). */
export interface ScopedTicket extends PaymentTicket {
  readonly scope: string;
}

/** Options for {@linkcode ClaimStore}. */
export interface ClaimStoreOptions {
  /** How long an unreleased in-flight claim lives if its holder dies (default 10 minutes). */
  inFlightTtlMs?: number;
  /** How long a settled payment stays remembered (default 2 days, far past any payment's validity). */
  settledTtlMs?: number;
  /** How long a kept answer can be asked for again (default 24 hours). */
  answerTtlMs?: number;
  /** The largest answer kept, in bytes (default 512 KiB); a larger one is served once only. */
  answerMaxBytes?: number;
  /**
   * How long a settling payment counts as in use by its request, which may
   * still get the facilitator's answer (default 25 s); past it, or once its
   * request gave up, its outcome is pending.
   */
  settlingGraceMs?: number;
  /** Asked before each use once the store is open; what it throws refuses the use (a 503). */
  beforeUse?: () => Promise<void>;
}

/** A payment whose settlement is recorded as sent and not yet known. */
export interface PendingRecord<T> {
  readonly paymentId: string;
  readonly pending: T;
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

/** Atomic claims on payments, and their settlement records. */
export class ClaimStore {
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
  constructor(kv: Deno.Kv | (() => Promise<Deno.Kv>), options: ClaimStoreOptions = {}) {
    if (typeof kv === "function") this.#openKv = kv;
    else {
      this.#kv = kv;
      this.#openKv = () => Promise.resolve(kv);
    }
    this.#inFlightTtlMs = options.inFlightTtlMs ?? 10 * 60_000;
    this.#settledTtlMs = options.settledTtlMs ?? 2 * 86_400_000;
    this.#answerTtlMs = options.answerTtlMs ?? 86_400_000;
    this.answerMaxBytes = options.answerMaxBytes ?? 512 * 1024;
    this.#settlingGraceMs = options.settlingGraceMs ?? 25_000;
    this.#beforeUse = options.beforeUse;
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
      if (error instanceof UnavailableError) throw error;
      throw new UnavailableError("The payment claim store cannot be used now: try again shortly", {
        cause: error,
        retryAfterSeconds: 5,
      });
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

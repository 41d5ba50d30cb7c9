/**
 * The claim store of a service whose claims live and die with its process
 * (local mode without `KV_PATH`): the state machine of `claim_store.ts` in
 * plain maps. An in-memory Deno KV would be just as private to the process
 * and just as lost with it, but each state change would cost a trip to
 * SQLite's thread and a serialization of the record (about a third of a
 * millisecond each, three per paid call, more when the machine is busy).
 * Here each operation runs to its end without yielding, so it is as atomic
 * as a KV transaction and needs no retry; records expire as in KV, checked
 * when read and swept now and then.
 *
 * @module
 */
import type { SettleResponse } from "@x402/core/types";
import {
  type Claim,
  type ClaimRefusal,
  type ClaimStore,
  type ClaimStoreLimits,
  claimStoreLimits,
  type ClaimStoreOptions,
  type KeptAnswer,
  type PendingRecord,
  type ScopedTicket,
} from "./claim_store.ts";

type ClaimRecord =
  | { state: "in_flight"; token: string; at: number; idKey?: string }
  | { state: "settling"; token: string; at: number; idKey?: string; unanswered?: true }
  | {
    state: "settled";
    at: number;
    /** Kept only beside a kept answer, the one thing it is handed back with. */
    settlement?: SettleResponse;
    idKey?: string;
    /** Whether any resend of the payment may get the kept answer (its request never got it). */
    retrievable?: boolean;
  };

/** A value and when it is forgotten (ms since the epoch). */
interface Expiring<T> {
  value: T;
  until: number;
}

/** Operations between two sweeps of expired records. */
const SWEEP_EVERY = 1_000;

/** The records of one process's claims: stores given the same space share them (as replicas share a KV file). */
export class MemoryClaimSpace {
  readonly claims = new Map<string, Expiring<ClaimRecord>>();
  readonly ids = new Map<string, Expiring<{ payloadHash: string; paymentId: string }>>();
  readonly pending = new Map<string, unknown>();
  readonly answers = new Map<string, Expiring<Uint8Array>>();
  #operations = 0;

  /** The live value at `key` of `map`; an expired one is deleted. */
  live<T>(map: Map<string, Expiring<T>>, key: string): T | undefined {
    const entry = map.get(key);
    if (entry && entry.until <= Date.now()) map.delete(key);
    else return entry?.value;
  }

  /** Counts an operation, and every {@linkcode SWEEP_EVERY} forgets what expired. */
  tick(): void {
    if (++this.#operations % SWEEP_EVERY !== 0) return;
    const now = Date.now();
    for (const map of [this.claims, this.ids, this.answers] as Map<string, Expiring<unknown>>[]) {
      for (const [key, entry] of map) if (entry.until <= now) map.delete(key);
    }
  }
}

/** Atomic claims on payments, and their settlement records, in this process's memory. */
export class MemoryClaimStore implements ClaimStore {
  readonly #space: MemoryClaimSpace;
  readonly #limits: ClaimStoreLimits;
  /** Always open: there is nothing to open. */
  readonly isOpen = true;
  /** The largest answer kept, in bytes. */
  readonly answerMaxBytes: number;

  constructor(options: ClaimStoreOptions = {}, space = new MemoryClaimSpace()) {
    this.#space = space;
    this.#limits = claimStoreLimits(options);
    this.answerMaxBytes = this.#limits.answerMaxBytes;
  }

  /** Nothing to close. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  /** See {@linkcode ClaimStore.claim}. */
  claim(paymentId: string, ticket?: ScopedTicket): Promise<Claim | KeptAnswer | ClaimRefusal> {
    const space = this.#space;
    space.tick();
    const idKey = ticket && JSON.stringify([ticket.scope, ticket.id]);
    const named = idKey === undefined ? undefined : space.live(space.ids, idKey);
    if (named && (named.payloadHash !== ticket!.payloadHash || named.paymentId !== paymentId)) {
      return Promise.resolve("conflict");
    }
    const record = space.live(space.claims, paymentId);
    if (!record) {
      const token = crypto.randomUUID();
      const now = Date.now();
      space.claims.set(paymentId, {
        value: { state: "in_flight", token, at: now, ...(idKey ? { idKey } : {}) },
        until: now + this.#limits.inFlightTtlMs,
      });
      if (idKey && !named) {
        space.ids.set(idKey, {
          value: { payloadHash: ticket!.payloadHash, paymentId },
          until: now + this.#limits.settledTtlMs,
        });
      }
      return Promise.resolve({
        key: claimKey(paymentId),
        token,
        paymentId,
        ...(idKey ? { idKey: [idKey] } : {}),
      });
    }
    return Promise.resolve(this.#taken(paymentId, record, idKey));
  }

  /** Why a recorded payment cannot be claimed, or the answer it bought when it may be handed back. */
  #taken(paymentId: string, record: ClaimRecord, idKey: string | undefined): KeptAnswer | ClaimRefusal {
    if (record.state === "in_flight") return "in_flight";
    if (record.state === "settling") {
      const inGrace = !record.unanswered && Date.now() - record.at < this.#limits.settlingGraceMs;
      return inGrace ? "in_flight" : "settling";
    }
    const handedBack = record.retrievable || (idKey !== undefined && record.idKey === idKey);
    const answer = handedBack ? this.#space.live(this.#space.answers, paymentId) : undefined;
    return answer && record.settlement
      ? { answer: answer.slice(), settlement: record.settlement }
      : "settled";
  }

  /** See {@linkcode ClaimStore.settling}. */
  settling<T>(claim: Claim, pending: T, answer: Uint8Array | undefined): Promise<void> {
    const space = this.#space;
    const now = Date.now();
    const idKey = idOf(claim);
    space.claims.set(claim.paymentId, {
      value: { state: "settling", token: claim.token, at: now, ...(idKey ? { idKey } : {}) },
      until: now + this.#limits.settledTtlMs,
    });
    space.pending.set(claim.paymentId, pending);
    if (answer && answer.byteLength <= this.answerMaxBytes) {
      space.answers.set(claim.paymentId, { value: answer.slice(), until: now + this.#limits.answerTtlMs });
      claim.kept = 1;
    }
    return Promise.resolve();
  }

  /** See {@linkcode ClaimStore.unanswered}. */
  unanswered(claim: Claim): Promise<void> {
    const record = this.#space.live(this.#space.claims, claim.paymentId);
    if (record?.state === "settling" && record.token === claim.token) record.unanswered = true;
    return Promise.resolve();
  }

  /** See {@linkcode ClaimStore.settle}. */
  settle(claim: Claim, settlement: SettleResponse, retrievable = false): Promise<void> {
    const space = this.#space;
    const keep = claim.kept !== undefined && (retrievable || claim.idKey !== undefined);
    const idKey = idOf(claim);
    const now = Date.now();
    space.claims.set(claim.paymentId, {
      value: {
        state: "settled",
        at: now,
        ...(keep ? { settlement } : {}),
        ...(idKey ? { idKey } : {}),
        ...(retrievable ? { retrievable } : {}),
      },
      until: now + this.#limits.settledTtlMs,
    });
    space.pending.delete(claim.paymentId);
    if (!keep) space.answers.delete(claim.paymentId);
    return Promise.resolve();
  }

  /** See {@linkcode ClaimStore.release}. */
  release(claim: Pick<Claim, "key" | "token" | "paymentId">): Promise<void> {
    const space = this.#space;
    const record = space.live(space.claims, claim.paymentId);
    if (!record || record.state === "settled" || record.token !== claim.token) return Promise.resolve();
    space.claims.delete(claim.paymentId);
    space.pending.delete(claim.paymentId);
    space.answers.delete(claim.paymentId);
    if (record.idKey) space.ids.delete(record.idKey);
    return Promise.resolve();
  }

  /** See {@linkcode ClaimStore.pendingSettlements}. */
  pendingSettlements<T>(): Promise<PendingRecord<T>[]> {
    return Promise.resolve([...this.#space.pending].map(([paymentId, pending]) => ({
      paymentId,
      pending: pending as T,
    })));
  }

  /** See {@linkcode ClaimStore.settlingClaim}. */
  settlingClaim(paymentId: string): Promise<Claim | undefined> {
    const space = this.#space;
    const record = space.live(space.claims, paymentId);
    if (record?.state !== "settling") return Promise.resolve(undefined);
    return Promise.resolve({
      key: claimKey(paymentId),
      token: record.token,
      paymentId,
      ...(record.idKey ? { idKey: [record.idKey] } : {}),
      ...(space.answers.has(paymentId) ? { kept: 1 } : {}),
      ...(record.unanswered ? { unanswered: true } : {}),
    });
  }
}

/** The name a claim goes by (the interface names claims by KV keys). */
const claimKey = (paymentId: string): Deno.KvKey => ["x402-claim", paymentId];

/** The payment id's name a claim from this store carries, if any. */
function idOf(claim: Pick<Claim, "idKey">): string | undefined {
  return claim.idKey === undefined ? undefined : String(claim.idKey[0]);
}

/**
 * What a payment claim store does, whatever holds it: replay protection and
 * the record of every settlement, as one state machine shared by every
 * replica that uses the same store:
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
 * Three stores implement it: Deno KV (`claims.ts`: one host's SQLite file, or
 * Deno Deploy's global KV), PostgreSQL (`postgres_claims.ts`: replicas on
 * many hosts) and the process's own memory (`memory_claims.ts`: local mode
 * without a KV file). A store that cannot be used answers {@linkcode UnavailableError}
 * (a 503 with `Retry-After`), never a crash nor an unpaid answer.
 *
 * @module
 */
import type { SettleResponse } from "@x402/core/types";
import { UnavailableError } from "../shared/errors.ts";
import type { PaymentTicket } from "./payment_identifier.ts";

/** Seconds a buyer is asked to wait before resending a payment whose settlement is not known yet. */
export const PENDING_RETRY_SECONDS = 5;

/** Why a payment could not be claimed. */
export type ClaimRefusal = "settled" | "in_flight" | "settling" | "conflict";

/** A held claim, moved on by its holder only. */
export interface Claim {
  /** The claim record's name in the store. */
  readonly key: Deno.KvKey;
  readonly token: string;
  readonly paymentId: string;
  /** The name of the buyer's payment id, when it named one. */
  readonly idKey?: Deno.KvKey;
  /** Parts of the answer kept with the settling record (set once kept). */
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

/** Options of every claim store. */
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
}

/** {@linkcode ClaimStoreOptions} with every default filled in. */
export type ClaimStoreLimits = Required<ClaimStoreOptions>;

/** The options with their defaults. */
export function claimStoreLimits(options: ClaimStoreOptions = {}): ClaimStoreLimits {
  return {
    inFlightTtlMs: options.inFlightTtlMs ?? 10 * 60_000,
    settledTtlMs: options.settledTtlMs ?? 2 * 86_400_000,
    answerTtlMs: options.answerTtlMs ?? 86_400_000,
    answerMaxBytes: options.answerMaxBytes ?? 512 * 1024,
    settlingGraceMs: options.settlingGraceMs ?? 25_000,
  };
}

/** A payment whose settlement is recorded as sent and not yet known. */
export interface PendingRecord<T> {
  readonly paymentId: string;
  readonly pending: T;
}

/** Atomic claims on payments, and their settlement records. */
export interface ClaimStore {
  /** Whether the store has been opened (a claim store opens with its first use). */
  readonly isOpen: boolean;
  /** The largest answer kept, in bytes. */
  readonly answerMaxBytes: number;
  /**
   * Claims `paymentId` atomically. Returns the claim; or the answer it bought
   * when the payment is settled and its answer may be handed back (a resend
   * with its id, or one whose first request never got it); or why it is
   * taken (`conflict`: the ticket's id came first with another payload).
   */
  claim(paymentId: string, ticket?: ScopedTicket): Promise<Claim | KeptAnswer | ClaimRefusal>;
  /**
   * Records `claim` as being settled, before the facilitator is asked: with
   * `pending` (what the chain can be asked about it) and the answer it buys
   * (kept only up to {@linkcode answerMaxBytes}).
   */
  settling<T>(claim: Claim, pending: T, answer: Uint8Array | undefined): Promise<void>;
  /** Marks a settling payment whose request gave up waiting for the facilitator: its outcome is pending. */
  unanswered(claim: Claim): Promise<void>;
  /**
   * Marks the claim's payment as spent, for good, with its settlement. The
   * kept answer stays when the buyer named the payment with an id (for its
   * resends) or when `retrievable` (its request never got it).
   */
  settle(claim: Claim, settlement: SettleResponse, retrievable?: boolean): Promise<void>;
  /**
   * Gives the payment back (its request failed before it was charged, or its
   * settlement is known not to have landed); only its holder can.
   */
  release(claim: Pick<Claim, "key" | "token" | "paymentId">): Promise<void>;
  /** Every payment recorded as settling, with what was recorded about it. */
  pendingSettlements<T>(): Promise<PendingRecord<T>[]>;
  /**
   * The claim of a payment recorded as settling, for whoever resolves it (any
   * process: its holder may be gone); `undefined` when it is no longer settling.
   */
  settlingClaim(paymentId: string): Promise<Claim | undefined>;
  /** Closes the store's connections. */
  close(): Promise<void>;
}

/** The 503 a store fault becomes (an {@linkcode UnavailableError} already is one). */
export function storeUnavailable(error: unknown): UnavailableError {
  if (error instanceof UnavailableError) return error;
  return new UnavailableError("The payment claim store cannot be used now: try again shortly", {
    cause: error,
    retryAfterSeconds: 5,
  });
}

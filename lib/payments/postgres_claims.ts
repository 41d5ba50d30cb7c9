/**
 * The claim store on PostgreSQL, for replicas on several hosts: the same
 * state machine as the Deno KV store (`claim_store.ts`), each change of state
 * one SQL statement, one round trip, decided by the database (unique keys,
 * `INSERT ... ON CONFLICT`, `UPDATE ... WHERE state = ... AND token = ...`),
 * never read and then written by us. Expiry is by timestamps on the
 * database's clock (`postgres_schema.ts`).
 *
 * The store connects with its first use and creates its schema then. While
 * the database cannot be reached, is read-only, or answers too slowly, every
 * operation is a 503 with `Retry-After` (the gateway asks before any payment
 * is taken); the client reconnects by itself once it is back, no restart.
 *
 * Loaded only when configured (`CLAIM_STORE_URL=postgres://...`): hosts
 * without it never load the client.
 *
 * @module
 */
import postgres from "postgres";
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
  storeUnavailable,
} from "./claim_store.ts";
import { SCHEMA_SQL } from "./postgres_schema.ts";

/** How long one statement may take, in ms, before the operation is a 503. */
const STATEMENT_TIMEOUT_MS = 5_000;
/** How often rows past their expiry are deleted, at most, in ms. */
const PURGE_EVERY_MS = 10 * 60_000;

const claimKey = (paymentId: string): Deno.KvKey => ["x402-claim", paymentId];

/** Atomic claims on payments, and their settlement records, in PostgreSQL. */
export class PostgresClaimStore implements ClaimStore {
  readonly #sql: postgres.Sql;
  readonly #limits: ClaimStoreLimits;
  #schema: Promise<void> | undefined;
  #ready = false;
  #purgedAt = 0;
  /** The largest answer kept, in bytes. */
  readonly answerMaxBytes: number;

  /** @param url A `postgres://` URL. Nothing connects until the first operation. */
  constructor(url: string, options: ClaimStoreOptions = {}) {
    this.#limits = claimStoreLimits(options);
    this.answerMaxBytes = this.#limits.answerMaxBytes;
    this.#sql = postgres(url, {
      max: 10,
      connect_timeout: STATEMENT_TIMEOUT_MS / 1000,
      idle_timeout: 60,
      onnotice: () => {},
      connection: { application_name: "x402-claims", statement_timeout: STATEMENT_TIMEOUT_MS },
    });
  }

  /** Whether the schema has been reached once. */
  get isOpen(): boolean {
    return this.#ready;
  }

  /** Runs `operation` once the schema exists; any fault of the database, or its silence, is a 503. */
  async #run<T>(operation: (sql: postgres.Sql) => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the claim database gave no answer within ${2 * STATEMENT_TIMEOUT_MS} ms`)),
        2 * STATEMENT_TIMEOUT_MS,
      );
    });
    try {
      return await Promise.race([this.#schemaReady().then(() => operation(this.#sql)), silent]);
    } catch (error) {
      throw storeUnavailable(error);
    } finally {
      clearTimeout(timer);
    }
  }

  #schemaReady(): Promise<void> {
    return this.#schema ??= this.#sql.unsafe(SCHEMA_SQL).then(
      () => {
        this.#ready = true;
      },
      (error) => {
        this.#schema = undefined;
        throw error;
      },
    );
  }

  claim(paymentId: string, ticket?: ScopedTicket): Promise<Claim | KeptAnswer | ClaimRefusal> {
    const { inFlightTtlMs, settledTtlMs, settlingGraceMs } = this.#limits;
    const token = crypto.randomUUID();
    return this.#run(async (sql) => {
      const [row] = await sql<
        { outcome: string; answer: Uint8Array | null; settlement: SettleResponse | null }[]
      >`
        SELECT * FROM x402_claim(${paymentId}, ${token}, ${ticket?.scope ?? null}, ${ticket?.id ?? null},
          ${ticket?.payloadHash ?? null}, ${inFlightTtlMs}, ${settledTtlMs}, ${settlingGraceMs})`;
      if (row!.outcome === "claimed") {
        return {
          key: claimKey(paymentId),
          token,
          paymentId,
          ...(ticket ? { idKey: ["x402-id", ticket.scope, ticket.id] } : {}),
        };
      }
      if (row!.outcome === "answer") {
        return { answer: new Uint8Array(row!.answer!), settlement: row!.settlement! };
      }
      return row!.outcome as ClaimRefusal;
    });
  }

  settling<T>(claim: Claim, pending: T, answer: Uint8Array | undefined): Promise<void> {
    const { settledTtlMs, answerTtlMs } = this.#limits;
    const kept = answer && answer.byteLength <= this.answerMaxBytes ? answer : null;
    return this.#run(async (sql) => {
      const moved = await sql`
        UPDATE x402_claims SET state = 'settling', at = now(),
          expires_at = now() + ${settledTtlMs} * interval '1 millisecond',
          pending = ${sql.json(pending as postgres.JSONValue)}, answer = ${kept},
          answer_expires_at = now() + ${answerTtlMs} * interval '1 millisecond'
        WHERE payment_id = ${claim.paymentId} AND token = ${claim.token} AND state = 'in_flight'
        RETURNING 1`;
      // Not ours any more (expired and claimed again): it must not be sent for settlement.
      if (moved.length === 0) throw new Error("the payment's claim is no longer held by this request");
      if (kept) claim.kept = 1;
    });
  }

  unanswered(claim: Claim): Promise<void> {
    return this.#run(async (sql) => {
      await sql`
        UPDATE x402_claims SET unanswered = true
        WHERE payment_id = ${claim.paymentId} AND token = ${claim.token} AND state = 'settling'`;
    });
  }

  settle(claim: Claim, settlement: SettleResponse, retrievable = false): Promise<void> {
    const { settledTtlMs } = this.#limits;
    const keep = claim.kept !== undefined && (retrievable || claim.idKey !== undefined);
    const [, scope, id] = (claim.idKey ?? []) as string[];
    // Whatever state it was in: the chain has the money, so the payment is spent.
    return this.#run(async (sql) => {
      await sql`
        INSERT INTO x402_claims AS c (payment_id, state, token, at, expires_at, id_scope, id, retrievable, settlement)
        VALUES (${claim.paymentId}, 'settled', ${claim.token}, now(),
          now() + ${settledTtlMs} * interval '1 millisecond', ${scope ?? null}, ${id ?? null}, ${retrievable},
          ${sql.json(settlement as unknown as postgres.JSONValue)})
        ON CONFLICT (payment_id) DO UPDATE SET state = 'settled', at = EXCLUDED.at, expires_at = EXCLUDED.expires_at,
          id_scope = EXCLUDED.id_scope, id = EXCLUDED.id, retrievable = EXCLUDED.retrievable,
          settlement = EXCLUDED.settlement, pending = NULL, unanswered = false,
          answer = CASE WHEN ${keep} THEN c.answer END,
          answer_expires_at = CASE WHEN ${keep} THEN c.answer_expires_at END`;
    });
  }

  release(claim: Pick<Claim, "key" | "token" | "paymentId">): Promise<void> {
    return this.#run(async (sql) => {
      await sql`
        WITH released AS (
          DELETE FROM x402_claims
          WHERE payment_id = ${claim.paymentId} AND token = ${claim.token} AND state <> 'settled'
          RETURNING id_scope, id
        )
        DELETE FROM x402_payment_ids n USING released r WHERE n.scope = r.id_scope AND n.id = r.id`;
    });
  }

  pendingSettlements<T>(): Promise<PendingRecord<T>[]> {
    return this.#run(async (sql) => {
      if (Date.now() - this.#purgedAt > PURGE_EVERY_MS) {
        this.#purgedAt = Date.now();
        await sql`
          WITH claims AS (DELETE FROM x402_claims WHERE expires_at <= now())
          DELETE FROM x402_payment_ids WHERE expires_at <= now()`;
      }
      const rows = await sql<{ payment_id: string; pending: T }[]>`
        SELECT payment_id, pending FROM x402_claims
        WHERE state = 'settling' AND expires_at > now() ORDER BY at`;
      return rows.map((row) => ({ paymentId: row.payment_id, pending: row.pending }));
    });
  }

  settlingClaim(paymentId: string): Promise<Claim | undefined> {
    return this.#run(async (sql) => {
      const [row] = await sql<
        { token: string; id_scope: string | null; id: string | null; kept: boolean; unanswered: boolean }[]
      >`
        SELECT token, id_scope, id, answer IS NOT NULL AS kept, unanswered FROM x402_claims
        WHERE payment_id = ${paymentId} AND state = 'settling' AND expires_at > now()`;
      if (!row) return undefined;
      return {
        key: claimKey(paymentId),
        token: row.token,
        paymentId,
        ...(row.id_scope !== null && row.id !== null ? { idKey: ["x402-id", row.id_scope, row.id] } : {}),
        ...(row.kept ? { kept: 1 } : {}),
        ...(row.unanswered ? { unanswered: true } : {}),
      };
    });
  }

  /** Closes the connections (waiting up to 2 s for statements under way: shutdown has 4 s in all). */
  async close(): Promise<void> {
    await this.#sql.end({ timeout: 2 });
  }
}

/**
 * The claim store on PostgreSQL, on a real server started for the test
 * (`tests/_support/postgres.ts`): the contract every claim store keeps
 * (`_claim_store_contract.ts`), expiry by the database's clock, and a
 * database that is down or read-only failing closed (503 with
 * `Retry-After`) and used again, without a new store, once it is back.
 */
import assert from "node:assert/strict";
import { PostgresClaimStore } from "../../../lib/payments/postgres_claims.ts";
import { UnavailableError } from "../../../lib/shared/errors.ts";
import { postgresSkipReason, startPostgres } from "../../_support/postgres.ts";
import { claimStoreContract, held, settled } from "./_claim_store_contract.ts";

const skip = postgresSkipReason();
if (skip) console.warn(`postgres_claims_test skipped: ${skip}`);

/** Whether `error` is the store's 503. */
const unavailable = (error: unknown) => error instanceof UnavailableError && error.retryAfterSeconds! > 0;

Deno.test({
  name: "PostgresClaimStore: the claim store contract, expiry, and a database down or read-only",
  ignore: skip !== undefined,
  async fn(t) {
    const pg = await startPostgres();
    try {
      await claimStoreContract(t, {
        open: (options) => Promise.resolve(new PostgresClaimStore(pg.url, options)),
        reset: async () => {
          await pg.sql("DROP TABLE IF EXISTS x402_claims, x402_payment_ids CASCADE");
        },
      });

      await t.step("an in-flight claim whose holder died expires on the database's clock", async () => {
        const store = new PostgresClaimStore(pg.url, { inFlightTtlMs: 300 });
        try {
          held(await store.claim("payment-expiring"));
          assert.equal(await store.claim("payment-expiring"), "in_flight");
          await new Promise((resolve) => setTimeout(resolve, 400));
          held(await store.claim("payment-expiring"));
        } finally {
          await store.close();
        }
      });

      await t.step("each state change is one statement the database decides", async () => {
        const store = new PostgresClaimStore(pg.url);
        try {
          const claim = held(await store.claim("payment-rows"));
          const row = async () =>
            (await pg.sql("SELECT state FROM x402_claims WHERE payment_id = 'payment-rows'")).trim();
          assert.equal(await row(), "in_flight");
          await store.settling(claim, { sent: 1 }, new Uint8Array([1, 2, 3]));
          assert.equal(await row(), "settling");
          await store.settle(claim, settled("tx-rows"));
          assert.equal(await row(), "settled");
          // A stale holder cannot move a claim on: its token no longer matches.
          const other = held(await store.claim("payment-stale"));
          await pg.sql("UPDATE x402_claims SET token = 'someone-else' WHERE payment_id = 'payment-stale'");
          await assert.rejects(
            store.settling(other, {}, undefined),
            unavailable,
            "never sent for settlement",
          );
        } finally {
          await store.close();
        }
      });

      await t.step("read-only: 503 with Retry-After, then the same store is usable again", async () => {
        const store = new PostgresClaimStore(pg.url);
        // The store's sessions end; the ones it opens next take the database's setting.
        const readOnly = (on: boolean) =>
          pg.sql(
            `BEGIN READ WRITE; ALTER DATABASE postgres SET default_transaction_read_only = ${on}; COMMIT; ` +
              "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'x402-claims'",
          );
        try {
          held(await store.claim("payment-before"));
          await readOnly(true);
          await assert.rejects(store.claim("payment-ro"), unavailable);
          await assert.rejects(store.claim("payment-ro"), unavailable, "still refused, not half-claimed");
          await readOnly(false);
          // A session the database ended may answer one more 503 before the client drops it, as a buyer sees it.
          let claimed = await store.claim("payment-ro").catch((error) => error);
          if (unavailable(claimed)) claimed = await store.claim("payment-ro");
          held(claimed);
        } finally {
          await readOnly(false);
          await store.close();
        }
      });

      await t.step("down: 503 with Retry-After; back: the same store claims again", async () => {
        const store = new PostgresClaimStore(pg.url);
        try {
          held(await store.claim("payment-up"));
          await pg.stop();
          const started = performance.now();
          await assert.rejects(store.claim("payment-down"), unavailable);
          assert.ok(performance.now() - started < 6_000, "refused promptly, not left hanging");
          await pg.start();
          held(await store.claim("payment-down"));
          assert.equal(
            await store.claim("payment-up"),
            "in_flight",
            "what was claimed before is still claimed",
          );
        } finally {
          await store.close();
        }
      });
    } finally {
      await pg.close();
    }
  },
});

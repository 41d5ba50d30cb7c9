/**
 * The PostgreSQL claim store's tables and its one function, created by the
 * store itself on first use (`CREATE ... IF NOT EXISTS`, under an advisory
 * lock so that replicas starting together do not race).
 *
 * Uniqueness is the database's: one row per payment (the primary key) and one
 * per buyer's payment id in its scope. Every row carries its own expiry, read
 * against the database's clock (one clock for every replica): an expired row
 * counts as absent and is overwritten by the next claim, and a sweep deletes
 * what expired.
 *
 * `x402_claim` is the claim itself, one round trip: it claims the payment
 * (`INSERT ... ON CONFLICT DO UPDATE ... WHERE expired`) and records the
 * buyer's id in the same transaction (an id already naming another payload
 * makes it a `conflict`, and the claim is undone); a payment already taken
 * is answered with why, or with the answer kept for this resend.
 *
 * @module
 */

/** The advisory lock key under which the schema is created (any fixed number). */
const SCHEMA_LOCK = 4_020_036;

/** The SQL that makes the schema, idempotent. */
export const SCHEMA_SQL = `
SELECT pg_advisory_xact_lock(${SCHEMA_LOCK});

CREATE TABLE IF NOT EXISTS x402_claims (
  payment_id text PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('in_flight', 'settling', 'settled')),
  token text NOT NULL,
  at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  id_scope text,
  id text,
  unanswered boolean NOT NULL DEFAULT false,
  pending jsonb,
  answer bytea,
  answer_expires_at timestamptz,
  retrievable boolean NOT NULL DEFAULT false,
  settlement jsonb
);
CREATE INDEX IF NOT EXISTS x402_claims_settling ON x402_claims (payment_id) WHERE state = 'settling';
CREATE INDEX IF NOT EXISTS x402_claims_expiry ON x402_claims (expires_at);

CREATE TABLE IF NOT EXISTS x402_payment_ids (
  scope text NOT NULL,
  id text NOT NULL,
  payload_hash text NOT NULL,
  payment_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (scope, id)
);

CREATE OR REPLACE FUNCTION x402_claim(
  p_payment text, p_token text, p_scope text, p_id text, p_hash text,
  p_in_flight_ms double precision, p_settled_ms double precision, p_grace_ms double precision
) RETURNS TABLE (outcome text, answer bytea, settlement jsonb) LANGUAGE plpgsql AS $$
DECLARE
  r x402_claims%ROWTYPE;
  ms CONSTANT interval := interval '1 millisecond';
BEGIN
  IF p_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM x402_payment_ids n
    WHERE n.scope = p_scope AND n.id = p_id AND n.expires_at > now()
      AND (n.payload_hash <> p_hash OR n.payment_id <> p_payment)
  ) THEN
    RETURN QUERY SELECT 'conflict'::text, NULL::bytea, NULL::jsonb;
    RETURN;
  END IF;
  BEGIN
    INSERT INTO x402_claims AS c (payment_id, state, token, at, expires_at, id_scope, id)
    VALUES (p_payment, 'in_flight', p_token, now(), now() + p_in_flight_ms * ms, p_scope, p_id)
    ON CONFLICT (payment_id) DO UPDATE SET
      state = 'in_flight', token = EXCLUDED.token, at = EXCLUDED.at, expires_at = EXCLUDED.expires_at,
      id_scope = EXCLUDED.id_scope, id = EXCLUDED.id, unanswered = false, pending = NULL, answer = NULL,
      answer_expires_at = NULL, retrievable = false, settlement = NULL
    WHERE c.expires_at <= now();
    IF FOUND THEN
      IF p_id IS NOT NULL THEN
        INSERT INTO x402_payment_ids AS n (scope, id, payload_hash, payment_id, expires_at)
        VALUES (p_scope, p_id, p_hash, p_payment, now() + p_settled_ms * ms)
        ON CONFLICT (scope, id) DO UPDATE SET
          payload_hash = EXCLUDED.payload_hash, payment_id = EXCLUDED.payment_id,
          expires_at = GREATEST(n.expires_at, EXCLUDED.expires_at)
        WHERE n.expires_at <= now() OR (n.payload_hash = EXCLUDED.payload_hash AND n.payment_id = EXCLUDED.payment_id);
        -- Named meanwhile by another payload: this claim is undone with the block.
        IF NOT FOUND THEN RAISE unique_violation; END IF;
      END IF;
      RETURN QUERY SELECT 'claimed'::text, NULL::bytea, NULL::jsonb;
      RETURN;
    END IF;
  EXCEPTION WHEN unique_violation THEN
    RETURN QUERY SELECT 'conflict'::text, NULL::bytea, NULL::jsonb;
    RETURN;
  END;
  SELECT * INTO r FROM x402_claims c WHERE c.payment_id = p_payment;
  IF NOT FOUND OR (r.state = 'settling' AND NOT r.unanswered AND r.at > now() - p_grace_ms * ms) THEN
    RETURN QUERY SELECT 'in_flight'::text, NULL::bytea, NULL::jsonb;
  ELSIF r.state <> 'settled' THEN
    RETURN QUERY SELECT r.state, NULL::bytea, NULL::jsonb;
  ELSIF (r.retrievable OR (p_id IS NOT NULL AND r.id_scope = p_scope AND r.id = p_id))
    AND r.answer IS NOT NULL AND r.answer_expires_at > now() AND r.settlement IS NOT NULL THEN
    RETURN QUERY SELECT 'answer'::text, r.answer, r.settlement;
  ELSE
    RETURN QUERY SELECT 'settled'::text, NULL::bytea, NULL::jsonb;
  END IF;
END
$$;
`;

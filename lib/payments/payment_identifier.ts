/**
 * The x402 `payment-identifier` extension: a buyer may name its payment with
 * an id, and a resend of the same payment with the same id gets the answer it
 * bought back instead of being refused as a replay, so a buyer who lost an
 * answer after paying is never charged twice nor left without it. Every 402
 * advertises the extension (not required); an id comes bound to the exact
 * payload it first arrived with (the spec's "Recovering a Lost Response"): the
 * same id with another payload is a 409.
 *
 * The declaration and the id's format are the spec's (coinbase/x402
 * `specs/extensions/payment_identifier.md`), written out here rather than
 * imported: `@x402/extensions/payment-identifier` loads a JSON Schema
 * compiler with it, which a 402 does not need.
 *
 * @module
 */
import type { PaymentPayload } from "@x402/core/types";
import { InvalidInputError } from "../shared/errors.ts";

/** The extension's key in `extensions`. */
export const PAYMENT_IDENTIFIER = "payment-identifier";

/** What every 402 advertises: ids are welcome, not required. */
export const PAYMENT_IDENTIFIER_DECLARATION = Object.freeze({
  info: { required: false },
  schema: {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    properties: {
      required: { type: "boolean" },
      id: { type: "string", minLength: 16, maxLength: 128, pattern: "^[a-zA-Z0-9_-]+$" },
    },
    required: ["required"],
  },
});

const ID_FORMAT = /^[a-zA-Z0-9_-]{16,128}$/;

/** A payment's id and the fingerprint of the exact payload it came with. */
export interface PaymentTicket {
  /** The buyer's id, 16 to 128 characters of `[a-zA-Z0-9_-]`. */
  readonly id: string;
  /** SHA-256 (hex) of the payload as sent: a resend must match it. */
  readonly payloadHash: string;
}

/**
 * The payment's id and payload fingerprint, or `undefined` when it names no
 * id (then it is served as any payment is).
 *
 * @throws {InvalidInputError} the extension is there with a malformed id
 */
export async function paymentTicket(payload: PaymentPayload): Promise<PaymentTicket | undefined> {
  const extension = payload.extensions?.[PAYMENT_IDENTIFIER] as { info?: { id?: unknown } } | undefined;
  const id = extension?.info?.id;
  if (id === undefined) return undefined;
  if (typeof id !== "string" || !ID_FORMAT.test(id)) {
    throw new InvalidInputError(
      `Invalid payment identifier: "extensions.${PAYMENT_IDENTIFIER}.info.id" must be 16 to 128 letters, ` +
        "digits, hyphens or underscores",
    );
  }
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  const payloadHash = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  return { id, payloadHash };
}

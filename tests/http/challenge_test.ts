/**
 * The prepared 402: the same answer, byte for byte, as one built for each
 * request, and answers made from one preparation that do not share headers.
 */
import assert from "node:assert/strict";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { challengeResponse, howToPay, prepareChallenge } from "../../http/challenge.ts";
import { solanaPaymentRequired } from "../_support/payment_required.ts";

const required = solanaPaymentRequired({
  error: "Payment required: this request costs $0.002 in USDC «on» Solana",
  resource: {
    url: "https://api.example.com/v1/fees/priority?account=é&computeUnitLimit=1",
    description: "Priority fees",
    mimeType: "application/json",
  },
  extensions: { bazaar: { info: { input: { type: "http", method: "GET" } }, schema: { type: "object" } } },
});

Deno.test("challengeResponse() answers what a body built per request would say, with the requirement", async () => {
  const prepared = prepareChallenge(required, required.error!, "https://api.example.com");
  const before = new Date().toISOString();
  const response = challengeResponse(prepared, 'id-with-"quotes"');
  assert.equal(response.status, 402);
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.deepEqual(decodePaymentRequiredHeader(response.headers.get("payment-required")!), required);
  const text = await response.text();
  const body = JSON.parse(text);
  assert.ok(body.timestamp >= before && body.timestamp <= new Date().toISOString(), body.timestamp);
  const expected = {
    error: required.error,
    ...howToPay(required, "https://api.example.com"),
    requestId: 'id-with-"quotes"',
    timestamp: body.timestamp,
  };
  assert.equal(text, JSON.stringify(expected));
  assert.equal(body.guide, "https://api.example.com/guides/how-to-pay");
  assert.equal(body.payment.amount, "2000");
});

Deno.test("challengeResponse() answers from one preparation keep their headers apart", () => {
  const prepared = prepareChallenge(required, required.error!, "https://api.example.com");
  const first = challengeResponse(prepared, "first");
  const second = challengeResponse(prepared, "second");
  first.headers.set("X-Request-Id", "first");
  first.headers.set("Cache-Control", "private");
  assert.equal(second.headers.get("x-request-id"), null);
  assert.equal(second.headers.get("cache-control"), "no-store");
  assert.equal(challengeResponse(prepared, "third").headers.get("x-request-id"), null);
  assert.equal(prepared.headers.get("cache-control"), "no-store");
});

import assert from "node:assert/strict";
import {
  decodePaymentRequiredHeader,
  decodePaymentResponseHeader,
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import type { PaymentPayload, SettleResponse } from "@x402/core/types";
import {
  decodePaymentSignature,
  encodePaymentRequired,
  encodePaymentResponse,
} from "../../../lib/payments/headers.ts";
import { solanaPaymentRequired } from "../../_support/payment_required.ts";

const required = solanaPaymentRequired();

Deno.test("encodePaymentRequired() matches @x402/core byte for byte, non-ASCII included", () => {
  const ours = encodePaymentRequired(required);
  assert.equal(ours, encodePaymentRequiredHeader(required));
  assert.deepEqual(decodePaymentRequiredHeader(ours), required);
});

Deno.test("encodePaymentResponse() matches @x402/core byte for byte, non-ASCII included", () => {
  const settlement: SettleResponse = {
    success: true,
    transaction: "5x".repeat(40),
    network: "eip155:84532",
    payer: "0xabc",
  };
  // ASCII (every settlement we make), then text beyond it: Latin-1, other scripts, astral characters.
  const refused: SettleResponse = {
    ...settlement,
    success: false,
    errorReason: "refusé – 拒否 🚫",
    payer: "\xff",
  };
  for (const response of [settlement, refused]) {
    assert.equal(encodePaymentResponse(response), encodePaymentResponseHeader(response));
    assert.deepEqual(decodePaymentResponseHeader(encodePaymentResponse(response)), response);
  }
});

/** What `@x402/core` makes of `header`: its payload, or the fact that it throws. */
function coreDecoding(header: string): { payload: PaymentPayload } | { throws: true } {
  try {
    return { payload: decodePaymentSignatureHeader(header) };
  } catch {
    return { throws: true };
  }
}

/** What {@linkcode decodePaymentSignature} makes of `header`, in the same terms. */
function ourDecoding(header: string): { payload: PaymentPayload } | { throws: true } {
  try {
    return { payload: decodePaymentSignature(header) };
  } catch {
    return { throws: true };
  }
}

Deno.test("decodePaymentSignature() reads what @x402/core reads, non-ASCII included", () => {
  const [accepted] = required.accepts;
  const payload: PaymentPayload = {
    x402Version: 2,
    payload: { transaction: "AQID".repeat(200) },
    accepted: accepted!,
    resource: {
      url: "https://example.com/v1/fees/priority",
      description: "Frais – priorité ✓ 🚀",
      mimeType: "",
    },
    extensions: { "payment-identifier": { info: { required: false, id: "pay_0123456789abcdef" } } },
  };
  const header = encodePaymentSignatureHeader(payload);
  assert.deepEqual(decodePaymentSignature(header), payload);
  const ascii = { ...payload, resource: { ...payload.resource!, description: "plain" } };
  assert.deepEqual(decodePaymentSignature(encodePaymentSignatureHeader(ascii)), ascii);
});

Deno.test("decodePaymentSignature() refuses what @x402/core refuses and decodes the unusual as it does", () => {
  const valid = encodePaymentSignatureHeader({ x402Version: 2 } as PaymentPayload);
  const utf8 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
  const cases = [
    "",
    "not base64!",
    `${valid.slice(0, 8)} ${valid.slice(8)}`, // whitespace, which atob alone would skip
    `${valid}\n`,
    "=abc",
    valid.replace(/=+$/, "") + "===",
    btoa("{not json"),
    btoa("\xef\xbb\xbf{}"), // a byte-order mark: dropped by UTF-8 decoding, as in the core library
    utf8('{"d":"é"}'),
    btoa("\xff\xfe{}"), // invalid UTF-8 before the JSON
    btoa("null"),
  ];
  for (const header of cases) {
    assert.deepEqual(ourDecoding(header), coreDecoding(header), JSON.stringify(header));
  }
});

import assert from "node:assert/strict";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { bindingMismatch, CLOCK_SKEW_SECONDS } from "../../../lib/payments/binding.ts";
import { evmRail, NETWORKS, solanaRail } from "../../../lib/payments/rails.ts";

const NOW = 1_800_000_000;
const URL = "https://api.example/v1/token/risk";
const evm = evmRail({
  network: NETWORKS.base.network,
  asset: NETWORKS.base.usdc,
  payTo: `0x${"22".repeat(20)}`,
});
const offer = { maxTimeoutSeconds: 60 } as PaymentRequirements;

function evmPayment(
  validAfter: number,
  validBefore: number,
  extra: Partial<PaymentPayload> = {},
): PaymentPayload {
  return {
    x402Version: 2,
    resource: { url: URL },
    accepted: offer,
    payload: {
      signature: "0x" + "ab".repeat(65),
      authorization: {
        from: `0x${"11".repeat(20)}`,
        to: `0x${"22".repeat(20)}`,
        value: "6000",
        validAfter: String(validAfter),
        validBefore: String(validBefore),
        nonce: "0x" + "00".repeat(32),
      },
    },
    ...extra,
  };
}

Deno.test("bindingMismatch() accepts a payment for this resource within the offer's window", () => {
  assert.equal(
    bindingMismatch(evm, evmPayment(0, NOW + 60), { url: URL, method: "POST" }, offer, NOW),
    undefined,
  );
  assert.equal(
    bindingMismatch(evm, evmPayment(0, NOW + 60 + CLOCK_SKEW_SECONDS), { url: URL }, offer, NOW),
    undefined,
    "a buyer's clock may run a little ahead",
  );
});

Deno.test("bindingMismatch() names another resource, a missing one, and another method", () => {
  const other = evmPayment(0, NOW + 60, { resource: { url: "https://api.example/v1/token/abc" } });
  assert.match(
    bindingMismatch(evm, other, { url: URL }, offer, NOW)!,
    /^Payment is for another resource: it names "https:\/\/api\.example\/v1\/token\/abc"/,
  );
  const none = evmPayment(0, NOW + 60, { resource: undefined });
  assert.match(bindingMismatch(evm, none, { url: URL }, offer, NOW)!, /^Payment names no resource/);
  const get = evmPayment(0, NOW + 60, { extensions: { bazaar: { info: { input: { method: "GET" } } } } });
  assert.match(
    bindingMismatch(evm, get, { url: URL, method: "POST" }, offer, NOW)!,
    /another method: it was offered for GET/,
  );
  assert.equal(bindingMismatch(evm, get, { url: URL, method: "get" }, offer, NOW), undefined);
});

Deno.test("bindingMismatch() refuses an EVM authorization valid longer than maxTimeoutSeconds", () => {
  const hour = evmPayment(0, NOW + 3600);
  assert.match(
    bindingMismatch(evm, hour, { url: URL }, offer, NOW)!,
    /valid too long: it expires 3600 s from now, the offer allows 60 s/,
  );
  const later = evmPayment(NOW + 3000, NOW + 3050);
  assert.equal(
    bindingMismatch(evm, later, { url: URL }, offer, NOW),
    undefined,
    "a window of 50 s, even starting later",
  );
  const wide = evmPayment(NOW + 100, NOW + 400);
  assert.match(bindingMismatch(evm, wide, { url: URL }, offer, NOW)!, /expires 300 s from now/);
});

Deno.test("bindingMismatch() has no window to check on Solana: the blockhash bounds it", () => {
  const solana = solanaRail({
    network: NETWORKS.solanaDevnet.network,
    asset: NETWORKS.solanaDevnet.usdc,
    payTo: "x",
  });
  assert.equal(solana.validityWindow, undefined);
  const payment = {
    x402Version: 2,
    resource: { url: URL },
    accepted: offer,
    payload: { transaction: "AA==" },
  };
  assert.equal(bindingMismatch(solana, payment, { url: URL }, offer, NOW), undefined);
});

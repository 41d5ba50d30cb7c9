import assert from "node:assert/strict";
import { x402Client } from "@x402/core/client";
import { x402Facilitator } from "@x402/core/facilitator";
import type { PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { registerExactEvmScheme } from "@x402/evm/exact/facilitator";
import type { FacilitatorEvmSigner } from "@x402/evm";
import { LOCAL_EVM_USDC, startLocalEvm } from "../../../../lib/local/evm/chain.ts";
import { registerDeferredExactEvmScheme } from "../../../../lib/local/evm/facilitator_scheme.ts";
import { newAccount } from "./_clients.ts";

/** The two ways of putting the `exact` EVM scheme on a facilitator: `@x402/evm`'s own, and the deferred one. */
const REGISTRATIONS: ReadonlyArray<
  [string, (facilitator: x402Facilitator, signer: FacilitatorEvmSigner) => void]
> = [
  [
    "registerExactEvmScheme()",
    (facilitator, signer) => registerExactEvmScheme(facilitator, { signer, networks: "eip155:84532" }),
  ],
  [
    "registerDeferredExactEvmScheme()",
    (facilitator, signer) => registerDeferredExactEvmScheme(facilitator, { signer, network: "eip155:84532" }),
  ],
];

for (const [registration, register] of REGISTRATIONS) {
  Deno.test(`startLocalEvm() settles an x402 exact EVM payment once and refuses the replay (${registration})`, async () => {
    const evm = await startLocalEvm();
    try {
      const facilitator = new x402Facilitator();
      register(facilitator, evm.facilitatorSigner);

      const payer = newAccount();
      await evm.fund(payer.address, 10_000n);
      const client = new x402Client().register("eip155:84532", new ExactEvmScheme(payer));

      const payTo = newAccount().address;
      const requirements: PaymentRequirements = {
        scheme: "exact",
        network: "eip155:84532",
        asset: LOCAL_EVM_USDC,
        amount: "4000",
        payTo,
        maxTimeoutSeconds: 60,
        extra: { name: "USDC", version: "2" },
      };
      const paymentRequired: PaymentRequired = {
        x402Version: 2,
        resource: {
          url: "http://127.0.0.1/alt/v1/fees/priority",
          description: "Priority fees",
          mimeType: "",
        },
        accepts: [requirements],
      };
      const payload = await client.createPaymentPayload(paymentRequired);
      assert.deepEqual(payload.accepted, requirements);

      const verified = await facilitator.verify(payload, requirements);
      assert.deepEqual(verified, { isValid: true, invalidReason: undefined, payer: payer.address });

      const settled = await facilitator.settle(payload, requirements);
      assert.equal(settled.success, true, JSON.stringify(settled));
      assert.equal(settled.network, "eip155:84532");
      assert.match(settled.transaction, /^0x[0-9a-f]{64}$/);
      assert.equal(await evm.usdcBalance(payTo), 4000n);
      assert.equal(await evm.usdcBalance(payer.address), 6000n);

      const replayed = await facilitator.settle(payload, requirements);
      assert.equal(replayed.success, false);
      assert.match(replayed.errorReason ?? "", /nonce_already_used/);
      assert.equal(await evm.usdcBalance(payTo), 4000n);

      const reverified = await facilitator.verify(payload, requirements);
      assert.equal(reverified.isValid, false);
      assert.match(reverified.invalidReason ?? "", /nonce_already_used/);
    } finally {
      await evm.stop();
    }
  });

  Deno.test(`startLocalEvm() facilitator refuses a payment the payer cannot cover (${registration})`, async () => {
    const evm = await startLocalEvm();
    try {
      const facilitator = new x402Facilitator();
      register(facilitator, evm.facilitatorSigner);
      const payer = newAccount();
      await evm.fund(payer.address, 3999n);
      const requirements: PaymentRequirements = {
        scheme: "exact",
        network: "eip155:84532",
        asset: LOCAL_EVM_USDC,
        amount: "4000",
        payTo: newAccount().address,
        maxTimeoutSeconds: 60,
        extra: { name: "USDC", version: "2" },
      };
      const payload = await new x402Client().register("eip155:84532", new ExactEvmScheme(payer))
        .createPaymentPayload({
          x402Version: 2,
          resource: { url: "http://127.0.0.1/alt" },
          accepts: [requirements],
        });

      const verified = await facilitator.verify(payload, requirements);
      assert.equal(verified.isValid, false);
      assert.match(verified.invalidReason ?? "", /insufficient_balance/);
      const settled = await facilitator.settle(payload, requirements);
      assert.equal(settled.success, false);
      assert.equal(await evm.usdcBalance(payer.address), 3999n);
    } finally {
      await evm.stop();
    }
  });
}

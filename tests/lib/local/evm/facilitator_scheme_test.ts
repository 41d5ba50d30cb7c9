import assert from "node:assert/strict";
import { x402Facilitator } from "@x402/core/facilitator";
import { registerExactEvmScheme } from "@x402/evm/exact/facilitator";
import { startLocalEvm } from "../../../../lib/local/evm/chain.ts";
import {
  LOCAL_EVM_V1_NETWORK,
  registerDeferredExactEvmScheme,
} from "../../../../lib/local/evm/facilitator_scheme.ts";

Deno.test("the deferred EVM scheme reports at once what @x402/evm's registration reports for Base Sepolia", async () => {
  const evm = await startLocalEvm();
  try {
    const deferred = new x402Facilitator();
    registerDeferredExactEvmScheme(deferred, { signer: evm.facilitatorSigner, network: "eip155:84532" });
    const real = new x402Facilitator();
    registerExactEvmScheme(real, { signer: evm.facilitatorSigner, networks: "eip155:84532" });

    const ours = deferred.getSupported();
    const theirs = real.getSupported();
    // @x402/evm also claims v1 on every EVM network it knows; the local chain is Base Sepolia only.
    const onBaseSepolia = theirs.kinds.filter((kind) =>
      kind.network === "eip155:84532" || kind.network === LOCAL_EVM_V1_NETWORK
    );
    assert.equal(onBaseSepolia.length, 2);
    assert.deepEqual(ours.kinds, onBaseSepolia);
    assert.deepEqual(ours.signers, theirs.signers);
    assert.deepEqual(ours.signers["eip155:*"], evm.facilitatorSigner.getAddresses());
  } finally {
    await evm.stop();
  }
});

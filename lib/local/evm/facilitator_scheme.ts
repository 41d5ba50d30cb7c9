/**
 * The `exact` EVM scheme of the in-process facilitator, registered at start
 * but loaded with the first EVM payment. The facilitator must name its
 * networks, kinds and signer from the start (`/supported`), and the scheme
 * reports nothing else there (no extra, its signer's address); `@x402/evm`'s
 * facilitator and viem under it cost an idle service about 14 MB, so they
 * are imported only when a payment is verified or settled.
 *
 * @module
 */
import type { x402Facilitator } from "@x402/core/facilitator";
import type { Network, SchemeNetworkFacilitator } from "@x402/core/types";
import type { FacilitatorEvmSigner } from "@x402/evm";

/** The x402 v1 name of the network the local EVM chain is (Base Sepolia). */
export const LOCAL_EVM_V1_NETWORK = "base-sepolia";

/**
 * Registers the `exact` EVM scheme on `facilitator` for `network` (x402 v2)
 * and for Base Sepolia under its v1 name, each loading `@x402/evm` on its
 * first verification or settlement.
 */
export function registerDeferredExactEvmScheme(
  facilitator: x402Facilitator,
  config: { signer: FacilitatorEvmSigner; network: Network },
): void {
  facilitator.register(
    config.network,
    deferred(config.signer, async () => {
      const { ExactEvmScheme } = await import("@x402/evm/exact/facilitator");
      return new ExactEvmScheme(config.signer);
    }),
  );
  facilitator.registerV1(
    LOCAL_EVM_V1_NETWORK as Network,
    deferred(config.signer, async () => {
      const { ExactEvmSchemeV1 } = await import("@x402/evm/exact/v1/facilitator");
      return new ExactEvmSchemeV1(config.signer);
    }),
  );
}

/** A scheme answering `/supported` itself and handing payments to the one `load` makes (once). */
function deferred(
  signer: FacilitatorEvmSigner,
  load: () => Promise<SchemeNetworkFacilitator>,
): SchemeNetworkFacilitator {
  let scheme: Promise<SchemeNetworkFacilitator> | undefined;
  const loaded = () =>
    scheme ??= load().catch((error) => {
      scheme = undefined; // A failed import is tried again with the next payment.
      throw error;
    });
  return {
    scheme: "exact",
    caipFamily: "eip155:*",
    getExtra: () => undefined,
    getSigners: () => [...signer.getAddresses()],
    verify: async (payload, requirements, context) =>
      await (await loaded()).verify(payload, requirements, context),
    settle: async (payload, requirements, context) =>
      await (await loaded()).settle(payload, requirements, context),
  };
}

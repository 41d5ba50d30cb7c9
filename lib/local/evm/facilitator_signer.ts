/**
 * The `@x402/evm` facilitator signer of the local chain: the shape
 * `toFacilitatorEvmSigner` gives, built here so that start-up loads neither
 * `@x402/evm` nor viem. Every call goes to whichever Anvil generation is up
 * when it is made, so the signer follows restarts.
 *
 * @module
 */
import type { FacilitatorEvmSigner } from "@x402/evm";
import type { Address, VerifyTypedDataParameters } from "viem";
import type { Clients } from "./clients.ts";

/** How long the facilitator waits for a settlement's receipt, in ms. */
const CONFIRMATION_TIMEOUT_MS = 30_000;

/**
 * A facilitator signer for the account at `address`, running each call
 * through `onChain` on the current chain's clients.
 */
export function localFacilitatorSigner(
  address: Address,
  onChain: <T>(call: (clients: Clients) => Promise<T>) => Promise<T>,
): FacilitatorEvmSigner {
  return {
    getAddresses: () => [address],
    readContract: (args) => onChain((c) => c.publicClient.readContract({ ...args, args: args.args ?? [] })),
    verifyTypedData: (args) =>
      onChain((c) => c.publicClient.verifyTypedData(args as VerifyTypedDataParameters)),
    writeContract: (args) =>
      onChain((c) =>
        c.inTurn(
          "facilitatorWallet",
          (wallet) =>
            wallet.writeContract({
              ...args,
              args: args.args ?? [],
              account: wallet.account!,
              chain: wallet.chain,
            }),
        )
      ),
    sendTransaction: (args) =>
      onChain((c) =>
        c.inTurn(
          "facilitatorWallet",
          (wallet) => wallet.sendTransaction({ ...args, account: wallet.account!, chain: wallet.chain }),
        )
      ),
    waitForTransactionReceipt: (args) => onChain((c) => c.receipt(args.hash, CONFIRMATION_TIMEOUT_MS)),
    getCode: (args) => onChain((c) => c.publicClient.getCode(args)),
  };
}

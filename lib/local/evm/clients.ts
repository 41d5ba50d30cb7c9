/**
 * viem's clients on one Anvil process of the local EVM chain: a public
 * client and the two wallets (minter, facilitator), each with a fresh nonce
 * manager (a new chain starts every nonce at zero). Loaded on first use
 * (`importOnDemand`), not at start: viem costs an idle service about 14 MB.
 *
 * @module
 */
import {
  BaseError,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  HttpRequestError,
  SocketClosedError,
  TimeoutError,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createNonceManager, jsonRpc } from "viem/nonce";

/** The viem clients on one Anvil process. */
export interface Clients {
  readonly publicClient: ReturnType<typeof createPublicClient>;
  readonly minterWallet: ReturnType<typeof createWalletClient>;
  readonly facilitatorWallet: ReturnType<typeof createWalletClient>;
}

/** Makes the clients for the node at `rpcUrl` reporting `chainId`, signing with `keys`. */
export function createClients(
  rpcUrl: string,
  chainId: number,
  keys: { readonly minter: Hex; readonly facilitator: Hex },
): Clients {
  const chain = defineChain({
    id: chainId,
    name: "Local Base Sepolia",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl, { retryCount: 0, timeout: 30_000 });
  const wallet = (key: Hex) =>
    createWalletClient({
      chain,
      transport,
      account: privateKeyToAccount(key, { nonceManager: createNonceManager({ source: jsonRpc() }) }),
      pollingInterval: 20,
    });
  return {
    publicClient: createPublicClient({ chain, transport, pollingInterval: 20 }),
    minterWallet: wallet(keys.minter),
    facilitatorWallet: wallet(keys.facilitator),
  };
}

/** Whether a viem error means the node could not be reached (rather than that it answered no). */
export function unreachable(error: unknown): boolean {
  return error instanceof BaseError &&
    error.walk((cause) =>
        cause instanceof HttpRequestError || cause instanceof TimeoutError ||
        cause instanceof SocketClosedError
      ) !== null;
}

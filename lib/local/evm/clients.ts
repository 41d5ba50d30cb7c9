/**
 * viem's clients on one Anvil process of the local EVM chain: a public
 * client, the two wallets (minter, facilitator) with the turn each wallet's
 * sends take, and the wait for a transaction's receipt that every caller here
 * uses. Loaded on first use
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
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** The viem clients on one Anvil process. */
export interface Clients {
  readonly publicClient: ReturnType<typeof createPublicClient>;
  readonly minterWallet: ReturnType<typeof createWalletClient>;
  readonly facilitatorWallet: ReturnType<typeof createWalletClient>;
  /**
   * Runs `send` (a transaction of `wallet`'s) once every earlier one of that
   * wallet has been sent or has failed. viem then takes the node's count of
   * the account's pending transactions as each one's nonce: a nonce manager
   * handing out nonces to concurrent sends can leave a gap (a nonce taken by a
   * send that failed, or counted twice), and Anvil keeps every transaction
   * after a gap out of its blocks for good.
   */
  inTurn<T>(wallet: Wallet, send: (client: Clients[Wallet]) => Promise<T>): Promise<T>;
  /**
   * Waits for `hash`'s receipt by asking the node for it every
   * {@linkcode RECEIPT_POLL_MS}, where viem's `waitForTransactionReceipt`
   * watches for new blocks with one watcher shared by every wait on a client:
   * a wait that joins it after the block holding its transaction was seen
   * hears of no block until the next one, and Anvil makes a block only when a
   * transaction comes, so the last of concurrent mints or settlements could
   * wait out its whole timeout for a receipt already there.
   *
   * @throws {WaitForTransactionReceiptTimeoutError} After `timeoutMs` without a receipt.
   */
  receipt(hash: Hex, timeoutMs: number): Promise<TransactionReceipt>;
}

/** The wallets of {@linkcode Clients}. */
export type Wallet = "minterWallet" | "facilitatorWallet";

/** How often {@linkcode Clients.receipt} asks for a receipt not there yet, in ms. */
export const RECEIPT_POLL_MS = 20;

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
      account: privateKeyToAccount(key),
      pollingInterval: 20,
    });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 20 });
  const wallets = { minterWallet: wallet(keys.minter), facilitatorWallet: wallet(keys.facilitator) };
  const turns = { minterWallet: oneAtATime(), facilitatorWallet: oneAtATime() };
  return {
    publicClient,
    ...wallets,
    inTurn: (name, send) => turns[name](() => send(wallets[name])),
    receipt: (hash, timeoutMs) => pollReceipt(publicClient, hash, timeoutMs),
  };
}

/** A queue running each task given to it after the one before has settled, whatever its outcome. */
function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const turn = last.then(task, task);
    last = turn.catch(() => {});
    return turn;
  };
}

/** Asks `client` for `hash`'s receipt until there is one or `timeoutMs` have passed. */
async function pollReceipt(
  client: ReturnType<typeof createPublicClient>,
  hash: Hex,
  timeoutMs: number,
): Promise<TransactionReceipt> {
  const deadline = performance.now() + timeoutMs;
  while (true) {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
    }
    if (performance.now() + RECEIPT_POLL_MS > deadline) {
      throw new WaitForTransactionReceiptTimeoutError({ hash });
    }
    await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS));
  }
}

/** Whether a viem error means the node could not be reached (rather than that it answered no). */
export function unreachable(error: unknown): boolean {
  return error instanceof BaseError &&
    error.walk((cause) =>
        cause instanceof HttpRequestError || cause instanceof TimeoutError ||
        cause instanceof SocketClosedError
      ) !== null;
}

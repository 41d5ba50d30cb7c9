/**
 * One Anvil process of the local EVM chain, made ready: the contracts
 * installed at their fixed addresses, the service's two accounts funded with
 * ether for gas, viem clients and the JSON-RPC proxy on it, and a liveness
 * probe for the supervisor. A restart makes a new one under the same keys.
 *
 * @module
 */
import {
  BaseError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  HttpRequestError,
  parseEther,
  SocketClosedError,
  TimeoutError,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createNonceManager, jsonRpc } from "viem/nonce";
import { ServiceError, UnavailableError } from "../../errors.ts";
import { type AnvilProcess, startAnvil } from "./anvil.ts";
import { installLocalContracts, type LocalContracts } from "./contracts.ts";
import { createRpcProxy } from "./rpc_proxy.ts";
import type { SupervisedProcess } from "./supervisor.ts";

/** Chain id of the local chain (Base Sepolia's, CAIP-2 `eip155:84532`). */
export const LOCAL_EVM_CHAIN_ID = 84532;
/** Ether given to the service's own accounts at start, for gas. */
const GAS_FUNDS = parseEther("1000");

/** How to start Anvil. */
export interface GenerationOptions {
  /** Path of the Anvil executable (default: the one installed from npm). */
  anvilBinary?: string;
  /** How long to wait for Anvil to answer at start, in milliseconds (default 15 s). */
  readyTimeoutMs?: number;
}

/** One Anvil process, prepared: its clients and proxy. A restart makes a new one. */
export interface Generation extends SupervisedProcess {
  readonly anvil: AnvilProcess;
  readonly rpcUrl: string;
  readonly publicClient: ReturnType<typeof createPublicClient>;
  readonly minterWallet: ReturnType<typeof createWalletClient>;
  readonly facilitatorWallet: ReturnType<typeof createWalletClient>;
  readonly handleRpc: (body: unknown) => Promise<unknown>;
}

/** The service's two keys on the chain, kept across restarts. */
export interface Keys {
  readonly minter: Hex;
  readonly facilitator: Hex;
}

/** Starts one Anvil and prepares it; stops it again when preparing fails. */
export async function startGeneration(
  contracts: LocalContracts,
  keys: Keys,
  options: GenerationOptions,
): Promise<Generation> {
  const anvil = await startAnvil({
    chainId: LOCAL_EVM_CHAIN_ID,
    ...(options.anvilBinary === undefined ? {} : { binary: options.anvilBinary }),
    ...(options.readyTimeoutMs === undefined ? {} : { readyTimeoutMs: options.readyTimeoutMs }),
  });
  try {
    return await prepare(anvil, contracts, keys);
  } catch (error) {
    await anvil.stop();
    throw error instanceof ServiceError
      ? error
      : new UnavailableError(`Cannot start the local EVM chain: ${message(error)}`, { cause: error });
  }
}

/** Installs the contracts and funds the service's accounts on a fresh Anvil. */
async function prepare(anvil: AnvilProcess, contracts: LocalContracts, keys: Keys): Promise<Generation> {
  const chain = defineChain({
    id: LOCAL_EVM_CHAIN_ID,
    name: "Local Base Sepolia",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const transport = http(anvil.rpcUrl, { retryCount: 0, timeout: 30_000 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 20 });
  // Fresh nonce managers: a new chain starts every account's nonce at zero.
  const account = (key: Hex) =>
    privateKeyToAccount(key, { nonceManager: createNonceManager({ source: jsonRpc() }) });
  const minter = account(keys.minter);
  const facilitator = account(keys.facilitator);
  const minterWallet = createWalletClient({ chain, transport, account: minter, pollingInterval: 20 });
  const facilitatorWallet = createWalletClient({
    chain,
    transport,
    account: facilitator,
    pollingInterval: 20,
  });

  const testClient = createTestClient({ chain, transport, mode: "anvil" });
  await installLocalContracts(testClient, contracts, minter.address);
  await testClient.setBalance({ address: minter.address, value: GAS_FUNDS });
  await testClient.setBalance({ address: facilitator.address, value: GAS_FUNDS });

  return {
    anvil,
    rpcUrl: anvil.rpcUrl,
    pid: anvil.pid,
    exited: anvil.exited,
    publicClient,
    minterWallet,
    facilitatorWallet,
    handleRpc: createRpcProxy(anvil.rpcUrl, { isRunning: () => anvil.running }),
    async probe(signal) {
      const response = await fetch(anvil.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
        signal,
      });
      const { result } = await response.json() as { result?: string };
      if (Number(result) !== LOCAL_EVM_CHAIN_ID) throw new Error(`unexpected chain id "${result}"`);
    },
    stop: () => anvil.stop(),
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

/** The first line of an error's message (viem's messages run to many lines). */
export function message(error: unknown): string {
  const text = error instanceof Error
    ? ("shortMessage" in error ? String(error.shortMessage) : error.message)
    : "";
  return text.split("\n")[0] || String(error);
}

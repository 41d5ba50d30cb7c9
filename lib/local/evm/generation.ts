/**
 * One Anvil process of the local EVM chain, made ready: the contracts
 * installed at their fixed addresses, the service's two accounts funded with
 * ether for gas, the JSON-RPC proxy on it, and a liveness probe for the
 * supervisor. A restart makes a new one under the same keys. Preparing it
 * takes plain JSON-RPC calls; viem's clients on it are made on first use.
 *
 * @module
 */
import { ServiceError, UnavailableError } from "../../shared/errors.ts";
import { type AnvilProcess, startAnvil } from "./anvil.ts";
import { installLocalContracts, type LocalContracts } from "./contracts.ts";
import { evmAddress, type Hex } from "./keys.ts";
import { importOnDemand } from "../../shared/on_demand.ts";
import type { Clients } from "./clients.ts";
import { nodeCall } from "./node_call.ts";
import { createRpcProxy } from "./rpc_proxy.ts";
import type { SupervisedProcess } from "./supervisor.ts";

/** Chain id of the local chain (Base Sepolia's, CAIP-2 `eip155:84532`). */
export const LOCAL_EVM_CHAIN_ID = 84532;
/** Ether given to the service's own accounts at start, for gas (1,000 ether, in wei). */
const GAS_FUNDS = 1_000n * 10n ** 18n;

/** How to start Anvil. */
export interface GenerationOptions {
  /** Path of the Anvil executable (default: the one installed from npm). */
  anvilBinary?: string;
  /** How long to wait for Anvil to answer at start, in milliseconds (default 15 s). */
  readyTimeoutMs?: number;
}

/** One Anvil process, prepared: its proxy, and its viem clients on demand. A restart makes a new one. */
export interface Generation extends SupervisedProcess {
  readonly anvil: AnvilProcess;
  readonly rpcUrl: string;
  /** viem's clients on this process (loaded with the first call, then shared). */
  clients(): Promise<Clients>;
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
  const call = nodeCall(anvil.rpcUrl);
  const minter = evmAddress(keys.minter);
  await installLocalContracts(call, contracts, minter);
  for (const address of [minter, evmAddress(keys.facilitator)]) {
    await call("anvil_setBalance", [address, `0x${GAS_FUNDS.toString(16)}`]);
  }
  let clients: Promise<Clients> | undefined;

  return {
    anvil,
    rpcUrl: anvil.rpcUrl,
    pid: anvil.pid,
    exited: anvil.exited,
    clients() {
      clients ??= loadClients().then(({ createClients }) =>
        createClients(anvil.rpcUrl, LOCAL_EVM_CHAIN_ID, keys)
      );
      return clients;
    },
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

/** viem's clients module (`clients.ts`), loaded on first use. */
export function loadClients(): Promise<typeof import("./clients.ts")> {
  return importOnDemand<typeof import("./clients.ts")>(new URL("./clients.ts", import.meta.url));
}

/** The first line of an error's message (viem's messages run to many lines). */
export function message(error: unknown): string {
  const text = error instanceof Error
    ? ("shortMessage" in error ? String(error.shortMessage) : error.message)
    : "";
  return text.split("\n")[0] || String(error);
}

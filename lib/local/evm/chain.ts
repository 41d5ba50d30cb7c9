/**
 * The embedded local EVM chain used for `/alt` payments in local mode: a real
 * Anvil node reporting Base Sepolia's chain id, our USDC stand-in at the Base
 * Sepolia USDC address, a faucet, a JSON-RPC proxy, and an `@x402/evm`
 * facilitator signer. Every key is generated at start and lives only in memory.
 *
 * Anvil is supervised (`supervisor.ts`): when it exits or stops answering,
 * the chain reports itself down, refuses work with 503s, and a new Anvil is
 * started with the contracts installed again and the service's accounts
 * funded again under the same keys. Anvil keeps its state in memory only, so
 * a restart loses every balance and transaction of the old chain; the status
 * says when that happened.
 *
 * @module
 */
import type { FacilitatorEvmSigner } from "@x402/evm";
import type { Address, Hex, VerifyTypedDataParameters } from "viem";
import { InvalidInputError, UnavailableError, UpstreamError } from "../../shared/errors.ts";
import { loadLocalContracts, LOCAL_EVM_USDC } from "./contracts.ts";
import {
  type Generation,
  type GenerationOptions,
  type Keys,
  loadClients,
  message,
  startGeneration,
} from "./generation.ts";
import type { Clients } from "./clients.ts";
import { evmAddress, generateEvmKey } from "./keys.ts";
import { supervise, type SupervisorOptions, type SupervisorStatus } from "./supervisor.ts";

export { LOCAL_EVM_USDC } from "./contracts.ts";
export { LOCAL_EVM_CHAIN_ID } from "./generation.ts";

/** Most local USDC one {@linkcode LocalEvm.fund} call mints, in atomic units (one million USDC). */
export const LOCAL_EVM_MAX_FUND_ATOMIC = 1_000_000n * 10n ** 6n;
/** Seconds after which a request refused while the chain restarts may be retried. */
const RESTART_RETRY_AFTER_SECONDS = 3;
/** How long the facilitator waits for a settlement's receipt, in ms. */
const CONFIRMATION_TIMEOUT_MS = 30_000;

/** The running local chain. */
export interface LocalEvm {
  /** Anvil's endpoint, `http://127.0.0.1:<port>` (a restart moves it to a new port). */
  readonly rpcUrl: string;
  /**
   * Proxies a parsed JSON-RPC request or batch to Anvil (for `POST /local/evm`).
   * Only standard read and broadcast methods pass. Never throws: failures are
   * JSON-RPC error objects.
   */
  handleRpc(body: unknown): Promise<unknown>;
  /**
   * Mints local USDC to `address` and waits for the block.
   *
   * @returns The mint transaction's hash.
   * @throws {InvalidInputError} On a malformed address or an amount outside 1..{@linkcode LOCAL_EVM_MAX_FUND_ATOMIC}.
   * @throws {UnavailableError} When the chain is down or stopped.
   */
  fund(address: Address, usdcAtomic: bigint): Promise<Hex>;
  /**
   * Reads the local USDC balance of `address`, in atomic units.
   *
   * @throws {InvalidInputError} On a malformed address.
   * @throws {UnavailableError} When the chain is down or stopped.
   */
  usdcBalance(address: Address): Promise<bigint>;
  /**
   * An `@x402/evm` facilitator signer over a throwaway key holding ether for
   * gas. It follows restarts; while the chain is down its calls fail with
   * {@linkcode UnavailableError}, and every failure to reach the chain is
   * counted in {@linkcode LocalEvm.rpcFailures}.
   */
  readonly facilitatorSigner: FacilitatorEvmSigner;
  /** How many times the facilitator signer failed to reach the chain so far. */
  readonly rpcFailures: number;
  /** Whether Anvil is up, its pid, and how many restarts (each losing the old chain's state) there were. */
  status(): SupervisorStatus;
  /** A 503 to refuse payments with while the chain is not up, or `undefined` when it is. */
  unavailable(): UnavailableError | undefined;
  /** Stops Anvil and its supervision; calling it again does nothing. */
  stop(): Promise<void>;
}

/** Options for {@linkcode startLocalEvm}. */
export interface LocalEvmOptions extends GenerationOptions {
  /** Probing and restart pacing of the supervision. */
  supervision?: SupervisorOptions;
}

/**
 * Starts Anvil, installs the local USDC, funds the service's accounts, and
 * supervises Anvil from then on.
 *
 * @example Funding a payer
 * ```ts
 * const evm = await startLocalEvm();
 * try {
 *   await evm.fund("0x000000000000000000000000000000000000dEaD", 1_000_000n); // 1 USDC
 * } finally {
 *   await evm.stop();
 * }
 * ```
 *
 * @param options Optional Anvil binary, readiness budget and supervision pacing.
 * @returns The running chain.
 * @throws {UnavailableError} When Anvil is missing or does not start.
 */
export async function startLocalEvm(options: LocalEvmOptions = {}): Promise<LocalEvm> {
  const contracts = await loadLocalContracts();
  const keys: Keys = { minter: generateEvmKey(), facilitator: generateEvmKey() };
  const start = () => startGeneration(contracts, keys, options);
  const supervisor = supervise(await start(), start, options.supervision);
  const facilitatorAddress = evmAddress(keys.facilitator);
  const usdcAbi = contracts.usdc.abi;
  let rpcFailures = 0;
  let last = supervisor.current()!;

  function unavailable(): UnavailableError | undefined {
    const status = supervisor.status();
    if (status.state === "up") return undefined;
    return new UnavailableError(
      status.state === "stopped"
        ? "The local EVM chain is stopped"
        : `The local EVM chain is down (${status.lastFailure?.reason ?? "restarting"}) and restarting: ` +
          "payments on it are refused until it is back",
      { retryAfterSeconds: RESTART_RETRY_AFTER_SECONDS },
    );
  }

  function chain(action: string): Generation {
    const current = supervisor.current();
    if (current) return last = current;
    const reason = unavailable();
    throw new UnavailableError(`Cannot ${action}: ${reason?.message ?? "the local EVM chain is down"}`, {
      retryAfterSeconds: RESTART_RETRY_AFTER_SECONDS,
    });
  }

  /** Runs a facilitator call on the current chain's clients, counting failures to reach it. */
  async function onChain<T>(call: (clients: Clients) => Promise<T>): Promise<T> {
    let generation: Generation;
    try {
      generation = chain("reach the local EVM chain");
    } catch (error) {
      rpcFailures++;
      throw error;
    }
    try {
      return await call(await generation.clients());
    } catch (error) {
      const { unreachable } = await loadClients();
      if (unreachable(error) || !generation.anvil.running) rpcFailures++;
      throw error;
    }
  }

  async function fund(address: Address, usdcAtomic: bigint): Promise<Hex> {
    checkAddress(address);
    if (typeof usdcAtomic !== "bigint" || usdcAtomic <= 0n || usdcAtomic > LOCAL_EVM_MAX_FUND_ATOMIC) {
      throw new InvalidInputError(
        `Invalid amount "${
          String(usdcAtomic)
        }": must be 1 to ${LOCAL_EVM_MAX_FUND_ATOMIC} atomic units of USDC`,
      );
    }
    const { minterWallet, publicClient } = await chain("fund local USDC").clients();
    try {
      const hash = await minterWallet.writeContract({
        address: LOCAL_EVM_USDC,
        abi: usdcAbi,
        functionName: "mint",
        args: [address, usdcAtomic],
        account: minterWallet.account!,
        chain: minterWallet.chain,
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: 30_000 });
      if (receipt.status !== "success") throw new Error(`mint transaction "${hash}" reverted`);
      return hash;
    } catch (error) {
      throw new UpstreamError(`Cannot fund "${address}" with local USDC: ${message(error)}`, {
        cause: error,
      });
    }
  }

  async function usdcBalance(address: Address): Promise<bigint> {
    checkAddress(address);
    const { publicClient } = await chain("read a local USDC balance").clients();
    try {
      return await publicClient.readContract({
        address: LOCAL_EVM_USDC,
        abi: usdcAbi,
        functionName: "balanceOf",
        args: [address],
      }) as bigint;
    } catch (error) {
      throw new UpstreamError(`Cannot read the local USDC balance of "${address}": ${message(error)}`, {
        cause: error,
      });
    }
  }

  // The shape `toFacilitatorEvmSigner` of `@x402/evm` gives, built here so that start-up loads neither it nor viem.
  const facilitatorSigner: FacilitatorEvmSigner = {
    getAddresses: () => [facilitatorAddress],
    readContract: (args) => onChain((c) => c.publicClient.readContract({ ...args, args: args.args ?? [] })),
    verifyTypedData: (args) =>
      onChain((c) => c.publicClient.verifyTypedData(args as VerifyTypedDataParameters)),
    writeContract: (args) =>
      onChain((c) =>
        c.facilitatorWallet.writeContract({
          ...args,
          args: args.args ?? [],
          account: c.facilitatorWallet.account!,
          chain: c.facilitatorWallet.chain,
        })
      ),
    sendTransaction: (args) =>
      onChain((c) =>
        c.facilitatorWallet.sendTransaction({
          ...args,
          account: c.facilitatorWallet.account!,
          chain: c.facilitatorWallet.chain,
        })
      ),
    waitForTransactionReceipt: (args) =>
      onChain((c) => c.publicClient.waitForTransactionReceipt({ ...args, timeout: CONFIRMATION_TIMEOUT_MS })),
    getCode: (args) => onChain((c) => c.publicClient.getCode(args)),
  };

  return {
    get rpcUrl() {
      return (supervisor.current() ?? last).rpcUrl;
    },
    handleRpc: (body) => (supervisor.current() ?? last).handleRpc(body),
    fund,
    usdcBalance,
    facilitatorSigner,
    get rpcFailures() {
      return rpcFailures;
    },
    status: () => supervisor.status(),
    unavailable,
    stop: () => supervisor.stop(),
  };
}

/** Throws {@linkcode InvalidInputError} unless `address` is a 20-byte hex address (any letter case). */
function checkAddress(address: unknown): asserts address is Address {
  if (typeof address !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
    throw new InvalidInputError(`Invalid address "${String(address)}": not a 20-byte hex EVM address`);
  }
}

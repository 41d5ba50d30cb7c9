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
import type { Address, Hex } from "viem";
import type { UnavailableError } from "../../shared/errors.ts";
import { chainAccess } from "./chain_access.ts";
import { loadLocalContracts } from "./contracts.ts";
import { type GenerationOptions, type Keys, startGeneration } from "./generation.ts";
import { localFacilitatorSigner } from "./facilitator_signer.ts";
import { evmAddress, generateEvmKey } from "./keys.ts";
import { supervise, type SupervisorOptions, type SupervisorStatus } from "./supervisor.ts";
import { fundUsdc, readUsdcBalance } from "./usdc_calls.ts";

export { LOCAL_EVM_USDC } from "./contracts.ts";
export { LOCAL_EVM_CHAIN_ID } from "./generation.ts";
export { LOCAL_EVM_MAX_FUND_ATOMIC } from "./usdc_calls.ts";

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
  const access = chainAccess(supervisor);
  const usdcAbi = contracts.usdc.abi;
  return {
    get rpcUrl() {
      return access.latest().rpcUrl;
    },
    handleRpc: (body) => access.latest().handleRpc(body),
    fund: (address, usdcAtomic) => fundUsdc(access, usdcAbi, address, usdcAtomic),
    usdcBalance: (address) => readUsdcBalance(access, usdcAbi, address),
    facilitatorSigner: localFacilitatorSigner(evmAddress(keys.facilitator), access.onChain),
    get rpcFailures() {
      return access.rpcFailures;
    },
    status: () => supervisor.status(),
    unavailable: access.unavailable,
    stop: () => supervisor.stop(),
  };
}

/**
 * The embedded local EVM chain used for `/alt` payments in local mode: a real
 * Anvil node reporting Base Sepolia's chain id, our USDC stand-in at the Base
 * Sepolia USDC address, a faucet, a JSON-RPC proxy, and an `@x402/evm`
 * facilitator signer. Every key is generated at start and lives only in memory.
 *
 * @module
 */
import { type FacilitatorEvmSigner, toFacilitatorEvmSigner } from "@x402/evm";
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  isAddress,
  nonceManager,
  parseEther,
  type VerifyTypedDataParameters,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { InvalidInputError, ServiceError, UnavailableError, UpstreamError } from "../../errors.ts";
import { type AnvilProcess, startAnvil } from "./anvil.ts";
import {
  installLocalContracts,
  loadLocalContracts,
  LOCAL_EVM_USDC,
  type LocalContracts,
} from "./contracts.ts";
import { createRpcProxy } from "./rpc_proxy.ts";

export { LOCAL_EVM_USDC } from "./contracts.ts";

/** Chain id of the local chain (Base Sepolia's, CAIP-2 `eip155:84532`). */
export const LOCAL_EVM_CHAIN_ID = 84532;
/** Most local USDC one {@linkcode LocalEvm.fund} call mints, in atomic units (one million USDC). */
export const LOCAL_EVM_MAX_FUND_ATOMIC = 1_000_000n * 10n ** 6n;
/** Ether given to the service's own accounts at start, for gas. */
const GAS_FUNDS = parseEther("1000");

/** The running local chain. */
export interface LocalEvm {
  /** Anvil's endpoint, `http://127.0.0.1:<port>`. */
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
   * @throws {UnavailableError} When the chain is stopped.
   */
  fund(address: Address, usdcAtomic: bigint): Promise<Hex>;
  /**
   * Reads the local USDC balance of `address`, in atomic units.
   *
   * @throws {InvalidInputError} On a malformed address.
   */
  usdcBalance(address: Address): Promise<bigint>;
  /** An `@x402/evm` facilitator signer over a throwaway key holding ether for gas. */
  readonly facilitatorSigner: FacilitatorEvmSigner;
  /** Stops Anvil; calling it again does nothing. */
  stop(): Promise<void>;
}

/** Options for {@linkcode startLocalEvm}. */
export interface LocalEvmOptions {
  /** Path of the Anvil executable (default: the one installed from npm). */
  anvilBinary?: string;
  /** How long to wait for Anvil to answer at start, in milliseconds (default 15 s). */
  readyTimeoutMs?: number;
}

/**
 * Starts Anvil, installs the local USDC and funds the service's accounts.
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
 * @param options Optional Anvil binary and readiness budget.
 * @returns The running chain.
 * @throws {UnavailableError} When Anvil is missing or does not start.
 */
export async function startLocalEvm(options: LocalEvmOptions = {}): Promise<LocalEvm> {
  const contracts = await loadLocalContracts();
  const anvil = await startAnvil({
    chainId: LOCAL_EVM_CHAIN_ID,
    ...(options.anvilBinary === undefined ? {} : { binary: options.anvilBinary }),
    ...(options.readyTimeoutMs === undefined ? {} : { readyTimeoutMs: options.readyTimeoutMs }),
  });
  try {
    return await prepare(anvil, contracts);
  } catch (error) {
    await anvil.stop();
    throw error instanceof ServiceError
      ? error
      : new UnavailableError(`Cannot start the local EVM chain: ${message(error)}`, { cause: error });
  }
}

/** Installs the contracts, funds the service's accounts and builds the {@linkcode LocalEvm}. */
async function prepare(
  anvil: AnvilProcess,
  contracts: LocalContracts,
): Promise<LocalEvm> {
  const chain = defineChain({
    id: LOCAL_EVM_CHAIN_ID,
    name: "Local Base Sepolia",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  });
  const transport = http(anvil.rpcUrl, { retryCount: 0, timeout: 30_000 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 20 });
  const minter = privateKeyToAccount(generatePrivateKey(), { nonceManager });
  const facilitator = privateKeyToAccount(generatePrivateKey(), { nonceManager });
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

  const usdcAbi = contracts.usdc.abi;

  function requireRunning(action: string): void {
    if (!anvil.running) throw new UnavailableError(`Cannot ${action}: the local EVM chain is stopped`);
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
    requireRunning("fund local USDC");
    try {
      const hash = await minterWallet.writeContract({
        address: LOCAL_EVM_USDC,
        abi: usdcAbi,
        functionName: "mint",
        args: [address, usdcAtomic],
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
    requireRunning("read a local USDC balance");
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

  const facilitatorSigner = toFacilitatorEvmSigner({
    address: facilitator.address,
    readContract: (args) => publicClient.readContract({ ...args, args: args.args ?? [] }),
    verifyTypedData: (args) => publicClient.verifyTypedData(args as VerifyTypedDataParameters),
    writeContract: (args) => facilitatorWallet.writeContract({ ...args, args: args.args ?? [] }),
    sendTransaction: (args) => facilitatorWallet.sendTransaction(args),
    waitForTransactionReceipt: (args) => publicClient.waitForTransactionReceipt(args),
    getCode: (args) => publicClient.getCode(args),
  }, { confirmationTimeoutMs: 30_000 });

  return {
    rpcUrl: anvil.rpcUrl,
    handleRpc: createRpcProxy(anvil.rpcUrl, { isRunning: () => anvil.running }),
    fund,
    usdcBalance,
    facilitatorSigner,
    stop: () => anvil.stop(),
  };
}

/** Throws {@linkcode InvalidInputError} unless `address` is a 20-byte hex address. */
function checkAddress(address: unknown): asserts address is Address {
  if (typeof address !== "string" || !isAddress(address, { strict: false })) {
    throw new InvalidInputError(`Invalid address "${String(address)}": not a 20-byte hex EVM address`);
  }
}

/** The first line of an error's message (viem's messages run to many lines). */
function message(error: unknown): string {
  const text = error instanceof Error
    ? ("shortMessage" in error ? String(error.shortMessage) : error.message)
    : "";
  return text.split("\n")[0] || String(error);
}

/**
 * The local chain's contracts: our USDC stand-in (`usdc.sol`) and a
 * Multicall3-compatible `tryAggregate` (`multicall.sol`), compiled with solc
 * (solcjs, in a short-lived worker) by `deno task build:contracts` into
 * `contracts.json`, which start-up loads and installs at fixed addresses. A
 * test compiles the sources again and requires the same artifact, so the two
 * never drift.
 *
 * Placement uses `anvil_setCode` with the runtime bytecode rather than a
 * deployment: the contracts need no constructor (the USDC EIP-712 domain
 * separator is derived from `block.chainid` and `address(this)` on each use),
 * so the only state to seed is the USDC `minter` slot, whose index comes from
 * solc's storage layout rather than being assumed.
 *
 * @module
 */
import type { Abi, Address, Hex } from "viem";
import type { NodeCall } from "./node_call.ts";

/** The Base Sepolia USDC address, where the local USDC lives. */
export const LOCAL_EVM_USDC: Address = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";
/** The usual Multicall3 address, where the local `tryAggregate` lives. */
export const LOCAL_EVM_MULTICALL3: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";

/** One compiled contract. */
export interface CompiledContract {
  /** The contract's ABI. */
  readonly abi: Abi;
  /** The runtime (deployed) bytecode. */
  readonly runtimeBytecode: Hex;
  /** Storage slot of each state variable, by name. */
  readonly slots: Readonly<Record<string, bigint>>;
}

/** The compiled local contracts. */
export interface LocalContracts {
  /** The USDC stand-in. */
  readonly usdc: CompiledContract;
  /** The `tryAggregate` multicall. */
  readonly multicall: CompiledContract;
  /** Wall time of compiling (or loading the artifact), in milliseconds. */
  readonly compileMs: number;
}

/** Contract name and source file of each local contract. */
const SOURCES = {
  usdc: { file: "usdc.sol", contract: "LocalUsdc" },
  multicall: { file: "multicall.sol", contract: "LocalMulticall" },
} as const;

let compiled: Promise<LocalContracts> | undefined;

/** The artifact file written by `deno task build:contracts`. */
export const CONTRACTS_ARTIFACT = new URL("./contracts.json", import.meta.url);

/** The artifact's form: {@linkcode LocalContracts} with slots as decimal strings. */
type Artifact = Record<
  "usdc" | "multicall",
  { abi: Abi; runtimeBytecode: Hex; slots: Record<string, string> }
>;

/** The compiled contracts as the artifact file stores them. */
export function toArtifact(contracts: LocalContracts): Artifact {
  const entry = (contract: CompiledContract) => ({
    abi: contract.abi,
    runtimeBytecode: contract.runtimeBytecode,
    slots: Object.fromEntries(Object.entries(contract.slots).map(([name, slot]) => [name, slot.toString()])),
  });
  return { usdc: entry(contracts.usdc), multicall: entry(contracts.multicall) };
}

/**
 * Loads the compiled contracts from `contracts.json` (no solc at start-up).
 *
 * @throws {Error} When the artifact is missing or malformed: run `deno task build:contracts`.
 */
export async function loadLocalContracts(): Promise<LocalContracts> {
  const started = performance.now();
  let artifact: Artifact;
  try {
    artifact = JSON.parse(await Deno.readTextFile(CONTRACTS_ARTIFACT));
  } catch (error) {
    throw new Error("Cannot load the local EVM contracts: run `deno task build:contracts`", { cause: error });
  }
  const contract = (entry: Artifact["usdc"]): CompiledContract => ({
    abi: entry.abi,
    runtimeBytecode: entry.runtimeBytecode,
    slots: Object.fromEntries(Object.entries(entry.slots).map(([name, slot]) => [name, BigInt(slot)])),
  });
  return {
    usdc: contract(artifact.usdc),
    multicall: contract(artifact.multicall),
    compileMs: performance.now() - started,
  };
}

/**
 * Compiles the local contracts, once per process (later calls share the result).
 *
 * @returns The ABIs, runtime bytecode and storage slots.
 * @throws {Error} When the Solidity sources do not compile (a build defect).
 */
export function compileLocalContracts(): Promise<LocalContracts> {
  compiled ??= compile().catch((error) => {
    compiled = undefined;
    throw error;
  });
  return compiled;
}

/** Loads solc and compiles both sources in one standard-JSON run. */
async function compile(): Promise<LocalContracts> {
  const started = performance.now();
  const sources: Record<string, { content: string }> = {};
  for (const { file } of Object.values(SOURCES)) {
    sources[file] = { content: await Deno.readTextFile(new URL(`./${file}`, import.meta.url)) };
  }
  const input = {
    language: "Solidity",
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "cancun",
      outputSelection: { "*": { "*": ["abi", "evm.deployedBytecode.object", "storageLayout"] } },
    },
  };
  const output = JSON.parse(await runSolc(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === "error");
  if (errors.length > 0) {
    throw new Error(
      `Cannot compile the local EVM contracts: ${errors.map((e) => e.formattedMessage).join("\n")}`,
    );
  }
  return {
    usdc: artifact(output, SOURCES.usdc.file, SOURCES.usdc.contract),
    multicall: artifact(output, SOURCES.multicall.file, SOURCES.multicall.contract),
    compileMs: performance.now() - started,
  };
}

/** Runs solc on a standard-JSON input in a short-lived worker. */
function runSolc(input: string): Promise<string> {
  const worker = new Worker(new URL("./solc_worker.ts", import.meta.url), { type: "module" });
  const output = new Promise<string>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<string>) => {
      if (event.data === "ready") worker.postMessage(input);
      else resolve(event.data);
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      reject(new Error(`Cannot compile the local EVM contracts: solc failed: ${event.message}`));
    };
  });
  return output.finally(() => worker.terminate());
}

/** The parts of solc's standard-JSON output that are used here. */
interface SolcOutput {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts?: Record<string, Record<string, SolcContract>>;
}

/** One contract in solc's output. */
interface SolcContract {
  abi: Abi;
  evm: { deployedBytecode: { object: string } };
  storageLayout: { storage: Array<{ label: string; slot: string }> };
}

/** Picks one contract out of solc's output. */
function artifact(output: SolcOutput, file: string, name: string): CompiledContract {
  const contract = output.contracts?.[file]?.[name];
  if (!contract) throw new Error(`Cannot compile the local EVM contracts: "${name}" missing from "${file}"`);
  const slots = Object.fromEntries(
    contract.storageLayout.storage.map((item) => [item.label, BigInt(item.slot)]),
  );
  return { abi: contract.abi, runtimeBytecode: `0x${contract.evm.deployedBytecode.object}`, slots };
}

/**
 * Installs the local contracts on an Anvil node and makes `minter` the USDC minter.
 *
 * @param call JSON-RPC calls on the node.
 * @param contracts The compiled contracts.
 * @param minter The only account that may mint local USDC.
 */
export async function installLocalContracts(
  call: NodeCall,
  contracts: LocalContracts,
  minter: Address,
): Promise<void> {
  const minterSlot = contracts.usdc.slots.minter;
  if (minterSlot === undefined) {
    throw new Error('Cannot install local USDC: no "minter" slot in its storage layout');
  }
  await call("anvil_setCode", [LOCAL_EVM_USDC, contracts.usdc.runtimeBytecode]);
  await call("anvil_setStorageAt", [LOCAL_EVM_USDC, word(minterSlot.toString(16)), word(minter.slice(2))]);
  await call("anvil_setCode", [LOCAL_EVM_MULTICALL3, contracts.multicall.runtimeBytecode]);
}

/** `hexDigits` left-padded to one 32-byte storage word, 0x-prefixed. */
function word(hexDigits: string): Hex {
  return `0x${hexDigits.toLowerCase().padStart(64, "0")}`;
}

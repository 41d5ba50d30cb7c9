/**
 * The two things the local chain's callers do with its USDC stand-in: mint
 * some to an address (the faucet) and read an address's balance. Both check
 * their input before touching the chain and turn the chain's failures into
 * {@linkcode UpstreamError}s that name the address.
 *
 * @module
 */
import type { Abi, Address, Hex } from "viem";
import { InvalidInputError, UpstreamError } from "../../shared/errors.ts";
import type { ChainAccess } from "./chain_access.ts";
import { LOCAL_EVM_USDC } from "./contracts.ts";
import { message } from "./generation.ts";

/** How long a mint waits for its receipt, in ms. */
const FUND_RECEIPT_TIMEOUT_MS = 30_000;

/** Most local USDC one {@linkcode fundUsdc} call mints, in atomic units (one million USDC). */
export const LOCAL_EVM_MAX_FUND_ATOMIC = 1_000_000n * 10n ** 6n;

/**
 * Mints `usdcAtomic` local USDC to `address` and waits for the block.
 *
 * @returns The mint transaction's hash.
 * @throws {InvalidInputError} On a malformed address or an amount outside 1..{@linkcode LOCAL_EVM_MAX_FUND_ATOMIC}.
 * @throws {UnavailableError} When the chain is down or stopped.
 * @throws {UpstreamError} When the mint fails or reverts.
 */
export async function fundUsdc(
  access: ChainAccess,
  usdcAbi: Abi,
  address: Address,
  usdcAtomic: bigint,
): Promise<Hex> {
  checkAddress(address);
  if (typeof usdcAtomic !== "bigint" || usdcAtomic <= 0n || usdcAtomic > LOCAL_EVM_MAX_FUND_ATOMIC) {
    throw new InvalidInputError(
      `Invalid amount "${
        String(usdcAtomic)
      }": must be 1 to ${LOCAL_EVM_MAX_FUND_ATOMIC} atomic units of USDC`,
    );
  }
  const { inTurn, receipt: receiptOf } = await access.generation("fund local USDC").clients();
  try {
    const hash = await inTurn("minterWallet", (minter) =>
      minter.writeContract({
        address: LOCAL_EVM_USDC,
        abi: usdcAbi,
        functionName: "mint",
        args: [address, usdcAtomic],
        account: minter.account!,
        chain: minter.chain,
      }));
    const receipt = await receiptOf(hash, FUND_RECEIPT_TIMEOUT_MS);
    if (receipt.status !== "success") throw new Error(`mint transaction "${hash}" reverted`);
    return hash;
  } catch (error) {
    throw new UpstreamError(`Cannot fund "${address}" with local USDC: ${message(error)}`, {
      cause: error,
    });
  }
}

/**
 * Reads the local USDC balance of `address`, in atomic units.
 *
 * @throws {InvalidInputError} On a malformed address.
 * @throws {UnavailableError} When the chain is down or stopped.
 * @throws {UpstreamError} When the read fails.
 */
export async function readUsdcBalance(access: ChainAccess, usdcAbi: Abi, address: Address): Promise<bigint> {
  checkAddress(address);
  const { publicClient } = await access.generation("read a local USDC balance").clients();
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

/** Throws {@linkcode InvalidInputError} unless `address` is a 20-byte hex address (any letter case). */
function checkAddress(address: unknown): asserts address is Address {
  if (typeof address !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
    throw new InvalidInputError(`Invalid address "${String(address)}": not a 20-byte hex EVM address`);
  }
}

/**
 * USDC on the local chain: the devnet USDC mint planted at its real address
 * (6 decimals, a local mint authority) and a faucet that credits an owner's
 * associated token account directly, keeping the mint's supply in step.
 *
 * @module
 */
import { address } from "@solana/kit";
import type { Address } from "@solana/kit";
import { getMintEncoder, getTokenEncoder } from "@solana-program/token";
import type { LiteSVM } from "litesvm";
import { associatedTokenAddress } from "./ata.ts";
import { parseMint, parseTokenAccount, TOKEN_PROGRAM } from "./token_accounts.ts";

/** The USDC mint of the local chain: devnet USDC, planted at its real address. */
export const LOCAL_USDC_MINT: Address = address("4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU");
/** Decimals of {@linkcode LOCAL_USDC_MINT}. */
export const LOCAL_USDC_DECIMALS = 6;
const MINT_SIZE = 82n;
const TOKEN_ACCOUNT_SIZE = 165n;

/** Plants the USDC mint (supply 0) with `mintAuthority` as its mint authority. */
export function plantUsdcMint(svm: LiteSVM, mintAuthority: Address): void {
  const data = new Uint8Array(
    getMintEncoder().encode({
      mintAuthority,
      supply: 0n,
      decimals: LOCAL_USDC_DECIMALS,
      isInitialized: true,
      freezeAuthority: null,
    }),
  );
  svm.setAccount({
    address: LOCAL_USDC_MINT,
    data,
    executable: false,
    lamports: svm.minimumBalanceForRentExemption(MINT_SIZE) as never,
    programAddress: TOKEN_PROGRAM,
    space: MINT_SIZE,
  });
}

/** The USDC associated token account of `owner`. */
export function usdcAccountOf(owner: Address): Address {
  return associatedTokenAddress(owner, LOCAL_USDC_MINT, TOKEN_PROGRAM);
}

/** USDC (atomic units) in `owner`'s associated token account; `0n` if there is none. */
export function usdcBalanceOf(svm: LiteSVM, owner: Address): bigint {
  const account = svm.getAccount(usdcAccountOf(owner));
  return account.exists ? parseTokenAccount(account)?.amount ?? 0n : 0n;
}

/**
 * Adds `amount` USDC to `owner`'s associated token account, creating it
 * (rent-exempt, initialized) if needed, and raises the mint's supply to match.
 */
export function creditUsdc(svm: LiteSVM, owner: Address, amount: bigint): void {
  const mint = svm.getAccount(LOCAL_USDC_MINT);
  const mintState = mint.exists ? parseMint(mint) : null;
  if (!mint.exists || !mintState) throw new Error(`USDC mint "${LOCAL_USDC_MINT}" is not planted`);
  const tokenAddress = usdcAccountOf(owner);
  const existing = svm.getAccount(tokenAddress);
  const current = existing.exists ? parseTokenAccount(existing) : null;
  if (existing.exists && !current) throw new Error(`Account "${tokenAddress}" is not a token account`);
  const data = new Uint8Array(
    getTokenEncoder().encode({
      mint: LOCAL_USDC_MINT,
      owner,
      amount: (current?.amount ?? 0n) + amount,
      delegate: null,
      state: 1,
      isNative: null,
      delegatedAmount: 0n,
      closeAuthority: null,
    }),
  );
  if (existing.exists) data.set(existing.data.subarray(72, 165), 72);
  svm.setAccount({
    address: tokenAddress,
    data,
    executable: false,
    lamports: existing.exists
      ? existing.lamports
      : svm.minimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE) as never,
    programAddress: TOKEN_PROGRAM,
    space: TOKEN_ACCOUNT_SIZE,
  });
  const mintData = new Uint8Array(mint.data);
  new DataView(mintData.buffer).setBigUint64(36, mintState.supply + amount, true);
  svm.setAccount({ ...mint, data: mintData });
}

/**
 * The local faucet: credits lamports to an account directly, outside the
 * ledger (like a genesis allocation), so funding test wallets neither uses
 * slots nor adds zero-fee transactions to the fee history.
 *
 * @module
 */
import { address } from "@solana/kit";
import type { Address, Lamports } from "@solana/kit";
import type { LiteSVM } from "litesvm";

const SYSTEM_PROGRAM = address("11111111111111111111111111111111");

/** Adds `lamports` to `owner`, creating it as an empty system account if needed. */
export function creditLamports(svm: LiteSVM, owner: Address, lamports: bigint): void {
  const account = svm.getAccount(owner);
  if (account.exists) {
    svm.setAccount({
      ...account,
      data: new Uint8Array(account.data),
      lamports: (account.lamports + lamports) as Lamports,
    });
    return;
  }
  svm.setAccount({
    address: owner,
    data: new Uint8Array(),
    executable: false,
    lamports: lamports as Lamports,
    programAddress: SYSTEM_PROGRAM,
    space: 0n,
  });
}

/**
 * The tokens a swap's source account lacked, read from what the swap program
 * logs before it checks the balance. Raydium AMM v4 writes its `ray_log`
 * (the amount in, or the amount it would deduct, and the source account's
 * balance) and then fails with `insufficient funds`: the difference is what
 * to add. Kept apart from the token programs' own shortfalls
 * (`missing_funds.ts`), which read a transfer's amount instead.
 *
 * @module
 */
import type { ResolvedInstruction } from "./failing_instruction.ts";
import type { LogFrame } from "./logs.ts";
import type { BalanceSnapshot } from "./balances.ts";

/** Raydium AMM v4. */
const RAYDIUM_AMM_V4 = "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8";

/** What a swap needed from its source account against what that account held. */
export interface SwapShortfall {
  needed: bigint;
  balance: bigint;
  missing: bigint;
  /** The source token account and its mint, when the instruction and the balances agree on them. */
  account?: string;
  mint?: string;
}

/**
 * The shortfall a failed Raydium AMM v4 swap states: its `ray_log` is bincode
 * of `{log_type u8, amount_in|max_in, minimum_out|amount_out, direction,
 * user_source, pool_coin, pool_pc, out_amount|deduct_in}` (u64s); a swap in
 * (type 3) needs `amount_in`, a swap out (type 4) `deduct_in`. The source
 * account is the swap's third account from the end, named only when its
 * recorded balance is the one the log states.
 */
export function swapShortfall(
  frame: LogFrame,
  instruction: ResolvedInstruction | null,
  snapshot: BalanceSnapshot | null,
): SwapShortfall | null {
  if (frame.program !== RAYDIUM_AMM_V4) return null;
  const line = frame.logs.findLast((entry) => entry.startsWith("Program log: ray_log: "));
  if (!line) return null;
  const bytes = Uint8Array.from(atob(line.slice("Program log: ray_log: ".length)), (c) => c.charCodeAt(0));
  if (bytes.length < 57 || (bytes[0] !== 3 && bytes[0] !== 4)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u64 = (index: number) => view.getBigUint64(1 + 8 * index, true);
  const needed = bytes[0] === 3 ? u64(0) : u64(6);
  const balance = u64(3);
  if (needed <= balance) return null;
  const source = instruction?.program === RAYDIUM_AMM_V4 ? instruction.accounts.at(-3) : undefined;
  const recorded = source ? snapshot?.preTokens.find((token) => token.account === source) : undefined;
  return {
    needed,
    balance,
    missing: needed - balance,
    ...(recorded && recorded.amount === balance ? { account: source, mint: recorded.mint } : {}),
  };
}

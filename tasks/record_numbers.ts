/**
 * The numbers a failed transaction's own record fixes for its next action,
 * read from its log lines and its failing instruction's arguments: the
 * per-transaction half of the expert rulings (`expert_rulings.ts` holds the
 * accepted answers by kind of failure).
 *
 * @module
 */

import { raydiumNumbers } from "./expert_swap_numbers.ts";
/** A recorded transaction, as much of it as the numbers need. */
export interface RecordView {
  logs: string[];
  err: unknown;
  accountKeys: string[];
  /** The accounts of the failing top-level instruction, in order. */
  failingAccounts: string[];
  /** The program and data of the failing top-level instruction, when the record has them. */
  failingInstruction: { program: string; data: Uint8Array } | null;
}

/** Jupiter v6 and v4: both routes end their arguments with the quote, the slippage bps and the fee bps. */
const JUPITER_ROUTERS = new Set([
  "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
  "JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB",
]);

/**
 * The numbers a transaction's own record fixes, as dotted `nextAction` paths
 * and their values: the lamports a System transfer lacked and the account
 * that lacked them, the bound (`Left`)
 * and amount a pump.fun or PumpSwap slippage check logged (`Left:` and `Right:`,
 * told apart by the side: a buy's bound is the cap it exceeded, a sell's the
 * minimum it fell short of), the
 * account InsufficientFundsForRent names, and a Jupiter route's quoted amount
 * and slippage bps from its own arguments.
 */
export function numbersFromRecord(
  program: string | null,
  record: RecordView,
): Record<string, string | number> {
  const numbers: Record<string, string | number> = {};
  const lamports = record.logs.map((line) => line.match(/insufficient lamports (\d+), need (\d+)/)).find(
    Boolean,
  );
  if (program === "11111111111111111111111111111111" && lamports) {
    numbers.lamportsMissing = Number(lamports[2]) - Number(lamports[1]);
    // A top-level System transfer's first account is the one paying, the one short of lamports.
    if (record.failingAccounts[0]) numbers.account = record.failingAccounts[0];
  }
  // A route's quote and setting speak to its slippage check (6001), not to its other failures.
  if (record.logs.includes(`Program ${program} failed: custom program error: 0x1771`)) {
    Object.assign(numbers, routeArguments(program, record.failingInstruction));
  }
  Object.assign(numbers, raydiumNumbers(program, record.logs, record.failingInstruction));
  const rent = (record.err as { InsufficientFundsForRent?: { account_index: number } })
    ?.InsufficientFundsForRent;
  if (rent) numbers.account = record.accountKeys[rent.account_index]!;
  const slippageChecked = program === "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P" ||
    program === "pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA";
  const compared = comparedPair(record.logs);
  if (slippageChecked && compared) {
    // A buy caps what is paid: the check fails when the amount exceeds the bound, so the bound is the
    // smaller side. A sell sets a minimum out: the amount falls short of it, so the bound is the larger.
    const buying = record.logs.some((line) => line === "Program log: Instruction: Buy");
    const [small, large] = compared[0] < compared[1] ? compared : [compared[1], compared[0]];
    numbers["slippage.bound.amount"] = String(buying ? small : large);
    numbers["slippage.actual.amount"] = String(buying ? large : small);
  }
  return numbers;
}

/** The two sides of the first `Left:` / `Right:` comparison a program logged. */
function comparedPair(logs: string[]): [bigint, bigint] | null {
  const left = logs.map((line) => line.match(/^Program log: Left: (\d+)$/)).find(Boolean);
  const right = logs.map((line) => line.match(/^Program log: Right: (\d+)$/)).find(Boolean);
  return left && right ? [BigInt(left[1]!), BigInt(right[1]!)] : null;
}

/**
 * A Jupiter v6 or v4 route's quoted out amount and slippage bps, the last eleven
 * bytes of every route instruction's arguments (`quoted_out_amount: u64,
 * slippage_bps: u16, platform_fee_bps: u8`), when the route is the failing
 * top-level instruction. With no slippage and no fee, the minimum out is the
 * quote itself.
 */
function routeArguments(
  program: string | null,
  instruction: RecordView["failingInstruction"],
): Record<string, string | number> {
  if (
    !program || !JUPITER_ROUTERS.has(program) || instruction?.program !== program ||
    instruction.data.length < 19
  ) {
    return {};
  }
  const { data } = instruction;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const quoted = view.getBigUint64(data.length - 11, true);
  const slippageBps = view.getUint16(data.length - 3, true);
  const platformFeeBps = data[data.length - 1]!;
  return {
    "slippage.quoted.amount": String(quoted),
    "slippage.slippageBps.value": slippageBps,
    ...(slippageBps === 0 && platformFeeBps === 0 ? { "slippage.bound.amount": String(quoted) } : {}),
  };
}

/**
 * Works out what is missing when a transaction ran out of funds.
 *
 * @module
 */
import { failingInstruction, type ResolvedInstruction } from "./failing_instruction.ts";
import type { ActionInput, NextAction } from "./action_types.ts";
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "./program_errors/spl_token.ts";
import { SYSTEM_PROGRAM } from "./program_errors/system.ts";
import { swapShortfall } from "./swap_shortfall.ts";

/**
 * The `add_funds` action with what is missing and where: the fee payer's
 * shortfall for the fee, a System transfer's lamports (from its log), or a
 * token transfer's or burn's tokens (its amount against the source balance).
 *
 * @param reason The reason to give when nothing more specific is known.
 */
export function missingFunds(input: ActionInput, reason: string): NextAction {
  const { failure, frame, frames, view, snapshot, innerInstructions, fee } = input;
  const name = failure?.errorName;
  if ((name === "InsufficientFundsForFee" || name === "AccountNotFound") && view) {
    const payer = view.accountKeys[0]?.address;
    const balance = snapshot?.preLamports[0] ?? 0;
    const needed = fee?.totalLamports ?? null;
    return {
      action: "add_funds",
      reason: `The fee payer cannot pay the fee${
        needed !== null ? ` of ${needed} lamports` : ""
      }: add SOL to it`,
      ...(payer ? { account: payer } : {}),
      ...(needed !== null && needed > balance ? { lamportsMissing: needed - balance } : {}),
    };
  }
  if (!frame || !view) {
    return { action: "add_funds", reason, ...(failure?.account ? { account: failure.account } : {}) };
  }
  const instruction = failingInstruction(frame, frames, view, innerInstructions);
  if (frame.program === SYSTEM_PROGRAM) {
    const shortfall = frame.logs.map((line) => line.match(/insufficient lamports (\d+), need (\d+)/)).find(
      Boolean,
    );
    if (shortfall) {
      const missing = Number(shortfall[2]) - Number(shortfall[1]);
      const account = instruction?.accounts[0] ?? parsedString(instruction, "source");
      return {
        action: "add_funds",
        reason:
          `The paying account has ${shortfall[1]} lamports but the transfer needs ${shortfall[2]}: add at ` +
          `least ${missing} lamports${account ? ` to ${account}` : ""}`,
        lamportsMissing: missing,
        ...(account ? { account } : {}),
      };
    }
  }
  if ((frame.program === TOKEN_PROGRAM || frame.program === TOKEN_2022_PROGRAM) && instruction) {
    const spend = tokenSpend(instruction);
    const balance = spend && snapshot?.preTokens.find((token) => token.account === spend.source);
    if (spend && balance && spend.amount > balance.amount) {
      const missing = spend.amount - balance.amount;
      return {
        action: "add_funds",
        reason:
          `The token account ${spend.source} holds ${balance.amount} base units of ${balance.mint} but the ` +
          `instruction moves ${spend.amount}: add at least ${missing}`,
        tokenAmountMissing: missing.toString(),
        account: spend.source,
        mint: balance.mint,
      };
    }
  }
  const swap = swapShortfall(frame, instruction, snapshot);
  if (swap) {
    return {
      action: "add_funds",
      reason:
        `The swap's source token account${swap.account ? ` ${swap.account}` : ""} holds ${swap.balance} ` +
        `base units but the swap needs ${swap.needed}: insufficient funds, add at least ${swap.missing}`,
      tokenAmountMissing: swap.missing.toString(),
      ...(swap.account ? { account: swap.account } : {}),
      ...(swap.mint ? { mint: swap.mint } : {}),
    };
  }
  return { action: "add_funds", reason, ...(failure?.account ? { account: failure.account } : {}) };
}

/** The source account and amount of a token transfer or burn. */
function tokenSpend(instruction: ResolvedInstruction): { source: string; amount: bigint } | null {
  if (instruction.parsed) {
    const info = instruction.parsed.info;
    const amount = info.amount ?? (info.tokenAmount as Record<string, unknown> | undefined)?.amount;
    const source = info.source ?? info.account;
    if (typeof source === "string" && typeof amount === "string" && /^\d+$/.test(amount)) {
      return { source, amount: BigInt(amount) };
    }
    return null;
  }
  const data = instruction.data;
  const source = instruction.accounts[0];
  if (!data || !source) return null;
  const reader = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // Transfer, Burn, TransferChecked, BurnChecked carry the amount right after the tag.
  if ([3, 8, 12, 15].includes(data[0]!) && data.length >= 9) {
    return { source, amount: reader.getBigUint64(1, true) };
  }
  // Token-2022 TransferCheckedWithFee: extension tag 26, sub-instruction 1.
  if (data[0] === 26 && data[1] === 1 && data.length >= 10) {
    return { source, amount: reader.getBigUint64(2, true) };
  }
  return null;
}

/** A string field of the RPC's own parse of an instruction. */
function parsedString(instruction: ResolvedInstruction | null, field: string): string | undefined {
  const value = instruction?.parsed?.info[field];
  return typeof value === "string" ? value : undefined;
}

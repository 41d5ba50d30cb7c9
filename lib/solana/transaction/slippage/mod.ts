/**
 * The numbers behind a slippage failure: the bound the sender set, what the
 * pool would give or take, the quote and slippage setting when the
 * instruction carries them, how far the price moved, and the smallest
 * setting that would have passed. Each amount says where it was read, in
 * order of trust: the program's own log line (`ray_log`, Anchor's
 * `Left:`/`Right:` pair), an event it emitted, the instruction's decoded
 * arguments, the token transfers made before it stopped.
 *
 * @module
 */
import type { Failure } from "../attribution.ts";
import type { BalanceSnapshot } from "../balances.ts";
import type { FailureContext } from "../failure_context.ts";
import { minSlippageBps, moveBps } from "./bps.ts";
import { boundAndActual, boundInData, comparedValues } from "./compared_values.ts";
import { readSwap } from "./swap_reading.ts";
import type { BoundSide, SlippageNumbers, SourcedAmount, StatedAmounts, SwapTerms } from "./types.ts";

export type { BoundSide, NumberSource, SlippageNumbers, SourcedAmount } from "./types.ts";
export { BOUND_SIDES, NUMBER_SOURCES } from "./types.ts";

/**
 * The numbers of a failed slippage check, or `null` when neither the logs,
 * the arguments nor the transfers give the bound.
 *
 * @example
 * ```ts
 * slippageNumbers(input)?.bound; // { amount: "200000", source: "log" }
 * ```
 */
export function slippageNumbers(input: FailureContext): SlippageNumbers | null {
  const { frame, frames, view, innerInstructions } = input;
  if (!frame || !view) return null;
  const { decoder, instruction, terms, children, moved } = readSwap(frame, frames, view, innerInstructions);
  const stated = instruction ? decoder?.stated?.({ instruction, frame, children }, terms) ?? null : null;
  const pair = comparedValues(frame.logs);
  const inData = pair && !terms && !stated ? boundInData(pair, instruction?.data ?? null) : null;
  const side = terms?.side ?? stated?.side ?? inData?.side ?? sideFromWords(input.failure);
  const compared = pair ? inData ?? boundAndActual(pair, side, terms?.bound ?? stated?.bound ?? null) : null;
  const logged = [stated, compared].filter((s): s is StatedAmounts => s?.source === "log");

  const bound = sourced(logged.find((s) => s.bound !== undefined)?.bound, "log") ??
    sourced(terms?.bound, "instruction");
  if (!side || !bound) return null;
  const actual = sourced(logged.find((s) => s.actual !== undefined)?.actual, "log") ??
    sourced(stated?.source === "event" ? stated.actual : undefined, "event") ??
    sourced(moved ?? undefined, "transfers");
  const mint = mintOf(terms, input.snapshot);
  return measure(side, frame.program, { ...terms, mint }, bound, actual);
}

function measure(
  side: BoundSide,
  program: string,
  terms: Omit<Partial<SwapTerms>, "mint"> & { mint: string | null },
  bound: SourcedAmount,
  actual: SourcedAmount | null,
): SlippageNumbers {
  const quoted = terms.quoted;
  const actualAmount = actual ? BigInt(actual.amount) : null;
  const reference = quoted ?? BigInt(bound.amount);
  const priceMoveBps = actualAmount === null ? null : moveBps(side, reference, actualAmount);
  return {
    side,
    program,
    mint: terms.mint,
    bound,
    actual,
    quoted: sourced(quoted, "instruction"),
    slippageBps: terms.slippageBps !== undefined ? { value: terms.slippageBps, source: "instruction" } : null,
    priceMoveBps,
    priceMoveBasis: priceMoveBps === null ? null : quoted !== undefined ? "quote" : "bound",
    minSlippageBps: quoted !== undefined && actualAmount !== null
      ? minSlippageBps(side, quoted, actualAmount)
      : null,
  };
}

/**
 * The reason a slippage answer gives: the failure's own reason, then its numbers.
 *
 * @example
 * ```ts
 * slippageReason(numbers, "exceeds desired slippage limit (Raydium AMM v4)");
 * // "exceeds desired slippage limit (Raydium AMM v4): the pool would give 37496 but the minimum out was 200000 …"
 * ```
 */
export function slippageReason(numbers: SlippageNumbers, reason: string): string {
  const { side, bound, actual, quoted, slippageBps, priceMoveBps, priceMoveBasis, minSlippageBps } = numbers;
  const boundText = side === "min_out"
    ? `the minimum out was ${bound.amount}`
    : `the maximum in was ${bound.amount}`;
  const parts: string[] = [];
  const verb = side === "min_out" ? "give" : "take";
  if (actual && breaches(side, BigInt(bound.amount), BigInt(actual.amount))) {
    const gap = priceMoveBasis === "bound" && priceMoveBps !== null ? ` (${priceMoveBps} bps past it)` : "";
    parts.push(`the pool would ${verb} ${actual.amount} but ${boundText}${gap}`);
  } else if (actual) {
    parts.push(`the pool would ${verb} ${actual.amount} (${boundText})`);
  } else {
    parts.push(boundText);
  }
  if (quoted && slippageBps) {
    const move = priceMoveBasis === "quote" && priceMoveBps !== null
      ? `, and the price moved ${priceMoveBps} bps from the quote`
      : "";
    parts.push(`it was quoted at ${quoted.amount} with ${slippageBps.value} bps slippage${move}`);
  }
  const fix = minSlippageBps !== null
    ? `requote and rebuild (a slippage of at least ${minSlippageBps} bps would have passed at this price)`
    : "requote and rebuild with a fresh quote";
  return `${reason}: ${parts.join("; ")}; ${fix}`;
}

/**
 * The mint of the bound: the one the instruction names when the balances know
 * it as a mint (a route's "destination mint" can hold any address), else the
 * mint of the sender's token account.
 */
function mintOf(terms: SwapTerms | null, snapshot: BalanceSnapshot | null): string | null {
  const tokens = [...snapshot?.preTokens ?? [], ...snapshot?.postTokens ?? []];
  if (terms?.mint && (!terms.mintUnchecked || tokens.some((token) => token.mint === terms.mint))) {
    return terms.mint;
  }
  return tokens.find((token) => token.account === terms?.userAccount)?.mint ?? null;
}

function breaches(side: BoundSide, bound: bigint, actual: bigint): boolean {
  return side === "min_out" ? actual < bound : actual > bound;
}

function sourced(amount: bigint | undefined, source: SourcedAmount["source"]): SourcedAmount | null {
  return amount === undefined ? null : { amount: amount.toString(), source };
}

/** The side an error's name or message states (`TooMuchSolRequired`, `AmountOutBelowMinimum`). */
function sideFromWords(failure: Failure | null): BoundSide | null {
  const text = `${failure?.errorName ?? ""} ${failure?.message ?? ""}`.replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
  if (/too much|above (?:the )?max|max(?:imum)? (?:in|cost|amount in)|required/.test(text)) return "max_in";
  if (
    /too little|below (?:the )?min|min(?:imum)? (?:out|amount out|output)|received|insufficient out/.test(
      text,
    )
  ) {
    return "min_out";
  }
  return null;
}

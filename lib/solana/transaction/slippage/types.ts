/**
 * The shapes slippage numbers are read into: what a swap instruction's
 * arguments promise (its bound), what a program stated itself, and the
 * per-program decoder that reads them.
 *
 * @module
 */
import type { ResolvedInstruction } from "../failing_instruction.ts";
import type { LogFrame } from "../logs.ts";

/**
 * Where a number came from, in order of trust: the program's own log line,
 * an event it emitted, the instruction's arguments, or the token transfers
 * it made before it stopped.
 */
export type NumberSource = "log" | "event" | "instruction" | "transfers";

/** The sources, most trusted first. */
export const NUMBER_SOURCES = ["log", "event", "instruction", "transfers"] as const;

/**
 * Which side the sender bounded: `min_out`, a minimum to receive for an exact
 * input; `max_in`, a maximum to pay for an exact output.
 */
export type BoundSide = "min_out" | "max_in";

/** The bound sides. */
export const BOUND_SIDES = ["min_out", "max_in"] as const;

/** What a swap instruction's arguments say about its bound. */
export interface SwapTerms {
  side: BoundSide;
  /** The minimum out or maximum in, raw base units. */
  bound: bigint;
  /** The amount the bound was quoted from, when the instruction carries it (a router's quote). */
  quoted?: bigint;
  /** The slippage setting, when the instruction carries it. */
  slippageBps?: number;
  /** The sender's token account the bound is about: where the output lands, or where the input leaves. */
  userAccount?: string;
  /** The mint the bound is counted in, when the accounts name it. */
  mint?: string;
  /** True when the program does not check that `mint` is the mint it swaps into (a router's free account). */
  mintUnchecked?: boolean;
}

/** Amounts a program stated itself, in a log line or an event. */
export interface StatedAmounts {
  source: "log" | "event";
  side?: BoundSide;
  bound?: bigint;
  /** What the pool would give (min_out) or take (max_in). */
  actual?: bigint;
}

/** What a decoder reads its numbers from. */
export interface SwapContext {
  /** The instruction the failing frame ran. */
  instruction: ResolvedInstruction;
  /** The failing frame. */
  frame: LogFrame;
  /** The instructions it invoked before it stopped, in order. */
  children: readonly ResolvedInstruction[];
}

/** Reads the bound and the amounts of one program family's swaps. */
export interface SwapDecoder {
  /** Program addresses it reads. */
  programs: readonly string[];
  /** The instruction's bound, from its arguments. */
  terms(instruction: ResolvedInstruction): SwapTerms | null;
  /** Amounts the program stated itself (beyond Anchor's `Left:`/`Right:` pair, read for every program). */
  stated?(context: SwapContext, terms: SwapTerms | null): StatedAmounts | null;
}

/** A raw amount (base units) and where it was read. */
export interface SourcedAmount {
  amount: string;
  source: NumberSource;
}

/** The numbers of a failed slippage check. */
export interface SlippageNumbers {
  side: BoundSide;
  /** The program whose check failed. */
  program: string;
  /** The mint the amounts are counted in, when the accounts name it. */
  mint: string | null;
  /** The minimum out or maximum in the sender set. */
  bound: SourcedAmount;
  /** What the pool would give (minimum out) or take (maximum in). */
  actual: SourcedAmount | null;
  /** The quote the bound was set from, when the instruction carries it. */
  quoted: SourcedAmount | null;
  /** The slippage setting, when the instruction carries it. */
  slippageBps: { value: number; source: NumberSource } | null;
  /** How far the price moved against the sender, in bps of `priceMoveBasis`. */
  priceMoveBps: number | null;
  /** `quote`: from the quoted amount to the actual one; `bound`: from the bound (the move beyond the tolerance). */
  priceMoveBasis: "quote" | "bound" | null;
  /** The smallest slippage setting (bps) that would have passed, when the quote is known. */
  minSlippageBps: number | null;
}

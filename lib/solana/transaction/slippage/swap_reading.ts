/**
 * Reads one swap frame: the instruction it ran (top level or invoked by
 * another program), its decoded terms, the instructions it invoked in turn,
 * and the tokens that moved to or from the sender's account. Used for a
 * failed frame's numbers, and equally for a successful swap, whose moved
 * amount must honour its bound.
 *
 * @module
 */
import { failingInstruction, type ResolvedInstruction } from "../failing_instruction.ts";
import type { LogFrame } from "../logs.ts";
import type { MessageView } from "../message.ts";
import { swapDecoderOf } from "./registry.ts";
import { movedAmount, tokenTransfers } from "./transfers.ts";
import type { SwapDecoder, SwapTerms } from "./types.ts";

/** One swap frame, read. */
export interface SwapReading {
  decoder: SwapDecoder | null;
  instruction: ResolvedInstruction | null;
  terms: SwapTerms | null;
  /** The instructions the frame invoked, in order. */
  children: ResolvedInstruction[];
  /** Tokens moved into the sender's account (minimum out) or out of it (maximum in), when any moved. */
  moved: bigint | null;
}

/**
 * Reads `frame` of a run whose logs are aligned with `view`'s instructions.
 *
 * @example
 * ```ts
 * readSwap(frame, frames, view, meta.innerInstructions).terms?.bound; // 3000000n
 * ```
 */
export function readSwap(
  frame: LogFrame,
  frames: readonly LogFrame[],
  view: MessageView,
  innerInstructions: unknown,
): SwapReading {
  const decoder = swapDecoderOf(frame.program) ?? null;
  const instruction = ranBy(frame, failingInstruction(frame, frames, view, innerInstructions));
  const terms = instruction ? decoder?.terms(instruction) ?? null : null;
  const children = frames.filter((other) => descendsFrom(other, frame, frames))
    .map((child) => ranBy(child, failingInstruction(child, frames, view, innerInstructions)))
    .filter((child): child is ResolvedInstruction => child !== null);
  const moved = terms?.userAccount
    ? movedAmount(tokenTransfers(children), terms.userAccount, terms.side === "min_out" ? "into" : "from")
    : null;
  return { decoder, instruction, terms, children, moved };
}

/** The instruction, only when it is the frame's own program's (logs cut short can misalign them). */
function ranBy(frame: LogFrame, instruction: ResolvedInstruction | null): ResolvedInstruction | null {
  return instruction?.program === frame.program ? instruction : null;
}

function descendsFrom(candidate: LogFrame, ancestor: LogFrame, frames: readonly LogFrame[]): boolean {
  let parent = candidate.parent;
  while (parent !== null) {
    if (parent === ancestor.index) return true;
    parent = frames[parent]?.parent ?? null;
  }
  return false;
}

/**
 * Which decoder reads which program's swaps.
 *
 * @module
 */
import { jupiterV6 } from "./jupiter.ts";
import { jupiterV4 } from "./jupiter_v4.ts";
import { meteoraDamm, meteoraDlmm } from "./meteora.ts";
import { orcaWhirlpool } from "./orca.ts";
import { pumpFun, pumpSwap } from "./pump.ts";
import { raydiumAmmV4, raydiumClmm, raydiumCpmm } from "./raydium.ts";
import type { SwapDecoder } from "./types.ts";

const DECODERS: readonly SwapDecoder[] = [
  jupiterV6,
  jupiterV4,
  raydiumAmmV4,
  raydiumCpmm,
  raydiumClmm,
  orcaWhirlpool,
  meteoraDlmm,
  meteoraDamm,
  pumpFun,
  pumpSwap,
];

const BY_PROGRAM = new Map(
  DECODERS.flatMap((decoder) => decoder.programs.map((program) => [program, decoder])),
);

/** The decoder of a program's swaps, if one is known. */
export function swapDecoderOf(program: string): SwapDecoder | undefined {
  return BY_PROGRAM.get(program);
}

/**
 * Orca Whirlpool's `swap` and `swap_v2(amount, other_amount_threshold,
 * sqrt_price_limit, amount_specified_is_input, a_to_b)`: with an exact input
 * the threshold is a minimum out, otherwise a maximum in. Layout from the
 * published Whirlpool IDL.
 *
 * @module
 */
import { startsWith } from "./bytes.ts";
import { thresholdTerms } from "./raydium.ts";
import type { SwapDecoder } from "./types.ts";

/** Orca Whirlpool. */
export const ORCA_WHIRLPOOL = "whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc";

const SWAP = "f8c69e91e17587c8";
const SWAP_V2 = "2b04ed0b1ac91e62";

/**
 * Accounts: `swap` has the owner's token A and B accounts at 3 and 5; `swap_v2`
 * has the mints at 5 and 6 and the owner's accounts at 7 and 9.
 */
export const orcaWhirlpool: SwapDecoder = {
  programs: [ORCA_WHIRLPOOL],
  terms(instruction) {
    const v2 = startsWith(instruction.data, SWAP_V2);
    if (!v2 && !startsWith(instruction.data, SWAP)) return null;
    const aToB = instruction.data![41] === 1;
    const { accounts } = instruction;
    const [ownerA, ownerB] = v2 ? [accounts[7], accounts[9]] : [accounts[3], accounts[5]];
    const [mintA, mintB] = v2 ? [accounts[5], accounts[6]] : [undefined, undefined];
    return thresholdTerms(instruction, 40, {
      input: aToB ? ownerA : ownerB,
      output: aToB ? ownerB : ownerA,
      inputMint: aToB ? mintA : mintB,
      outputMint: aToB ? mintB : mintA,
    });
  },
};

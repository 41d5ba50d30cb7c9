/**
 * Meteora's swaps: DLMM `swap` / `swap2(amount_in, min_amount_out)` and
 * `swap_exact_out` / `swap_exact_out2(max_in_amount, out_amount)`; the
 * dynamic AMM (DAMM v1) `swap(in_amount, minimum_out_amount)`; DAMM v2
 * `swap(amount_in, minimum_amount_out)`. Layouts from Meteora's published
 * IDLs.
 *
 * @module
 */
import { ByteReader, startsWith } from "./bytes.ts";
import { withAccounts } from "./raydium.ts";
import type { SwapDecoder } from "./types.ts";

/** Meteora DLMM. */
export const METEORA_DLMM = "LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo";
/** Meteora dynamic AMM (DAMM v1). */
export const METEORA_DAMM_V1 = "Eo7WjKq67rjJQSZxS6z3YkapzY3eMj6Xy8X5EQVn5UaB";
/** Meteora DAMM v2. */
export const METEORA_DAMM_V2 = "cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG";

const SWAP = "f8c69e91e17587c8";
const SWAP2 = "414b3f4ceb5b5b88";
const SWAP_EXACT_OUT = "fa49652126cf4bb8";
const SWAP_EXACT_OUT2 = "2bd7f784893cf351";

/** DLMM accounts: `[pair, bitmap, reserve x, reserve y, user token in, user token out, mint x, mint y, …]`. */
export const meteoraDlmm: SwapDecoder = {
  programs: [METEORA_DLMM],
  terms({ data, accounts }) {
    const reader = data ? new ByteReader(data) : null;
    const [first, second] = [reader?.u64(8) ?? null, reader?.u64(16) ?? null];
    if (first === null || second === null) return null;
    if (startsWith(data, SWAP) || startsWith(data, SWAP2)) {
      return withAccounts({ side: "min_out", bound: second }, accounts[5]);
    }
    if (startsWith(data, SWAP_EXACT_OUT) || startsWith(data, SWAP_EXACT_OUT2)) {
      return withAccounts({ side: "max_in", bound: first }, accounts[4]);
    }
    return null;
  },
};

/** DAMM v1 `[pool, user source, user destination, …]`; DAMM v2 `[authority, pool, input, output, …]`. */
export const meteoraDamm: SwapDecoder = {
  programs: [METEORA_DAMM_V1, METEORA_DAMM_V2],
  terms({ program, data, accounts }) {
    const minimum = startsWith(data, SWAP) ? new ByteReader(data).u64(16) : null;
    if (minimum === null) return null;
    return withAccounts({ side: "min_out", bound: minimum }, accounts[program === METEORA_DAMM_V1 ? 2 : 3]);
  },
};

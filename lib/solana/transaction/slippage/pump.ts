/**
 * pump.fun's bonding curve (`buy(amount, max_sol_cost)`, `sell(amount,
 * min_sol_output)`, bounds in lamports) and its AMM, PumpSwap
 * (`buy(base_amount_out, max_quote_amount_in)`, `sell(base_amount_in,
 * min_quote_amount_out)`, bounds in the quote mint). Both log the compared
 * values as `Left:`/`Right:` when the bound fails. Layouts from the published
 * IDLs.
 *
 * @module
 */
import { ByteReader, startsWith } from "./bytes.ts";
import { withAccounts } from "./raydium.ts";
import type { SwapDecoder } from "./types.ts";

/** pump.fun bonding curve. */
export const PUMP_FUN = "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P";
/** PumpSwap, pump.fun's AMM. */
export const PUMP_SWAP = "pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA";

const BUY = "66063d1201daebea";
const SELL = "33e685a4017f83ad";

/** The native mint: pump.fun's bounds are in lamports. */
const NATIVE_MINT = "So11111111111111111111111111111111111111112";

/** pump.fun: both bounds are the second argument, in lamports. */
export const pumpFun: SwapDecoder = {
  programs: [PUMP_FUN],
  terms({ data }) {
    const bound = data ? new ByteReader(data).u64(16) : null;
    if (bound === null) return null;
    if (startsWith(data, BUY)) return { side: "max_in", bound, mint: NATIVE_MINT };
    if (startsWith(data, SELL)) return { side: "min_out", bound, mint: NATIVE_MINT };
    return null;
  },
};

/** PumpSwap accounts: `[pool, user, config, base mint, quote mint, user base, user quote, …]`. */
export const pumpSwap: SwapDecoder = {
  programs: [PUMP_SWAP],
  terms({ data, accounts }) {
    const bound = data ? new ByteReader(data).u64(16) : null;
    if (bound === null) return null;
    if (startsWith(data, BUY)) return withAccounts({ side: "max_in", bound }, accounts[6], accounts[4]);
    if (startsWith(data, SELL)) return withAccounts({ side: "min_out", bound }, accounts[6], accounts[4]);
    return null;
  },
};

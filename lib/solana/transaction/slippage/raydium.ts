/**
 * Raydium's swaps: AMM v4 (`swap_base_in` / `swap_base_out`, tags 9 and 11,
 * and their v2 forms 16 and 17, with the amounts it logs in `ray_log`), the
 * constant-product CPMM (`swap_base_input` / `swap_base_output`) and the
 * concentrated-liquidity CLMM (`swap` / `swap_v2` with an
 * `other_amount_threshold`). Layouts from Raydium's published program
 * sources and IDLs.
 *
 * @module
 */
import type { ResolvedInstruction } from "../failing_instruction.ts";
import { ByteReader, fromBase64, startsWith } from "./bytes.ts";
import type { StatedAmounts, SwapContext, SwapDecoder, SwapTerms } from "./types.ts";

/** Raydium AMM v4. */
export const RAYDIUM_AMM_V4 = "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8";
/** Raydium CPMM. */
export const RAYDIUM_CPMM = "CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C";
/** Raydium CLMM. */
export const RAYDIUM_CLMM = "CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK";

const SWAP_BASE_IN = [9, 16];
const SWAP_BASE_OUT = [11, 17];

/** AMM v4: the user's source and destination are the third- and second-last accounts in every form. */
export const raydiumAmmV4: SwapDecoder = {
  programs: [RAYDIUM_AMM_V4],
  terms(instruction) {
    const data = instruction.data;
    if (!data || data.length < 17) return null;
    const reader = new ByteReader(data);
    const [first, second] = [reader.u64(1)!, reader.u64(9)!];
    const source = instruction.accounts.at(-3);
    const destination = instruction.accounts.at(-2);
    if (SWAP_BASE_IN.includes(data[0]!)) {
      return { side: "min_out", bound: second, ...(destination ? { userAccount: destination } : {}) };
    }
    if (SWAP_BASE_OUT.includes(data[0]!)) {
      return { side: "max_in", bound: first, ...(source ? { userAccount: source } : {}) };
    }
    return null;
  },
  stated: (context) => rayLog(context),
};

/**
 * The swap log AMM v4 writes before it checks the bound: bincode of
 * `{log_type u8, amount_in|max_in, minimum_out|amount_out, direction,
 * user_source, pool_coin, pool_pc, out_amount|deduct_in}` (u64s), base64.
 */
function rayLog({ frame }: SwapContext): StatedAmounts | null {
  for (const line of frame.logs) {
    const match = line.match(/^Program log: ray_log: ([A-Za-z0-9+/=]+)$/);
    const bytes = match ? fromBase64(match[1]!) : null;
    if (!bytes || bytes.length < 57) continue;
    const reader = new ByteReader(bytes);
    if (bytes[0] === 3) {
      return { source: "log", side: "min_out", bound: reader.u64(9)!, actual: reader.u64(49)! };
    }
    if (bytes[0] === 4) {
      return { source: "log", side: "max_in", bound: reader.u64(1)!, actual: reader.u64(49)! };
    }
  }
  return null;
}

const SWAP_BASE_INPUT = "8fbe5adac41e33de";
const SWAP_BASE_OUTPUT = "37d96256a34ab4ad";

/** CPMM: `[payer, authority, config, pool, input account, output account, vaults, programs, input mint, output mint, …]`. */
export const raydiumCpmm: SwapDecoder = {
  programs: [RAYDIUM_CPMM],
  terms(instruction) {
    const { data, accounts } = instruction;
    const reader = data ? new ByteReader(data) : null;
    const [first, second] = [reader?.u64(8) ?? null, reader?.u64(16) ?? null];
    if (first === null || second === null) return null;
    if (startsWith(data, SWAP_BASE_INPUT)) {
      return withAccounts({ side: "min_out", bound: second }, accounts[5], accounts[11]);
    }
    if (startsWith(data, SWAP_BASE_OUTPUT)) {
      return withAccounts({ side: "max_in", bound: first }, accounts[4], accounts[10]);
    }
    return null;
  },
};

const CLMM_SWAP = "f8c69e91e17587c8";
const CLMM_SWAP_V2 = "2b04ed0b1ac91e62";

/**
 * CLMM `swap(amount, other_amount_threshold, sqrt_price_limit_x64, is_base_input)`:
 * with a base input the threshold is a minimum out, otherwise a maximum in.
 */
export const raydiumClmm: SwapDecoder = {
  programs: [RAYDIUM_CLMM],
  terms(instruction) {
    const v2 = startsWith(instruction.data, CLMM_SWAP_V2);
    if (!v2 && !startsWith(instruction.data, CLMM_SWAP)) return null;
    return thresholdTerms(instruction, 40, {
      input: instruction.accounts[3],
      output: instruction.accounts[4],
      inputMint: v2 ? instruction.accounts[11] : undefined,
      outputMint: v2 ? instruction.accounts[12] : undefined,
    });
  },
};

/** The sender's accounts and mints of a swap, by role. */
export interface SwapAccounts {
  input?: string | undefined;
  output?: string | undefined;
  inputMint?: string | undefined;
  outputMint?: string | undefined;
}

/**
 * Terms of a concentrated-liquidity swap: `amount u64`, `other_amount_threshold
 * u64`, then at `flagOffset` the flag that says the amount is the input.
 */
export function thresholdTerms(
  instruction: ResolvedInstruction,
  flagOffset: number,
  accounts: SwapAccounts,
): SwapTerms | null {
  const reader = new ByteReader(instruction.data!);
  const threshold = reader.u64(16);
  const isInput = reader.u8(flagOffset);
  if (threshold === null || isInput === null) return null;
  return isInput === 1
    ? withAccounts({ side: "min_out", bound: threshold }, accounts.output, accounts.outputMint)
    : withAccounts({ side: "max_in", bound: threshold }, accounts.input, accounts.inputMint);
}

/** Adds the user's account and the mint, when known. */
export function withAccounts(terms: SwapTerms, account?: string, mint?: string): SwapTerms {
  return { ...terms, ...(account ? { userAccount: account } : {}), ...(mint ? { mint } : {}) };
}

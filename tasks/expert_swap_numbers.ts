/**
 * Numbers an expert reads off a failed Raydium swap's own record, for the
 * expert labels (`make_expert_labels.ts`): the `ray_log` line Raydium AMM v4
 * prints before its checks (the amounts in and out, the bound and the
 * source balance), and the amounts Raydium's route program logs hop by hop
 * with the minimum out its instruction carries. Worked out from the
 * programs' published log layouts, never from what the service answers.
 *
 * @module
 */

export const RAYDIUM_AMM_V4 = "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8";
export const RAYDIUM_ROUTE = "routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS";

/** A Raydium AMM v4 `ray_log` of a swap: which side is bounded and the amounts it states. */
export interface RaySwapLog {
  side: "min_out" | "max_in";
  /** The sender's bound: the minimum out (base in) or the maximum in (base out). */
  bound: bigint;
  /** What the pool would give (base in) or take (base out). */
  actual: bigint;
  /** What the sender's source account must pay. */
  needed: bigint;
  /** The source account's balance. */
  sourceBalance: bigint;
}

/**
 * The last swap `ray_log` before Raydium AMM v4's failure line. Its layout:
 * a type byte (3 = SwapBaseIn, 4 = SwapBaseOut), then seven u64s — base in:
 * amount_in, minimum_out, direction, user_source, pool_coin, pool_pc,
 * out_amount; base out: max_in, amount_out, direction, user_source,
 * pool_coin, pool_pc, deduct_in.
 */
export function raySwapLog(logs: string[]): RaySwapLog | null {
  const end = logs.findIndex((line) => line.startsWith(`Program ${RAYDIUM_AMM_V4} failed: `));
  const line = logs.slice(0, end < 0 ? logs.length : end).findLast((entry) =>
    entry.startsWith("Program log: ray_log: ")
  );
  if (!line) return null;
  const bytes = Uint8Array.from(atob(line.slice("Program log: ray_log: ".length)), (c) => c.charCodeAt(0));
  if (bytes.length < 57 || (bytes[0] !== 3 && bytes[0] !== 4)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const field = (index: number) => view.getBigUint64(1 + 8 * index, true);
  return bytes[0] === 3
    ? { side: "min_out", bound: field(1), actual: field(6), needed: field(0), sourceBalance: field(3) }
    : { side: "max_in", bound: field(0), actual: field(6), needed: field(6), sourceBalance: field(3) };
}

/**
 * The minimum out a Raydium route swap carries (`[tag, amount_in: u64,
 * minimum_amount_out: u64]`) and the amount its last hop gave, from the
 * `<in> -> <out>` line it logs before 'exceeds desired slippage limit'.
 */
export function routeSwapNumbers(
  logs: string[],
  data: Uint8Array | null,
): { bound: bigint; actual: bigint } | null {
  const limit = logs.findIndex((line) => line === "Program log: exceeds desired slippage limit");
  if (limit < 0 || !data || data.length !== 17) return null;
  const hop = logs.slice(0, limit).findLast((line) => /^Program log: \d+ -> \d+$/.test(line));
  if (!hop) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { bound: view.getBigUint64(9, true), actual: BigInt(hop.split(" -> ")[1]!) };
}

/**
 * The numbers a failed Raydium swap's record fixes, as dotted `nextAction`
 * paths: the bound and amount of an AMM v4 slippage failure (0x1e), the
 * tokens an AMM v4 source account lacked (0x28), and the bound and amount of
 * a route swap that fell short of its minimum out.
 */
export function raydiumNumbers(
  program: string | null,
  logs: string[],
  instruction: { program: string; data: Uint8Array } | null,
): Record<string, string> {
  const failedWith = (code: string) =>
    logs.includes(`Program ${program} failed: custom program error: ${code}`);
  if (program === RAYDIUM_AMM_V4) {
    const log = raySwapLog(logs);
    if (log && failedWith("0x1e")) {
      return { "slippage.bound.amount": String(log.bound), "slippage.actual.amount": String(log.actual) };
    }
    if (log && failedWith("0x28") && log.needed > log.sourceBalance) {
      return { tokenAmountMissing: String(log.needed - log.sourceBalance) };
    }
  }
  if (program === RAYDIUM_ROUTE && instruction?.program === RAYDIUM_ROUTE) {
    const numbers = routeSwapNumbers(logs, instruction.data);
    if (numbers) {
      return {
        "slippage.bound.amount": String(numbers.bound),
        "slippage.actual.amount": String(numbers.actual),
      };
    }
  }
  return {};
}

/**
 * Slippage answers carry the numbers the chain gives, on recorded mainnet
 * failures of six programs (from the diagnosis corpus, replayed through
 * explain over a loopback RPC stub): the bound, the actual amount, the quote
 * and setting when the instruction carries them, the price move and the
 * smallest passing setting, each with its source. Every expected number was
 * worked out by hand from the recorded transaction, as the comments show.
 */
import assert from "node:assert/strict";
import { minSlippageBps, moveBps } from "../../../../lib/solana/transaction/slippage/bps.ts";
import {
  boundAndActual,
  boundInData,
  comparedValues,
} from "../../../../lib/solana/transaction/slippage/compared_values.ts";
import { swapDecoderOf } from "../../../../lib/solana/transaction/slippage/registry.ts";
import { loadCorpus, replayCorpus } from "./_corpus.ts";

const CASES = {
  raydiumAmmV4: "4E5G6WgqASYZmM4dEfNqpd93k8ecPndRan1eUj3gEbDL2WAxmPrBq9Xv4kuWApPS5mF7FTnwhoH6TCy1SnYVB8Rt",
  pumpFunBuy: "QaoW7PDLahxyq6NsY9mr31gP3EZPzHtKfmQ2oF29kpaSx4iqCbW5dXVBT6YAvxki6otyiCMiK6LHCLUpbocx78S",
  pumpSwapBuy: "2yfPUDp54bnRRL8Dzw9ZK4ePr5n2JpvemKii8oD86udN157cjjQJGd4osVQAHfMRTbfRV2ZhMwSkjYPZHmTLAR94",
  pumpSwapSellCpi: "3TcuZNjPZS5sMeNzhattmX4tB4sqk463DHSySF2XDN79jWbRrJFvfSJrj7PUrZN3UMt1u518fECGqCT2bYeXx23H",
  meteoraDlmmCpi: "5eeVutF6gV7p5JRRoQ9yhXwnBnPmEAEhRETRYGtApfnLS566zZhsbTU18D6dANPAam3LT6yFaGpFe5r7j4gCrQs7",
  jupiterRoute: "29SNo3MeC8kuwLo6njdiMHGM7pGtqmzuSwqApu3HAsVmtWGi8rwffVjhAHhDc8eE2f2DGDJ9qBjNVQA9skR8RLsP",
  raydiumClmm: "671HxqWEDojtr8Bs4kqhhvPQfGBW9jRHDoS3nDYKPbH2uGTdQfEbNQZZt28P51cnm4miiFyxV28VxCVHr1bbnFvi",
};
const WSOL = "So11111111111111111111111111111111111111112";

const wanted = new Set(Object.values(CASES));
const scored = await replayCorpus(
  loadCorpus().filter((entry) => wanted.has(entry.id) || entry.label?.classes.includes("slippage")),
);
const answer = (id: string) => {
  const found = scored.find((s) => s.id === id);
  assert.ok(found, id);
  assert.equal(found.result.failureClass, "slippage", id);
  assert.equal(found.result.nextAction.action, "requote_and_rebuild", id);
  return found.result.nextAction;
};

/** Swaps whose instruction carries no quote: the move is measured from the bound. */
const WITHOUT_QUOTE = [
  {
    title: "Raydium AMM v4 reads both sides from its ray_log",
    id: CASES.raydiumAmmV4,
    // ray_log (SwapBaseIn): minimum_out 200000, out_amount 37496. Move past the bound:
    // (200000 − 37496) × 10000 / 200000 = 8125.2 bps. The destination (second-to-last
    // account, DLGvkj…) is a wrapped-SOL account in the recorded token balances.
    side: "min_out",
    program: "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8",
    bound: { amount: "200000", source: "log" },
    actual: { amount: "37496", source: "log" },
    priceMoveBps: 8125.2,
  },
  {
    title: "pump.fun's Left/Right pair is matched to max_sol_cost from the buy's arguments",
    id: CASES.pumpFunBuy,
    // buy(amount, max_sol_cost = 0x0f0cd821 = 252500001); logged Left: 252500001, Right: 305837148.
    // (305837148 − 252500001) × 10000 / 252500001 = 2112.362… → 2112.36 bps.
    side: "max_in",
    program: "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P",
    bound: { amount: "252500001", source: "log" },
    actual: { amount: "305837148", source: "log" },
    priceMoveBps: 2112.36,
  },
  {
    title: "Meteora DLMM's bound from its CPI arguments, the actual from the transfer it made",
    id: CASES.meteoraDlmmCpi,
    // Inner swap(amount_in 43300244, min_amount_out 3000000); before failing it transferred
    // 2992476 from its reserve into user_token_out (sixth account). The runtime reverted it, so
    // the pre/post token balances show nothing. (3000000 − 2992476) × 10000 / 3000000 = 25.08 bps.
    side: "min_out",
    program: "LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo",
    bound: { amount: "3000000", source: "instruction" },
    actual: { amount: "2992476", source: "transfers" },
    priceMoveBps: 25.08,
  },
];

for (const { title, id, ...numbers } of WITHOUT_QUOTE) {
  Deno.test(`slippage: ${title}`, () => {
    assert.deepEqual(answer(id).slippage, {
      mint: WSOL,
      quoted: null,
      slippageBps: null,
      priceMoveBasis: "bound",
      minSlippageBps: null,
      ...numbers,
    });
  });
}

Deno.test("slippage: the reason states the numbers", () => {
  assert.match(
    answer(CASES.raydiumAmmV4).reason,
    /would give 37496 but the minimum out was 200000 \(8125\.2 bps past it\)/,
  );
});

Deno.test("slippage: PumpSwap buy (top level) and sell (invoked by another program)", () => {
  // buy(base_amount_out, max_quote_amount_in = 1000000000); Left 1000000000, Right 1015188724:
  // 15188724 × 10000 / 1e9 = 151.887 → 151.89 bps. The quote mint (fifth account) is wrapped SOL.
  const buy = answer(CASES.pumpSwapBuy).slippage;
  assert.deepEqual(
    [buy?.side, buy?.mint, buy?.bound, buy?.actual, buy?.priceMoveBps],
    [
      "max_in",
      WSOL,
      { amount: "1000000000", source: "log" },
      { amount: "1015188724", source: "log" },
      151.89,
    ],
  );
  // sell(base_amount_in, min_quote_amount_out = 3000000) via CPI; Left 2914597, Right 3000000:
  // (3000000 − 2914597) × 10000 / 3000000 = 284.677 → 284.68 bps.
  const sell = answer(CASES.pumpSwapSellCpi).slippage;
  assert.deepEqual(
    [sell?.side, sell?.bound, sell?.actual, sell?.priceMoveBps],
    ["min_out", { amount: "3000000", source: "log" }, { amount: "2914597", source: "log" }, 284.68],
  );
});

Deno.test("slippage: a Jupiter route gives the quote, the setting and the smallest setting that passes", () => {
  const action = answer(CASES.jupiterRoute);
  // route(…, in_amount 10317, quoted_out_amount 1088, slippage_bps 70, platform_fee_bps 20):
  // bound = ⌊1088 × 9930 / 10000⌋ = ⌊1080.38⌋ = 1080. The Meteora leg's SwapEvent says 1079 USDC out.
  // Move from the quote: (1088 − 1079) × 10000 / 1088 = 82.72 bps. Smallest passing setting:
  // ⌊1088 × 9926 / 10000⌋ = 1079 ≤ 1079 passes, ⌊1088 × 9927 / 10000⌋ = 1080 does not → 74 bps.
  assert.deepEqual(action.slippage, {
    side: "min_out",
    program: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
    mint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
    bound: { amount: "1080", source: "instruction" },
    actual: { amount: "1079", source: "event" },
    quoted: { amount: "1088", source: "instruction" },
    slippageBps: { value: 70, source: "instruction" },
    priceMoveBps: 82.72,
    priceMoveBasis: "quote",
    minSlippageBps: 74,
  });
  assert.match(action.reason, /quoted at 1088 with 70 bps slippage.*82\.72 bps.*at least 74 bps/);
  assert.equal(action.mint, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
});

Deno.test("slippage: a Raydium CLMM swap that ran out of tick arrays still states the bound it set", () => {
  const action = answer(CASES.raydiumClmm);
  // swap_v2(amount 2618930857, other_amount_threshold 0x01f4b789 = 32814985, …, is_base_input 1):
  // a minimum out in the output vault's mint (thirteenth account); it failed before any amount moved.
  assert.deepEqual(
    [action.slippage?.side, action.slippage?.mint, action.slippage?.bound, action.slippage?.actual],
    [
      "min_out",
      "USDSwr9ApdHk5bvJKMjzff41FfuX8bSxdKcR81vTwcA",
      { amount: "32814985", source: "instruction" },
      null,
    ],
  );
  assert.doesNotMatch(action.reason, /would give/);
});

Deno.test("slippage: every recorded slippage failure of a decoded program carries its bound, and the chain agrees", () => {
  const answers = scored.filter((s) =>
    s.result.failureClass === "slippage" && swapDecoderOf(s.result.failure!.program!)
  );
  assert.ok(answers.length >= 18, `${answers.length} decoded slippage failures`);
  assert.deepEqual(answers.filter((s) => !s.result.nextAction.slippage?.bound).map((s) => s.id), []);
  // The program said its check failed, so a decoded actual amount must lie past the decoded bound. The one
  // exception is Meteora DLMM's InsufficientOutAmount, raised for a zero output against a zero minimum.
  const agreeing = answers.filter((s) => {
    const numbers = s.result.nextAction.slippage!;
    if (!numbers.actual) return true;
    const [actual, bound] = [BigInt(numbers.actual.amount), BigInt(numbers.bound.amount)];
    return numbers.side === "min_out" ? actual < bound : actual > bound;
  });
  assert.deepEqual(
    answers.filter((s) => !agreeing.includes(s)).map((s) => [s.id, s.result.failure?.errorName]),
    [[
      "3RbEJ4Z7943A16N18FEGEKzSrmEasTrzP8uQMb2acSoNFpWqi3rTH1bmzD2JdGi6Qz1nYcsrLcKP2d4sAn82UX2u",
      "InsufficientOutAmount",
    ]],
  );
  // Only swaps that stopped before any amount was stated lack one: CLMM swaps that ran out of tick arrays or
  // of liquidity, and a Whirlpool swap handed tick arrays that no longer follow the price.
  assert.deepEqual(
    [
      ...new Set(
        answers.filter((s) => !s.result.nextAction.slippage!.actual).map((s) => s.result.failure?.errorName),
      ),
    ],
    ["NotEnoughTickArrayAccount", "LiquidityInsufficient", "InvalidTickArraySequence"],
  );
});

Deno.test("slippage: basis points and the smallest passing setting, by hand", () => {
  assert.equal(moveBps("min_out", 200000n, 37496n), 8125.2);
  assert.equal(moveBps("max_in", 1000n, 990n), -100, "in the sender's favour is negative");
  assert.equal(moveBps("min_out", 0n, 1n), null);
  // Rounding down lets a little through: ⌊1000 × 9909 / 10000⌋ = ⌊990.9⌋ = 990 ≤ 990 passes,
  // ⌊1000 × 9910 / 10000⌋ = 991 does not → 91 bps, not 100.
  assert.equal(minSlippageBps("min_out", 1000n, 990n), 91);
  assert.equal(minSlippageBps("min_out", 1000n, 1000n), 0);
  // ⌊1000 × 10100 / 10000⌋ = 1010 ≥ 1010 → 100; 99 gives 1009.
  assert.equal(minSlippageBps("max_in", 1000n, 1010n), 100);
});

Deno.test("slippage: a Left/Right pair without arguments is read by the side alone", () => {
  const pair = comparedValues([
    "Program log: AnchorError …",
    "Program log: Left: 5",
    "Program log: Right: 9",
  ]);
  assert.deepEqual(pair, [5n, 9n]);
  assert.deepEqual(boundAndActual(pair!, "min_out", null), {
    source: "log",
    side: "min_out",
    bound: 9n,
    actual: 5n,
  });
  assert.deepEqual(boundAndActual(pair!, "max_in", null), {
    source: "log",
    side: "max_in",
    bound: 5n,
    actual: 9n,
  });
  assert.equal(boundAndActual(pair!, null, null), null);
});

Deno.test("slippage: for a program no decoder reads, the value its instruction carries is the bound", () => {
  const hex = (text: string) => Uint8Array.from(text.match(/../g)!, (byte) => parseInt(byte, 16));
  // The recorded pump.fun buy: discriminator, amount, then max_sol_cost 252500001 (0x0f0cd821, little-endian).
  const pumpBuy = hex("66063d1201daebea38eb7ffdd100000021d80c0f00000000");
  // Left 252500001 is in the data, Right 305837148 is not: a maximum in, exceeded.
  assert.deepEqual(boundInData([252500001n, 305837148n], pumpBuy), {
    source: "log",
    side: "max_in",
    bound: 252500001n,
    actual: 305837148n,
  });
  // The recorded Raydium AMM v4 swap_base_in carries minimum_out 200000 (0x030d40) after amount_in.
  const raydium = hex("09cbd2e7ed46080302400d030000000000");
  assert.deepEqual(boundInData([37496n, 200000n], raydium)?.side, "min_out");
  assert.equal(boundInData([1n, 2n], raydium), null, "neither value in the data");
});

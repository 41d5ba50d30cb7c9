/**
 * The slippage-numbers bar, held over every real recorded swap failure in the
 * diagnosis corpus (whole mainnet blocks of 2024 and 2025 and wallet
 * fixtures, replayed through explain over a loopback RPC stub): each number
 * an answer gives is found in the record where its `source` says (a log line,
 * the instruction's arguments, an event, a token transfer), the price move
 * and the smallest passing setting are what the numbers make when worked out
 * here independently, the expert's fixed numbers are met, and at least five
 * programs' decoders give the bound, the amount and the move. A decoder that
 * regresses (fewer cases with numbers, or a number the record does not hold)
 * fails it.
 *
 * @module
 */
import assert from "node:assert/strict";
import { getBase58Decoder, getBase58Encoder, getBase64Encoder } from "@solana/kit";
import { messageOf } from "../../../../tasks/make_expert_labels.ts";
import { loadCorpus, replayCorpus, type Scored } from "./_corpus.ts";
import { loadExpertLabels } from "./_expert.ts";

const PROGRAMS = {
  jupiterV6: "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
  jupiterV4: "JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB",
  raydiumAmmV4: "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8",
  pumpSwap: "pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA",
  pumpFun: "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P",
  meteoraDlmm: "LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo",
  raydiumClmm: "CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK",
};

/**
 * Recorded failures per program whose answer states the bound, the amount and
 * the move, as measured when this bar was set: a decoder that gives fewer
 * has regressed.
 */
const AT_LEAST_WITH_MOVE: Record<string, number> = {
  [PROGRAMS.jupiterV6]: 19,
  [PROGRAMS.jupiterV4]: 6,
  [PROGRAMS.raydiumAmmV4]: 7,
  [PROGRAMS.pumpSwap]: 2,
  [PROGRAMS.pumpFun]: 1,
  [PROGRAMS.meteoraDlmm]: 1,
};

const corpus = loadCorpus();
const byId = new Map(corpus.map((entry) => [entry.id, entry]));
const answers = (await replayCorpus(corpus.filter((entry) => entry.label?.classes.includes("slippage"))))
  .filter((s) => s.result.failureClass === "slippage" && s.result.nextAction.slippage);
const slippageOf = (s: Scored) => s.result.nextAction.slippage!;

type Recorded = {
  transaction: [string, string] | { message: { instructions: { data: string }[] } };
  meta: { logMessages?: string[]; innerInstructions?: { instructions: { data: string }[] }[] };
};

/** Every byte string the record holds: instruction data (top level and inner) and base64 log payloads. */
function payloadsOf(id: string): { instructions: Uint8Array[]; logs: Uint8Array[]; text: string[] } {
  const response = byId.get(id)!.response as unknown as Recorded;
  const base58 = getBase58Encoder();
  const base64 = getBase64Encoder();
  const entry = { response: response as Parameters<typeof messageOf>[0]["response"] };
  const topLevel = (messageOf(entry)?.instructions ?? []).map((i) =>
    new Uint8Array(base58.encode(i.data ?? ""))
  );
  const inner = (response.meta.innerInstructions ?? []).flatMap((group) =>
    group.instructions.map((i) => new Uint8Array(base58.encode(i.data)))
  );
  const text = response.meta.logMessages ?? [];
  const logs = text.flatMap((line) => {
    const payload = line.match(/^Program (?:log: ray_log|data): (\S+)$/)?.[1];
    return payload ? [new Uint8Array(base64.encode(payload))] : [];
  });
  return { instructions: [...topLevel, ...inner], logs, text };
}

function holdsU64(bytes: Uint8Array, amount: bigint): boolean {
  const want = new Uint8Array(8);
  new DataView(want.buffer).setBigUint64(0, amount, true);
  for (let at = 0; at + 8 <= bytes.length; at++) {
    if (want.every((byte, index) => bytes[at + index] === byte)) return true;
  }
  return false;
}

/** Jupiter's `SwapEvent` tag and discriminator, then amm, input mint, input amount, output mint, output amount. */
const SWAP_EVENT = "e445a52e51cb9a1d40c6cde8260871e2";

/** What a split route's legs into one mint gave in all, summed from their `SwapEvent`s. */
function eventTotalInto(instructions: Uint8Array[], mint: string | null): bigint | null {
  const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const legs = instructions.filter((bytes) =>
    bytes.length >= 128 && hex(bytes.subarray(0, 16)) === SWAP_EVENT
  )
    .filter((bytes) => getBase58Decoder().decode(bytes.subarray(88, 120)) === mint);
  if (legs.length === 0) return null;
  return legs.reduce(
    (sum, bytes) => sum + new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(120, true),
    0n,
  );
}

/** Whether the record holds an amount where its source says it was read. */
function grounded(
  id: string,
  amount: string,
  source: string,
  jupiterBound: bigint | null,
  mint: string | null,
): boolean {
  const { instructions, logs, text } = payloadsOf(id);
  const value = BigInt(amount);
  const inLogs = text.some((line) => new RegExp(`\\b${amount}\\b`).test(line)) ||
    logs.some((bytes) => holdsU64(bytes, value));
  switch (source) {
    case "log":
      return inLogs;
    case "instruction":
      return instructions.some((bytes) => holdsU64(bytes, value)) || value === jupiterBound;
    case "event":
      return instructions.some((bytes) => holdsU64(bytes, value)) ||
        eventTotalInto(instructions, mint) === value;
    case "transfers":
      return instructions.some((bytes) => holdsU64(bytes, value)) || inLogs;
    default:
      return false;
  }
}

/** The move past the basis in bps, to two places, worked out here: positive against the sender. */
function expectedMove(side: string, basis: bigint, actual: bigint): number {
  const against = side === "min_out" ? basis - actual : actual - basis;
  const magnitude = against < 0n ? -against : against;
  // Hundredths of a bps, rounded half up: (2 × 10⁶ × |against| / basis + 1) / 2.
  const hundredths = (2_000_000n * magnitude / basis + 1n) / 2n;
  return (against < 0n ? -1 : 1) * Number(hundredths) / 100;
}

/** The smallest setting whose bound the actual amount meets, by trying every one (rounding down, as routers do). */
function smallestPassing(side: string, quoted: bigint, actual: bigint): number | null {
  for (let bps = 0n; bps <= 10_000n; bps++) {
    const bound = side === "min_out"
      ? quoted * (10_000n - bps) / 10_000n
      : quoted * (10_000n + bps) / 10_000n;
    if (side === "min_out" ? actual >= bound : actual <= bound) return Number(bps);
  }
  return null;
}

Deno.test("recorded slippage: every bound and amount is found in the record where its source says", () => {
  const ungrounded: string[] = [];
  for (const s of answers) {
    const numbers = slippageOf(s);
    const quoted = numbers.quoted ? BigInt(numbers.quoted.amount) : null;
    const bps = numbers.slippageBps?.value;
    const jupiterBound = quoted !== null && bps !== undefined
      ? (numbers.side === "min_out" ? quoted * BigInt(10_000 - bps) : quoted * BigInt(10_000 + bps)) / 10_000n
      : null;
    for (
      const [name, part] of [["bound", numbers.bound], ["actual", numbers.actual], ["quoted", numbers.quoted]]
    ) {
      const sourced = part as { amount: string; source: string } | null;
      if (sourced && !grounded(s.id, sourced.amount, sourced.source, jupiterBound, numbers.mint)) {
        ungrounded.push(`${s.id.slice(0, 8)} ${name} ${sourced.amount} (${sourced.source})`);
      }
    }
  }
  // A bound of 0 read from a program's arguments is grounded but says nothing; it is checked below.
  assert.deepEqual(ungrounded, []);
});

Deno.test("recorded slippage: the move and the smallest passing setting are what the numbers make", () => {
  let moves = 0;
  let settings = 0;
  for (const s of answers) {
    const numbers = slippageOf(s);
    if (!numbers.actual || numbers.priceMoveBps === null) continue;
    const basis = numbers.priceMoveBasis === "quote" ? numbers.quoted!.amount : numbers.bound.amount;
    assert.equal(
      numbers.priceMoveBps,
      expectedMove(numbers.side, BigInt(basis), BigInt(numbers.actual.amount)),
      s.id,
    );
    moves++;
    if (numbers.quoted && numbers.slippageBps) {
      assert.equal(
        numbers.minSlippageBps,
        smallestPassing(numbers.side, BigInt(numbers.quoted.amount), BigInt(numbers.actual.amount)),
        s.id,
      );
      assert.ok(
        numbers.minSlippageBps! > numbers.slippageBps.value,
        `${s.id}: the setting used did not pass`,
      );
      settings++;
    }
  }
  assert.ok(moves >= 36 && settings >= 25, `${moves} moves, ${settings} smallest settings checked`);
});

Deno.test("recorded slippage: at least five programs' decoders give the bound, the amount and the move", () => {
  const counts = new Map<string, number>();
  for (const s of answers) {
    const numbers = slippageOf(s);
    if (numbers.bound && numbers.actual && numbers.priceMoveBps !== null) {
      counts.set(numbers.program, (counts.get(numbers.program) ?? 0) + 1);
    }
  }
  for (const [program, least] of Object.entries(AT_LEAST_WITH_MOVE)) {
    assert.ok(
      (counts.get(program) ?? 0) >= least,
      `${program}: ${counts.get(program) ?? 0} of at least ${least}`,
    );
  }
  assert.ok(counts.size >= 5, `${counts.size} programs`);
  // Raydium CLMM states its bound even where it stopped before any amount moved.
  const clmm = answers.filter((s) => slippageOf(s).program === PROGRAMS.raydiumClmm);
  assert.ok(clmm.length >= 3 && clmm.every((s) => slippageOf(s).bound.source === "instruction"));
});

Deno.test("recorded slippage: the numbers the expert fixed from each record are the ones answered", () => {
  const fixed = loadExpertLabels().labels.filter((label) =>
    typeof label.numbers["slippage.bound.amount"] === "string" && label.program !== null &&
    label.program in AT_LEAST_WITH_MOVE
  );
  assert.ok(fixed.length >= 10, `${fixed.length} labels fix a bound`);
  const wrong: string[] = [];
  for (const label of fixed) {
    const numbers = answers.find((s) => s.id === label.signature)?.result.nextAction.slippage;
    for (const [path, expected] of Object.entries(label.numbers)) {
      if (!path.startsWith("slippage.") || expected === null) continue;
      const [, field, leaf] = path.split(".");
      const got = (numbers as Record<string, Record<string, unknown> | null> | undefined)?.[field!]?.[leaf!];
      if (String(got) !== String(expected)) {
        wrong.push(`${label.signature.slice(0, 8)} ${path} ${got} ≠ ${expected}`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

Deno.test("recorded slippage: a Jupiter v4 route, worked by hand", () => {
  const found = answers.find((s) => s.id.startsWith("2utiJhjd"));
  assert.ok(found);
  // route(…, in_amount 1500000000, out_amount 1500000000, slippage_bps 0, platform_fee_bps 0): the bound is the
  // quote. Its legs' SwapEvents (logged as `Program data:`) give 1497946575 USDC out. Move:
  // 2053425 × 10000 / 1500000000 = 13.6895 → 13.69 bps; ⌊1500000000 × 9986 / 10000⌋ = 1497900000 passes,
  // ⌊1500000000 × 9987 / 10000⌋ = 1498050000 does not → 14 bps.
  const numbers = slippageOf(found);
  assert.equal(numbers.program, PROGRAMS.jupiterV4);
  assert.equal(numbers.mint, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
  assert.deepEqual(
    [numbers.bound, numbers.actual, numbers.quoted, numbers.slippageBps],
    [
      { amount: "1500000000", source: "instruction" },
      { amount: "1497946575", source: "event" },
      { amount: "1500000000", source: "instruction" },
      { value: 0, source: "instruction" },
    ],
  );
  assert.deepEqual([numbers.priceMoveBps, numbers.priceMoveBasis, numbers.minSlippageBps], [
    13.69,
    "quote",
    14,
  ]);
});

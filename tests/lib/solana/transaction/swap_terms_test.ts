/**
 * The swap decoders judged by the chain: in every recorded successful swap of
 * the corpus, the tokens that moved to (or from) the sender's account, read
 * from the inner transfers, honour the bound decoded from the instruction's
 * arguments — a wrong offset, side or account position would break that.
 */
import assert from "node:assert/strict";
import { alignInstructions, parseLogs } from "../../../../lib/solana/transaction/logs.ts";
import { messageFromCompiled, messageFromRpc } from "../../../../lib/solana/transaction/message.ts";
import { programNameOf } from "../../../../lib/solana/transaction/program_errors/registry.ts";
import { readSwap } from "../../../../lib/solana/transaction/slippage/swap_reading.ts";
import { decodeWireTransaction } from "../../../../lib/solana/transaction/serialized.ts";
import { loadCorpus } from "./_corpus.ts";

type Json = Record<string, unknown>;

interface Checked {
  id: string;
  program: string;
  side: string;
  bound: bigint;
  moved: bigint;
}

/** Every decoded swap frame of the corpus's successful transactions whose sender's account received or paid. */
function checkedSwaps(): Checked[] {
  const checked: Checked[] = [];
  for (const entry of loadCorpus()) {
    const response = entry.response as Json & { meta: Json };
    const meta = response.meta;
    if (meta.err !== null) continue;
    const view = Array.isArray(response.transaction)
      ? (() => {
        const decoded = decodeWireTransaction((response.transaction as string[])[0]!, "base64");
        return messageFromCompiled(decoded.compiled, meta.loadedAddresses as Json, decoded.config);
      })()
      : messageFromRpc(response.transaction, meta, response.version)!;
    const { frames } = parseLogs(meta.logMessages as string[]);
    alignInstructions(frames, view.instructions.map((instruction) => instruction.program));
    for (const frame of frames) {
      const { terms, moved } = readSwap(frame, frames, view, meta.innerInstructions);
      if (!terms || moved === null) continue;
      checked.push({ id: entry.id, program: frame.program, side: terms.side, bound: terms.bound, moved });
    }
  }
  return checked;
}

const checked = checkedSwaps();

Deno.test("swap terms: every recorded successful swap moved what its decoded bound allows", () => {
  const broken = checked.filter((swap) =>
    swap.side === "min_out" ? swap.moved < swap.bound : swap.moved > swap.bound
  );
  assert.deepEqual(broken, []);
});

Deno.test("swap terms: the check covers the main AMMs and the router, with bounds that bind", () => {
  const binding = (name: string) =>
    checked.filter((swap) => programNameOf(swap.program) === name && swap.bound > 0n).length;
  // Counts of recorded successful swaps with a non-zero bound, per program, in the committed corpus.
  assert.ok(binding("Jupiter Aggregator v6") >= 11, "Jupiter");
  assert.ok(binding("Raydium AMM v4") >= 5, "Raydium AMM v4");
  assert.ok(binding("Raydium CLMM") >= 1, "Raydium CLMM");
  assert.ok(binding("PumpSwap AMM") >= 1, "PumpSwap");
  // Whirlpool's recorded swaps set no minimum, but the output still lands in the account the
  // direction flag (a_to_b) and the account positions point at.
  assert.ok(checked.some((swap) => programNameOf(swap.program) === "Orca Whirlpool" && swap.moved > 0n));
});

Deno.test("swap terms: a PumpSwap buy paid 59315 base units under its maximum", () => {
  // buy(base_amount_out 776628111913, max_quote_amount_in 9490500000); under it the user's quote
  // account paid 9485707298 + 4733387 (two transfers) = 9490440685: 9490500000 − 9490440685 = 59315 spare.
  // (The same account's earlier transfers of 10000000 and 499500000 belong to other instructions.)
  const buy = checked.find((swap) =>
    swap.id.startsWith("3vjRouiACXEfdCAs387qZo2bKGS188XFPQGaRzZo8mJZ") && swap.side === "max_in"
  );
  assert.deepEqual([buy?.bound, buy?.moved], [9490500000n, 9490440685n]);
});

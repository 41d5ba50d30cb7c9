/**
 * The stored-block reader turns ledger-storage bincode errors back into the
 * JSON the RPC gives, and the corpus it produced agrees with its own logs.
 */
import assert from "node:assert/strict";
import { transactionErrorFromBincode } from "../../tasks/storage_block.ts";
import { loadCorpus } from "../lib/solana/transaction/_corpus.ts";

function bytes(...parts: number[][]): Uint8Array {
  return Uint8Array.from(parts.flat());
}

function u32(value: number): number[] {
  return [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24];
}

Deno.test("transactionErrorFromBincode() reads the shapes the RPC writes", () => {
  // InstructionError(3, Custom(6001)): variant 8, index byte, variant 25, code.
  assert.deepEqual(transactionErrorFromBincode(bytes(u32(8), [3], u32(25), u32(6001))), {
    InstructionError: [3, { Custom: 6001 }],
  });
  // InstructionError(1, ComputationalBudgetExceeded).
  assert.deepEqual(transactionErrorFromBincode(bytes(u32(8), [1], u32(37))), {
    InstructionError: [1, "ComputationalBudgetExceeded"],
  });
  // InstructionError(0, BorshIoError("bad")): a u64 length, then the text.
  assert.deepEqual(
    transactionErrorFromBincode(bytes(u32(8), [0], u32(44), [3, 0, 0, 0, 0, 0, 0, 0], [98, 97, 100])),
    { InstructionError: [0, { BorshIoError: "bad" }] },
  );
  assert.deepEqual(transactionErrorFromBincode(bytes(u32(31), [14])), {
    InsufficientFundsForRent: { account_index: 14 },
  });
  assert.deepEqual(transactionErrorFromBincode(bytes(u32(30), [2])), { DuplicateInstruction: 2 });
  assert.equal(transactionErrorFromBincode(bytes(u32(7))), "BlockhashNotFound");
  assert.throws(() => transactionErrorFromBincode(bytes(u32(99))), /unknown transaction error 99/);
});

Deno.test("every custom code read from a stored block matches the failed program's log line", () => {
  const fromBlocks = loadCorpus().filter((entry) => entry.source.path.startsWith("blocks/"));
  const customs = fromBlocks.flatMap((entry) => {
    const code = (entry.response.meta.err as { InstructionError?: [number, { Custom?: number }] })
      ?.InstructionError?.[1]?.Custom;
    return code === undefined ? [] : [{ entry, code }];
  });
  assert.ok(customs.length >= 100, `${customs.length} custom failures`);
  for (const { entry, code } of customs) {
    const logs = (entry.response.meta as { err: unknown; logMessages?: string[] }).logMessages ?? [];
    const line = logs.find((text) => / failed: custom program error: /.test(text));
    assert.ok(line?.endsWith(`custom program error: 0x${code.toString(16)}`), entry.id);
  }
});

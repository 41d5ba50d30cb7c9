import assert from "node:assert/strict";
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from "@solana-program/compute-budget";
import { getBase64Decoder } from "@solana/kit";
import { createLocalSolana, LOCAL_GENESIS_HASH } from "../../../../lib/local/solana/local_solana.ts";
import { LOCAL_RPC_METHODS } from "../../../../lib/local/solana/rpc_methods.ts";
import { fundedWallet, memo, signedTransaction } from "../../../_support/solana_transactions.ts";
import { rpc } from "../../../_support/local_chain.ts";

Deno.test("handleRpc() follows JSON-RPC 2.0: batches, notifications, unknown methods and malformed requests", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const batch = await local.handleRpc([
    { jsonrpc: "2.0", id: "a", method: "getSlot" },
    { jsonrpc: "2.0", method: "getSlot" },
    { jsonrpc: "2.0", id: 7, method: "getSlots" },
    { jsonrpc: "1.0", id: 8, method: "getSlot" },
    { jsonrpc: "2.0", id: 9, method: "getBalance", params: { pubkey: "x" } },
    42,
  ]);
  assert.deepEqual(batch, [
    { jsonrpc: "2.0", result: Number(local.chain.slot), id: "a" },
    { jsonrpc: "2.0", error: { code: -32601, message: "Method not found" }, id: 7 },
    { jsonrpc: "2.0", error: { code: -32600, message: "Invalid request" }, id: 8 },
    {
      jsonrpc: "2.0",
      error: { code: -32602, message: "Invalid params: invalid type: map, expected a sequence." },
      id: 9,
    },
    { jsonrpc: "2.0", error: { code: -32600, message: "Invalid request" }, id: null },
  ]);
  assert.deepEqual(await local.handleRpc([]), {
    jsonrpc: "2.0",
    error: { code: -32600, message: "Invalid request" },
    id: null,
  });
  assert.equal(
    await local.handleRpc({ jsonrpc: "2.0", method: "getSlot" }),
    null,
    "a lone notification gets no answer",
  );
  assert.deepEqual(await local.handleRpc("getSlot"), {
    jsonrpc: "2.0",
    error: { code: -32600, message: "Invalid request" },
    id: null,
  });
  assert.deepEqual((await rpc(local, "toString")).error, { code: -32601, message: "Method not found" });
  assert.ok(LOCAL_RPC_METHODS.includes("getRecentPrioritizationFees"));
});

Deno.test("cluster methods answer with the validator's shapes", async () => {
  const local = await createLocalSolana();
  const slot = Number(local.chain.slot);
  const height = Number(local.chain.blockHeight);
  assert.equal((await rpc(local, "getSlot", [{ commitment: "finalized" }])).result, slot);
  assert.equal((await rpc(local, "getBlockHeight")).result, height);
  assert.ok(height < slot, "block height trails the slot, as on a cluster with skipped slots");

  const latest = (await rpc(local, "getLatestBlockhash", [{ commitment: "confirmed" }])).result;
  assert.deepEqual(latest.context, { apiVersion: "3.1.8", slot });
  assert.equal(latest.value.lastValidBlockHeight, height + 150);
  assert.equal((await rpc(local, "isBlockhashValid", [latest.value.blockhash])).result.value, true);
  assert.equal(
    (await rpc(local, "isBlockhashValid", ["4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zrqyGXh2C8cb1"])).result.value,
    false,
  );
  assert.deepEqual((await rpc(local, "isBlockhashValid", ["abc"])).error, {
    code: -32602,
    message: "WrongSize",
  });

  assert.deepEqual((await rpc(local, "getEpochInfo")).result, {
    absoluteSlot: slot,
    blockHeight: height,
    epoch: Math.floor(slot / 432_000),
    slotIndex: slot % 432_000,
    slotsInEpoch: 432_000,
    transactionCount: local.chain.transactionCount,
  });
  assert.deepEqual(Object.keys((await rpc(local, "getVersion")).result).sort(), [
    "feature-set",
    "solana-core",
  ]);
  assert.equal((await rpc(local, "getHealth")).result, "ok");
  assert.equal((await rpc(local, "getGenesisHash")).result, LOCAL_GENESIS_HASH);
  assert.deepEqual((await rpc(local, "getSlot", [{ minContextSlot: slot + 1 }])).error, {
    code: -32016,
    message: "Minimum context slot has not been reached",
    data: { contextSlot: slot },
  });
});

Deno.test("getFeeForMessage() matches the fee the runtime charges, with and without an explicit limit", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local, { lamports: 10_000_000_000n });
  const cases = [
    [getSetComputeUnitPriceInstruction({ microLamports: 1_000_000n }), memo("default limit")],
    [
      getSetComputeUnitLimitInstruction({ units: 1_001 }),
      getSetComputeUnitPriceInstruction({ microLamports: 3n }),
      memo("x"),
    ],
    [memo("no priority")],
  ];
  const quoted: number[] = [];
  const charged: bigint[] = [];
  for (const instructions of cases) {
    const transaction = await signedTransaction(local, payer, instructions);
    const message = getBase64Decoder().decode(transaction.messageBytes);
    quoted.push((await rpc(local, "getFeeForMessage", [message])).result.value);
    const before = local.svm.getBalance(payer.address) ?? 0n;
    assert.equal(local.execute(transaction).err, null);
    charged.push(before - (local.svm.getBalance(payer.address) ?? 0n));
  }
  // 203,000 CU by default (200,000 for Memo + 3,000 for the builtin) at 1 lamport/CU; 1,001 CU × 3 µL rounds up to 1.
  assert.deepEqual(quoted, [208_000, 5_001, 5_000]);
  assert.deepEqual(charged, quoted.map(BigInt));

  const stale = await signedTransaction(local, payer, [memo("stale")], {
    blockhash: "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zrqyGXh2C8cb1",
  });
  const staleMessage = getBase64Decoder().decode(stale.messageBytes);
  assert.equal((await rpc(local, "getFeeForMessage", [staleMessage])).result.value, null);
});

import assert from "node:assert/strict";
import { createLocalSolana, type LocalSolana } from "../../../../lib/local/solana/local_solana.ts";
import type { RpcHandler } from "../../../../lib/local/solana/in_process_rpc.ts";
import { reuseSimulations } from "../../../../lib/local/solana/simulation_memo.ts";
import { usdcAccountOf } from "../../../../lib/local/solana/usdc.ts";
import {
  fundedWallet,
  signedTransaction,
  usdcTransfer,
  wire,
} from "../../../_support/solana_transactions.ts";

/** The real chain's dispatcher, counting the simulations that reach it. */
function counted(local: LocalSolana): RpcHandler & { simulations: number } {
  const handler = {
    simulations: 0,
    handleRpc(body: unknown) {
      for (const request of Array.isArray(body) ? body : [body]) {
        if ((request as { method?: string })?.method === "simulateTransaction") handler.simulations++;
      }
      return local.handleRpc(body);
    },
  };
  return handler;
}

async function setup() {
  const local = await createLocalSolana({ seedHistory: false });
  const buyer = await fundedWallet(local, { lamports: 1_000_000_000n, usdc: 10_000n });
  const seller = await fundedWallet(local, { usdc: 0n });
  const transfer = await signedTransaction(local, buyer, [usdcTransfer(buyer, seller.address, 4_000n)]);
  const chain = counted(local);
  const rpc = reuseSimulations(chain, local.chain);
  const simulate = (id: number, transaction = wire(transfer)) =>
    rpc.handleRpc({
      jsonrpc: "2.0",
      id,
      method: "simulateTransaction",
      params: [transaction, { encoding: "base64", sigVerify: false }],
    }) as Promise<{ id: number; result?: { value: { err: unknown } }; error?: unknown }>;
  return { local, buyer, seller, transfer, chain, simulate };
}

Deno.test("a simulation repeated at an unchanged chain state is answered from the first, under its own id", async () => {
  const { chain, simulate } = await setup();
  const first = await simulate(1);
  assert.equal(first.result?.value.err, null);
  const second = await simulate(2);
  assert.equal(chain.simulations, 1, "the chain simulated once");
  assert.equal(second.id, 2);
  assert.deepEqual({ ...second, id: 1 }, first);
  assert.notEqual(second.result, first.result, "each answer is its own copy");
});

Deno.test("once the transaction lands, the same simulation is asked of the chain again and fails", async () => {
  const { local, transfer, chain, simulate } = await setup();
  assert.equal((await simulate(1)).result?.value.err, null);
  assert.equal(local.execute(transfer).err, null);
  const again = await simulate(2);
  assert.equal(chain.simulations, 2);
  assert.equal(again.result?.value.err, "AlreadyProcessed");
});

Deno.test("a state change by another transaction or the faucet forgets what was simulated", async () => {
  const { local, buyer, seller, chain, simulate } = await setup();
  const all = await signedTransaction(local, buyer, [usdcTransfer(buyer, seller.address, 10_000n)]);
  const part = await signedTransaction(local, buyer, [usdcTransfer(buyer, seller.address, 4_000n)]);
  assert.equal((await simulate(1, wire(part))).result?.value.err, null);
  // The buyer spends everything: the earlier answer would now be wrong.
  assert.equal(local.execute(all).err, null);
  const spent = await simulate(2, wire(part));
  assert.deepEqual(spent.result?.value.err, { InstructionError: [0, { Custom: 1 }] }, "insufficient funds");
  await local.fund(buyer.address, { usdc: 4_000n });
  assert.equal((await simulate(3, wire(part))).result?.value.err, null, "funded again, it would pass");
  assert.equal(chain.simulations, 3);
});

Deno.test("an account written straight to the runtime, as tests plant them, forgets what was simulated", async () => {
  const { local, buyer, chain, simulate } = await setup();
  assert.equal((await simulate(1)).result?.value.err, null);
  const source = local.svm.getAccount(usdcAccountOf(buyer.address));
  assert.ok(source.exists);
  const emptied = new Uint8Array(source.data);
  emptied.fill(0, 64, 72); // the token amount
  local.svm.setAccount({ ...source, data: emptied });
  const again = await simulate(2);
  assert.deepEqual(again.result?.value.err, { InstructionError: [0, { Custom: 1 }] }, "insufficient funds");
  assert.equal(chain.simulations, 2);
});

Deno.test("errors, notifications and batches are passed through, never remembered", async () => {
  const { local, chain, simulate } = await setup();
  const rpc = reuseSimulations(chain, local.chain);
  assert.ok((await simulate(1, "not a transaction")).error);
  assert.ok((await simulate(2, "not a transaction")).error);
  assert.equal(chain.simulations, 2);
  const notification = {
    jsonrpc: "2.0",
    method: "simulateTransaction",
    params: ["x", { encoding: "base64" }],
  };
  assert.equal(await rpc.handleRpc(notification), null);
  const batch = await rpc.handleRpc([{ ...notification, id: 7 }]);
  assert.ok(Array.isArray(batch));
  assert.equal(chain.simulations, 4);
});

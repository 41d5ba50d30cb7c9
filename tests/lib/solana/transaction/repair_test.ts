import assert from "node:assert/strict";
import { type Address, generateKeyPairSigner, getBase58Decoder, getTransactionEncoder } from "@solana/kit";
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from "@solana-program/compute-budget";
import { getTransferSolInstruction } from "@solana-program/system";
import { SEEDED_FEE_ACCOUNT } from "../../../../lib/local/solana/local_solana.ts";
import { usdcAccountOf } from "../../../../lib/local/solana/usdc.ts";
import { priorityFeeReport } from "../../../../lib/solana/fees/mod.ts";
import { simulateTransaction } from "../../../../lib/solana/transaction/simulate.ts";
import { decodeWireTransaction } from "../../../../lib/solana/transaction/serialized.ts";
import { type LocalChain, startLocalChain } from "../../../_support/local_chain.ts";
import { landRepair } from "./_land_repair.ts";
import {
  fundedWallet,
  memo,
  plantLookupTable,
  signedTransaction,
  signedV1Transaction,
  signMessage,
  usdcTransfer,
  wire,
} from "../../../_support/solana_transactions.ts";

async function simulate(
  cluster: LocalChain,
  transaction: string,
  feeLevel?: "low" | "medium" | "high" | "veryHigh",
) {
  return await simulateTransaction(cluster.client, {
    transaction,
    encoding: "base64",
    ...(feeLevel ? { repair: { feeLevel } } : {}),
  });
}

Deno.test("repair: a v0 transaction out of compute units gets the measured limit, keeps its lookup table, and lands", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const receiver = (await generateKeyPairSigner()).address;
    const table = (await generateKeyPairSigner()).address;
    plantLookupTable(cluster.local, table, [receiver]);
    const transaction = await signMessage(payer, [
      getSetComputeUnitLimitInstruction({ units: 300 }),
      memo("needs more than 300 units"),
      getTransferSolInstruction({ source: payer, destination: receiver, amount: 2_000_000n }),
    ], {
      version: 0,
      lifetime: cluster.local.chain.latestBlockhash(),
      lookupTables: { [table]: [receiver] },
    });

    const result = await simulate(cluster, wire(transaction));
    assert.equal(result.failureClass, "compute_exceeded");
    const { repair } = result;
    assert.ok(repair.fixes?.includes("compute_unit_limit"));
    const used = repair.simulation!.unitsConsumed!;
    assert.equal(repair.computeUnitLimit, Math.ceil((used * 110) / 100), "units consumed plus 10%");
    const rebuilt = decodeWireTransaction(repair.transaction!, "base64").compiled;
    assert.equal(rebuilt.version, 0);
    assert.deepEqual(
      rebuilt.version === 0 ? rebuilt.addressTableLookups?.map((lookup) => lookup.lookupTableAddress) : [],
      [table],
      "the lookup table is preserved",
    );

    await landRepair(cluster, repair, payer);
    assert.equal(cluster.local.svm.getBalance(receiver as Address), 2_000_000n);
  } finally {
    await cluster.close();
  }
});

Deno.test("repair: a v1 transaction out of compute units gets the limit in its config mask and lands", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const receiver = (await generateKeyPairSigner()).address;
    const transaction = await signedV1Transaction(cluster.local, payer, [
      memo("v1 needs more"),
      getTransferSolInstruction({ source: payer, destination: receiver, amount: 3_000_000n }),
    ], { computeUnitLimit: 300, priorityFeeLamports: 7n, loadedAccountsDataSizeLimit: 100_000 });

    const result = await simulate(cluster, wire(transaction));
    assert.equal(result.failureClass, "compute_exceeded");
    const { repair } = result;
    const decoded = decodeWireTransaction(repair.transaction!, "base64");
    assert.equal(decoded.compiled.version, 1);
    assert.equal(decoded.config?.computeUnitLimit, repair.computeUnitLimit);
    assert.equal(decoded.config?.priorityFeeLamports, 7n, "the priority fee the sender set is kept");
    assert.equal(decoded.config?.loadedAccountsDataSizeLimit, 100_000);
    assert.equal(repair.microLamportsPerComputeUnit, undefined, "v1 pays a lamport amount, not a price");

    const before = cluster.local.svm.getBalance(payer.address)!;
    await landRepair(cluster, repair, payer);
    assert.equal(cluster.local.svm.getBalance(receiver as Address), 3_000_000n);
    assert.equal(
      cluster.local.svm.getBalance(payer.address),
      before - 3_000_000n - 5_000n - 7n,
      "the transfer, the signature fee and the priority fee in the config",
    );
  } finally {
    await cluster.close();
  }
});

Deno.test("repair: a legacy transaction priced below the fee level asked is raised to it, and the chain charges that fee", async () => {
  const cluster = await startLocalChain();
  try {
    const payer = await fundedWallet(cluster.local);
    const transaction = await signedTransaction(cluster.local, payer, [
      getSetComputeUnitPriceInstruction({ microLamports: 1n }),
      getTransferSolInstruction({ source: payer, destination: SEEDED_FEE_ACCOUNT, amount: 1_000n }),
    ], { version: "legacy" });
    const asIs = await simulate(cluster, wire(transaction));
    assert.equal(asIs.failureClass, "none");
    assert.equal(asIs.repair.code, "not_needed");

    const result = await simulate(cluster, wire(transaction), "medium");
    const { repair } = result;
    const report = await priorityFeeReport(cluster.client, { accounts: [payer.address, SEEDED_FEE_ACCOUNT] });
    const medium = report.combined!.levels.medium;
    assert.ok(medium > 1, `the seeded history prices the medium level above 1 (${medium})`);
    assert.equal(repair.microLamportsPerComputeUnit, medium);
    assert.equal(repair.feeLevel, "medium");
    assert.ok(repair.fixes?.includes("compute_unit_price"));
    assert.equal(decodeWireTransaction(repair.transaction!, "base64").compiled.version, "legacy");

    const signature = await landRepair(cluster, repair, payer);
    const landed = cluster.local.chain.transaction(signature)!;
    assert.equal(
      landed.meta.fee,
      5_000n + BigInt(repair.priorityFeeLamports!),
      "the chain charged the level's fee",
    );

    const generous = await signedTransaction(cluster.local, payer, [
      getSetComputeUnitPriceInstruction({ microLamports: 100_000_000n }),
      getTransferSolInstruction({ source: payer, destination: SEEDED_FEE_ACCOUNT, amount: 1_000n }),
    ], { version: "legacy" });
    assert.equal((await simulate(cluster, wire(generous), "medium")).repair.code, "not_needed");
  } finally {
    await cluster.close();
  }
});

Deno.test("repair: a v1 transaction paying less than the level asked gets the level's fee in its config, charged by the chain", async () => {
  const cluster = await startLocalChain();
  try {
    const payer = await fundedWallet(cluster.local);
    const transaction = await signedV1Transaction(cluster.local, payer, [
      getTransferSolInstruction({ source: payer, destination: SEEDED_FEE_ACCOUNT, amount: 1_000n }),
    ], { computeUnitLimit: 10_000, priorityFeeLamports: 0n, loadedAccountsDataSizeLimit: 100_000 });
    const { repair } = await simulate(cluster, wire(transaction), "high");
    const report = await priorityFeeReport(cluster.client, { accounts: [payer.address, SEEDED_FEE_ACCOUNT] });
    const expectedFee = Math.ceil((report.combined!.levels.high * repair.computeUnitLimit!) / 1_000_000);
    assert.ok(expectedFee > 0);
    assert.equal(repair.priorityFeeLamports, expectedFee);
    assert.ok(repair.fixes?.includes("priority_fee_lamports"));
    const decoded = decodeWireTransaction(repair.transaction!, "base64");
    assert.equal(decoded.config?.priorityFeeLamports, BigInt(expectedFee), "the fee is in the config mask");
    assert.equal(decoded.config?.computeUnitLimit, repair.computeUnitLimit);

    const before = cluster.local.svm.getBalance(payer.address)!;
    await landRepair(cluster, repair, payer);
    assert.equal(
      cluster.local.svm.getBalance(payer.address),
      before - 1_000n - 5_000n - BigInt(expectedFee),
      "the chain charged the signature and the level's priority fee",
    );
  } finally {
    await cluster.close();
  }
});

Deno.test("repair: a transaction whose blockhash expired gets a fresh one (base58 in, base58 out) and lands", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const receiver = (await generateKeyPairSigner()).address;
    const stale = await signedTransaction(cluster.local, payer, [
      getTransferSolInstruction({ source: payer, destination: receiver, amount: 4_000_000n }),
    ]);
    const filler = await fundedWallet(cluster.local);
    for (let block = 0; block < 151; block++) {
      const { err } = cluster.local.execute(
        await signedTransaction(cluster.local, filler, [memo(`block ${block}`)]),
      );
      assert.equal(err, null);
    }
    const refused = cluster.local.execute(stale);
    assert.equal(refused.err, "BlockhashNotFound", "the original can no longer land");

    const base58 = getBase58Decoder().decode(getTransactionEncoder().encode(stale));
    const result = await simulateTransaction(cluster.client, { transaction: base58, encoding: "base58" });
    assert.equal(result.failureClass, "none", "the node simulates with its own blockhash");
    const { repair } = result;
    assert.equal(repair.encoding, "base58");
    assert.ok(repair.fixes?.includes("fresh_blockhash"));
    assert.equal(repair.recentBlockhash, cluster.local.chain.latestBlockhash().blockhash);

    await landRepair(cluster, repair, payer);
    assert.equal(cluster.local.svm.getBalance(receiver as Address), 4_000_000n);
  } finally {
    await cluster.close();
  }
});

Deno.test("repair: a token transfer to a wallet without its token account creates it first and lands", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const sender = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 5_000n });
    const receiver = (await generateKeyPairSigner()).address;
    const transaction = await signedTransaction(cluster.local, sender, [
      getTransferSolInstruction({ source: sender, destination: receiver, amount: 1_000_000n }),
      usdcTransfer(sender, receiver, 700n),
    ]);
    const result = await simulate(cluster, wire(transaction));
    assert.equal(result.success, false);
    const { repair } = result;
    assert.deepEqual(repair.createdAccounts?.map((created) => [created.account, created.owner]), [[
      usdcAccountOf(receiver),
      receiver,
    ]]);
    assert.ok(repair.fixes?.includes("create_associated_token_account"));

    await landRepair(cluster, repair, sender);
    assert.equal(cluster.local.usdcBalance(receiver), 700n);
    assert.equal(cluster.local.usdcBalance(sender.address), 4_300n);
  } finally {
    await cluster.close();
  }
});

Deno.test("repair: a v1 token transfer to a missing token account is repaired in its own version and lands", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const sender = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 5_000n });
    const receiver = (await generateKeyPairSigner()).address;
    const transaction = await signedV1Transaction(cluster.local, sender, [
      getTransferSolInstruction({ source: sender, destination: receiver, amount: 1_000_000n }),
      usdcTransfer(sender, receiver, 900n),
    ], { computeUnitLimit: 200_000, priorityFeeLamports: 0n, loadedAccountsDataSizeLimit: 1_000_000 });
    const { repair } = await simulate(cluster, wire(transaction));
    assert.equal(decodeWireTransaction(repair.transaction!, "base64").compiled.version, 1);
    await landRepair(cluster, repair, sender);
    assert.equal(cluster.local.usdcBalance(receiver), 900n);
  } finally {
    await cluster.close();
  }
});

Deno.test("repair: a shortfall gets no rebuilt transaction and says what the payer lacks", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const sender = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 1_000n });
    const receiver = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 0n });
    const tokens = await simulate(
      cluster,
      wire(await signedTransaction(cluster.local, sender, [usdcTransfer(sender, receiver.address, 5_000n)])),
    );
    assert.equal(tokens.repair.available, false);
    assert.equal(tokens.repair.code, "insufficient_funds");
    assert.equal(tokens.repair.transaction, undefined);
    assert.match(tokens.repair.reason, /lacks 4000 base units/);

    const poor = await fundedWallet(cluster.local, { lamports: 2_000_000n });
    const lamports = await simulate(
      cluster,
      wire(
        await signedTransaction(cluster.local, poor, [
          getTransferSolInstruction({ source: poor, destination: receiver.address, amount: 5_000_000n }),
        ]),
      ),
    );
    assert.equal(lamports.repair.code, "insufficient_funds");
    assert.equal(lamports.repair.lamportsMissing, lamports.nextAction.lamportsMissing);
    assert.ok(lamports.repair.lamportsMissing! > 3_000_000);
    assert.equal(lamports.repair.account, poor.address);
  } finally {
    await cluster.close();
  }
});

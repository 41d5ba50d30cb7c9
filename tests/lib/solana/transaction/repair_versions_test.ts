/**
 * Every mechanical repair in every message version: compute exhausted, a
 * price below the fee level asked, an expired blockhash and a missing token
 * account, each built as a failing legacy, v0 and v1 transaction on the
 * local chain; the repair keeps the version, and signed by the test's wallet
 * it lands. The combinations `repair_test.ts` proves in more detail
 * (v0 and v1 compute, legacy and v1 price, v0 expiry, v0 and v1 token
 * account) are not repeated here.
 */
import assert from "node:assert/strict";
import { type Address, generateKeyPairSigner, type Instruction, type KeyPairSigner } from "@solana/kit";
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from "@solana-program/compute-budget";
import { getTransferSolInstruction } from "@solana-program/system";
import { SEEDED_FEE_ACCOUNT } from "../../../../lib/local/solana/local_solana.ts";
import { decodeWireTransaction } from "../../../../lib/solana/transaction/serialized.ts";
import { simulateTransaction } from "../../../../lib/solana/transaction/simulate.ts";
import type { Repair } from "../../../../lib/solana/transaction/repair/schema.ts";
import { type LocalChain, startLocalChain } from "../../../_support/local_chain.ts";
import {
  fundedWallet,
  type Lifetime,
  memo,
  signedTransaction,
  signMessage,
  usdcTransfer,
  wire,
} from "../../../_support/solana_transactions.ts";
import { landRepair } from "./_land_repair.ts";

type Version = "legacy" | 0 | 1;

/** `instructions` in a message of `version`, with the compute limit and price in instructions or, for v1, in its config. */
async function build(
  version: Version,
  payer: KeyPairSigner,
  instructions: Instruction[],
  lifetime: Lifetime,
  budget: { limit?: number; microLamports?: bigint } = {},
) {
  if (version === 1) {
    const limit = budget.limit ?? 200_000;
    const priorityFeeLamports = budget.microLamports
      ? (budget.microLamports * BigInt(limit)) / 1_000_000n
      : 0n;
    return await signMessage(payer, instructions, {
      version: 1,
      lifetime,
      config: { computeUnitLimit: limit, priorityFeeLamports, loadedAccountsDataSizeLimit: 1_000_000 },
    });
  }
  const budgetInstructions = [
    ...(budget.limit ? [getSetComputeUnitLimitInstruction({ units: budget.limit })] : []),
    ...(budget.microLamports
      ? [getSetComputeUnitPriceInstruction({ microLamports: budget.microLamports })]
      : []),
  ];
  return await signMessage(payer, [...budgetInstructions, ...instructions], { version, lifetime });
}

/** The repair of `transaction`'s simulation, checked to keep the version. */
async function repairOf(
  cluster: LocalChain,
  transaction: Awaited<ReturnType<typeof build>>,
  version: Version,
  failureClass: string,
  feeLevel?: "medium",
): Promise<Repair> {
  const result = await simulateTransaction(cluster.client, {
    transaction: wire(transaction),
    encoding: "base64",
    ...(feeLevel ? { repair: { feeLevel } } : {}),
  });
  assert.equal(result.failureClass, failureClass);
  const { repair } = result;
  assert.equal(repair.available, true, repair.reason);
  assert.equal(
    decodeWireTransaction(repair.transaction!, "base64").compiled.version,
    version,
    "version kept",
  );
  return repair;
}

interface Case {
  fix: string;
  versions: Version[];
  seedHistory: boolean;
  run(cluster: LocalChain, version: Version, payer: KeyPairSigner): Promise<void>;
}

const CASES: Case[] = [
  {
    fix: "compute exhausted",
    versions: ["legacy"],
    seedHistory: false,
    async run(cluster, version, payer) {
      const receiver = (await generateKeyPairSigner()).address;
      const transaction = await build(
        version,
        payer,
        [
          memo("needs more than 300 units"),
          getTransferSolInstruction({ source: payer, destination: receiver, amount: 2_000_000n }),
        ],
        cluster.local.chain.latestBlockhash(),
        { limit: 300 },
      );
      const repair = await repairOf(cluster, transaction, version, "compute_exceeded");
      assert.ok(repair.fixes?.includes("compute_unit_limit"));
      await landRepair(cluster, repair, payer);
      assert.equal(cluster.local.svm.getBalance(receiver), 2_000_000n);
    },
  },
  {
    fix: "price below the level asked",
    versions: [0],
    seedHistory: true,
    async run(cluster, version, payer) {
      const transaction = await build(
        version,
        payer,
        [
          getTransferSolInstruction({ source: payer, destination: SEEDED_FEE_ACCOUNT, amount: 1_000n }),
        ],
        cluster.local.chain.latestBlockhash(),
        { microLamports: 1n },
      );
      const repair = await repairOf(cluster, transaction, version, "none", "medium");
      assert.ok(repair.fixes?.includes(version === 1 ? "priority_fee_lamports" : "compute_unit_price"));
      assert.equal(repair.feeLevel, "medium");
      const signature = await landRepair(cluster, repair, payer);
      assert.equal(
        cluster.local.chain.transaction(signature)!.meta.fee,
        5_000n + BigInt(repair.priorityFeeLamports!),
        "the chain charged the level's fee",
      );
    },
  },
  {
    fix: "expired blockhash",
    versions: ["legacy", 1],
    seedHistory: false,
    async run(cluster, version, payer) {
      const receiver = (await generateKeyPairSigner()).address;
      const stale = await build(version, payer, [
        getTransferSolInstruction({ source: payer, destination: receiver, amount: 4_000_000n }),
      ], cluster.local.chain.latestBlockhash());
      const filler = await fundedWallet(cluster.local);
      for (let block = 0; block < 151; block++) {
        const { err } = cluster.local.execute(
          await signedTransaction(cluster.local, filler, [memo(`block ${block}`)]),
        );
        assert.equal(err, null);
      }
      assert.equal(cluster.local.execute(stale).err, "BlockhashNotFound", "the original can no longer land");
      const repair = await repairOf(cluster, stale, version, "none");
      assert.ok(repair.fixes?.includes("fresh_blockhash"));
      await landRepair(cluster, repair, payer);
      assert.equal(cluster.local.svm.getBalance(receiver as Address), 4_000_000n);
    },
  },
  {
    fix: "missing token account",
    versions: ["legacy"],
    seedHistory: false,
    async run(cluster, version, payer) {
      const receiver = (await generateKeyPairSigner()).address;
      const transaction = await build(version, payer, [
        getTransferSolInstruction({ source: payer, destination: receiver, amount: 1_000_000n }),
        usdcTransfer(payer, receiver, 700n),
      ], cluster.local.chain.latestBlockhash());
      const repair = await repairOf(cluster, transaction, version, "account_state");
      assert.ok(repair.fixes?.includes("create_associated_token_account"));
      await landRepair(cluster, repair, payer);
      assert.equal(cluster.local.usdcBalance(receiver), 700n);
    },
  },
];

for (const { fix, versions, seedHistory, run } of CASES) {
  for (const version of versions) {
    Deno.test(`repair: ${fix}, ${version === "legacy" ? "legacy" : `v${version}`}: rebuilt in its version and lands`, async () => {
      const cluster = await startLocalChain({ seedHistory });
      try {
        const payer = await fundedWallet(cluster.local, { lamports: 1_000_000_000n, usdc: 5_000n });
        await run(cluster, version, payer);
      } finally {
        await cluster.close();
      }
    });
  }
}

/**
 * Figures for transaction diagnosis against the local cluster (LiteSVM behind
 * the validator-compatible JSON-RPC, on loopback): RPC HTTP round trips per
 * explain (goal: 1 for a landed transaction, 2 only when it is not found),
 * latency of a first explain and of a cached repeat (finalized results are
 * cached), and round trips per simulation. Prints a table; asserts nothing.
 *
 * Run: `deno run -A bench/transaction.ts [transactions=60]`
 *
 * @module
 */
import { generateKeyPairSigner, getSignatureFromTransaction } from "@solana/kit";
import type { Instruction, KeyPairSigner } from "@solana/kit";
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from "@solana-program/compute-budget";
import { getCreateAssociatedTokenInstructionAsync } from "@solana-program/token";
import { loadDiagnosis } from "../lib/solana/transaction/mod.ts";
import { LOCAL_USDC_MINT } from "../lib/local/solana/local_solana.ts";
import type { SolanaClient } from "../lib/solana/rpc.ts";
import {
  fundedWallet,
  memo,
  signedTransaction,
  usdcTransfer,
  wire,
} from "../tests/_support/solana_transactions.ts";
import { startLocalChain } from "../tests/_support/local_chain.ts";
import { quantile } from "./_stats.ts";

const { explainTransaction, simulateTransaction } = await loadDiagnosis();
const count = Number(Deno.args[0] ?? 60);

interface Sample {
  ms: number;
  roundTrips: number;
}

/** Runs `job`, timing it and counting the RPC round trips it made. */
async function measure(client: SolanaClient, job: () => Promise<unknown>): Promise<Sample> {
  const trips = client.stats.roundTrips;
  const started = performance.now();
  await job();
  return { ms: performance.now() - started, roundTrips: client.stats.roundTrips - trips };
}

function row(name: string, samples: Sample[]): string[] {
  const trips = samples.map((s) => s.roundTrips);
  const ms = samples.map((s) => s.ms);
  const range = Math.min(...trips) === Math.max(...trips)
    ? `${trips[0]}`
    : `${Math.min(...trips)}–${Math.max(...trips)}`;
  return [name, `${samples.length}`, range, quantile(ms, 0.5).toFixed(2), quantile(ms, 0.95).toFixed(2)];
}

const cluster = await startLocalChain();
try {
  const { client, local } = cluster;
  const rich = await fundedWallet(local, { lamports: 100_000_000_000n, usdc: 1_000_000_000n });
  const receiver = await fundedWallet(local, { lamports: 1_000_000_000n, usdc: 0n });
  const poor = await fundedWallet(local, { lamports: 1_000_000n });

  // A transaction signed now and never sent: pending now, expired once 150 blocks have passed.
  const start = local.chain.latestBlockhash();
  const unsent = getSignatureFromTransaction(await signedTransaction(local, rich, [memo("never sent")]));

  const kinds: Array<(i: number) => Promise<[KeyPairSigner, Instruction[]]>> = [
    (i) =>
      Promise.resolve([rich, [
        getSetComputeUnitPriceInstruction({ microLamports: 1_000n }),
        usdcTransfer(rich, receiver.address, BigInt(i + 1)),
      ]]),
    () => Promise.resolve([rich, [usdcTransfer(rich, receiver.address, 10n ** 15n)]]),
    (i) =>
      Promise.resolve([rich, [getSetComputeUnitLimitInstruction({ units: 200 }), memo(`too long ${i}`)]]),
    async () => {
      const owner = await generateKeyPairSigner();
      return [poor, [
        await getCreateAssociatedTokenInstructionAsync({
          payer: poor,
          owner: owner.address,
          mint: LOCAL_USDC_MINT,
        }),
      ]];
    },
  ]; // deno-fmt-ignore
  const signatures: string[] = [];
  for (let i = 0; i < count; i++) {
    const [payer, instructions] = await kinds[i % kinds.length]!(i);
    signatures.push(await cluster.send(await signedTransaction(local, payer, instructions)));
  }
  for (let i = 0; local.chain.blockHeight <= start.lastValidBlockHeight; i++) {
    await cluster.send(await signedTransaction(local, rich, [memo(`block ${i}`)]));
  }

  const cold: Sample[] = [];
  for (const signature of signatures) {
    cold.push(await measure(client, () => explainTransaction(client, { signature })));
  }
  const warm: Sample[] = [];
  for (const signature of signatures) {
    warm.push(await measure(client, () => explainTransaction(client, { signature })));
  }

  const pendingUnsent = getSignatureFromTransaction(await signedTransaction(local, rich, [memo("pending")]));
  const lvbh = Number(local.chain.latestBlockhash().lastValidBlockHeight);
  const pending = [
    await measure(
      client,
      () => explainTransaction(client, { signature: pendingUnsent, lastValidBlockHeight: lvbh }),
    ),
  ];
  const expired = [
    await measure(client, () =>
      explainTransaction(client, {
        signature: unsent,
        lastValidBlockHeight: Number(start.lastValidBlockHeight),
      })),
  ];
  const unknown = [
    await measure(client, () => explainTransaction(client, { signature: unsent }).catch(() => null)),
  ];

  const simulations: Sample[] = [];
  const exceeded: Sample[] = [];
  for (let i = 0; i < 20; i++) {
    const [payer, instructions] = await kinds[i % kinds.length]!(i);
    const transaction = wire(await signedTransaction(local, payer, instructions));
    const sample = await measure(
      client,
      () => simulateTransaction(client, { transaction, encoding: "base64" }),
    );
    (i % kinds.length === 2 ? exceeded : simulations).push(sample);
  } // deno-fmt-ignore

  const table = [
    ["case", "n", "round trips", "p50 ms", "p95 ms"],
    row("explain, landed (first time)", cold),
    row("explain, landed (cached repeat)", warm),
    row("explain, not landed, still valid", pending),
    row("explain, not landed, expired", expired),
    row("explain, unknown, no hint (404)", unknown),
    row("simulate", simulations),
    row("simulate, out of units (re-measured)", exceeded),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((r) => r[column]!.length)));
  for (const r of table) console.log(r.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
  const speedup = quantile(cold.map((s) => s.ms), 0.5) / quantile(warm.map((s) => s.ms), 0.5);
  console.log(`\ncached repeat speedup (p50 first / p50 repeat): ${speedup.toFixed(0)}×`);
  console.log(
    "simulate round trips count HTTP requests: the simulation batch and the fee statistics go out in parallel",
  );
} finally {
  await cluster.close();
}

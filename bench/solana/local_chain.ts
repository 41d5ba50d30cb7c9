/**
 * Figures for the embedded local Solana chain: `createLocalSolana()` start-up
 * (with and without the seeded history), JSON-RPC dispatch cost, memory, and
 * x402 exact SVM verify/settle latency against it (the client over loopback
 * HTTP, the facilitator in process). Prints a table; asserts nothing.
 *
 * Run: `deno run -A bench/solana/local_chain.ts [settlements=50]`
 *
 * @module
 */
import { generateKeyPairSigner } from "@solana/kit";
import { x402Client } from "@x402/core/client";
import { x402Facilitator } from "@x402/core/facilitator";
import type { PaymentRequirements } from "@x402/core/types";
import { ExactSvmScheme, SOLANA_DEVNET_CAIP2, toFacilitatorSvmSigner } from "@x402/svm";
import { registerExactSvmScheme } from "@x402/svm/exact/facilitator";
import {
  createInProcessRpc,
  createLocalSolana,
  LOCAL_USDC_MINT,
} from "../../lib/local/solana/local_solana.ts";
import { serveLoopback } from "../../tests/_support/local_chain.ts";
import { quantile, time } from "../_stats.ts";

const settlements = Number(Deno.args[0] ?? 50);

const rssBefore = Deno.memoryUsage().rss;
const bareStarts: number[] = [];
const seededStarts: number[] = [];
for (let i = 0; i < 5; i++) {
  bareStarts.push(await time(() => createLocalSolana({ seedHistory: false })));
  seededStarts.push(await time(() => createLocalSolana()));
}
const local = await createLocalSolana();

const DISPATCH_CALLS = 5_000;
const dispatchMs = await time(async () => {
  for (let i = 0; i < DISPATCH_CALLS; i++) {
    await local.handleRpc({ jsonrpc: "2.0", id: i, method: "getLatestBlockhash" });
  }
});
const accountCallsMs = await time(async () => {
  for (let i = 0; i < DISPATCH_CALLS; i++) {
    await local.handleRpc({
      jsonrpc: "2.0",
      id: i,
      method: "getAccountInfo",
      params: [LOCAL_USDC_MINT, { encoding: "base64" }],
    });
  }
});

const server = serveLoopback(local);
const feePayer = await generateKeyPairSigner();
await local.fund(feePayer.address, { lamports: 100_000_000_000n });
const payTo = (await generateKeyPairSigner()).address;
await local.fund(payTo, { usdc: 0n });
const buyer = await generateKeyPairSigner();
await local.fund(buyer.address, { usdc: 1_000_000_000n });
const facilitator = new x402Facilitator();
registerExactSvmScheme(facilitator, {
  signer: toFacilitatorSvmSigner(feePayer, createInProcessRpc(local)),
  networks: SOLANA_DEVNET_CAIP2,
});
const client = new x402Client().register(
  SOLANA_DEVNET_CAIP2,
  new ExactSvmScheme(buyer, { rpcUrl: server.url }),
);
const requirements: PaymentRequirements = {
  scheme: "exact",
  network: SOLANA_DEVNET_CAIP2,
  asset: LOCAL_USDC_MINT,
  amount: "4000",
  payTo,
  maxTimeoutSeconds: 60,
  extra: { feePayer: feePayer.address },
};
const paymentRequired = {
  x402Version: 2,
  resource: { url: "http://127.0.0.1/bench", description: "bench", mimeType: "application/json" },
  accepts: [requirements],
};
const creates: number[] = [];
const verifies: number[] = [];
const settles: number[] = [];
for (let i = 0; i < settlements; i++) {
  let payload!: Awaited<ReturnType<typeof client.createPaymentPayload>>;
  creates.push(await time(async () => payload = await client.createPaymentPayload(paymentRequired)));
  verifies.push(await time(() => facilitator.verify(payload, requirements)));
  settles.push(
    await time(async () => {
      const result = await facilitator.settle(payload, requirements);
      if (!result.success) throw new Error(`Settlement failed: ${result.errorReason}`);
    }),
  );
}
await server.close();
const rssMb = (Deno.memoryUsage().rss - rssBefore) / 1e6;

const row = (name: string, values: number[]) =>
  console.log(
    `${name.padEnd(42)} p50 ${quantile(values, 0.5).toFixed(2).padStart(8)} ms   p95 ${
      quantile(values, 0.95).toFixed(2).padStart(8)
    } ms`,
  );
row("createLocalSolana({ seedHistory: false })", bareStarts);
row("createLocalSolana() (8 seeded transactions)", seededStarts);
console.log(
  `handleRpc(getLatestBlockhash), in process: ${(1000 * dispatchMs / DISPATCH_CALLS).toFixed(1)} µs/call`,
);
console.log(
  `handleRpc(getAccountInfo base64), in process: ${
    (1000 * accountCallsMs / DISPATCH_CALLS).toFixed(1)
  } µs/call`,
);
row("x402 createPaymentPayload (loopback RPC)", creates);
row("x402 verify (in-process RPC)", verifies);
row("x402 settle (in-process RPC)", settles);
console.log(
  `settlements: ${settlements}, payTo USDC: ${local.usdcBalance(payTo)}, RSS growth: ${rssMb.toFixed(0)} MB`,
);

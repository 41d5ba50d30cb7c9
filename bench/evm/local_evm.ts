/**
 * Figures for the embedded local EVM chain: solc load + compile time and the
 * memory it leaves behind, Anvil
 * start-up, `startLocalEvm()` total, and x402 exact EVM verify/settle latency
 * against it. Prints a table; asserts nothing.
 *
 * Run: `deno run -A bench/evm/local_evm.ts [settlements=30]`
 *
 * @module
 */
import { x402Client } from "@x402/core/client";
import { x402Facilitator } from "@x402/core/facilitator";
import type { PaymentRequirements } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { registerExactEvmScheme } from "@x402/evm/exact/facilitator";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startAnvil } from "../../lib/local/evm/anvil.ts";
import { LOCAL_EVM_CHAIN_ID, LOCAL_EVM_USDC, startLocalEvm } from "../../lib/local/evm/chain.ts";
import { compileLocalContracts } from "../../lib/local/evm/contracts.ts";
import { quantile, time } from "../_stats.ts";

const settlements = Number(Deno.args[0] ?? 30);

const rssBefore = Deno.memoryUsage().rss;
const compileMs = (await compileLocalContracts()).compileMs;
await new Promise((resolve) => setTimeout(resolve, 500));
const compileRssMb = (Deno.memoryUsage().rss - rssBefore) / 1e6;

const anvilStarts: number[] = [];
for (let i = 0; i < 5; i++) {
  let stop = () => Promise.resolve();
  anvilStarts.push(
    await time(async () => {
      const anvil = await startAnvil({ chainId: LOCAL_EVM_CHAIN_ID });
      stop = anvil.stop;
    }),
  );
  await stop();
}

let evm!: Awaited<ReturnType<typeof startLocalEvm>>;
const startMs = await time(async () => evm = await startLocalEvm());
try {
  const facilitator = new x402Facilitator();
  registerExactEvmScheme(facilitator, { signer: evm.facilitatorSigner, networks: "eip155:84532" });
  const payer = privateKeyToAccount(generatePrivateKey());
  const fundMs = await time(() => evm.fund(payer.address, 1_000_000_000n));
  const client = new x402Client().register("eip155:84532", new ExactEvmScheme(payer));
  const requirements: PaymentRequirements = {
    scheme: "exact",
    network: "eip155:84532",
    asset: LOCAL_EVM_USDC,
    amount: "4000",
    payTo: privateKeyToAccount(generatePrivateKey()).address,
    maxTimeoutSeconds: 60,
    extra: { name: "USDC", version: "2" },
  };
  const verifyTimes: number[] = [];
  const settleTimes: number[] = [];
  for (let i = 0; i < settlements; i++) {
    const payload = await client.createPaymentPayload({
      x402Version: 2,
      resource: { url: "http://127.0.0.1/alt/bench" },
      accepts: [requirements],
    });
    verifyTimes.push(
      await time(async () => {
        if (!(await facilitator.verify(payload, requirements)).isValid) throw new Error("verify failed");
      }),
    );
    settleTimes.push(
      await time(async () => {
        if (!(await facilitator.settle(payload, requirements)).success) throw new Error("settle failed");
      }),
    );
  }
  const paid = await evm.usdcBalance(requirements.payTo as `0x${string}`);
  if (paid !== 4000n * BigInt(settlements)) {
    throw new Error(`payTo holds ${paid}, expected ${4000 * settlements}`);
  }

  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.table({
    "solc load + compile (once per process)": fmt(compileMs),
    "RSS kept after compiling": `${compileRssMb.toFixed(0)} MB`,
    "anvil start to ready (median of 5)": fmt(quantile(anvilStarts, 0.5)),
    "startLocalEvm() after compile": fmt(startMs),
    "fund() (mint + receipt)": fmt(fundMs),
    [`verify p50 (n=${settlements})`]: fmt(quantile(verifyTimes, 0.5)),
    [`verify p95 (n=${settlements})`]: fmt(quantile(verifyTimes, 0.95)),
    [`settle p50 (n=${settlements})`]: fmt(quantile(settleTimes, 0.5)),
    [`settle p95 (n=${settlements})`]: fmt(quantile(settleTimes, 0.95)),
  });
} finally {
  await evm.stop();
}

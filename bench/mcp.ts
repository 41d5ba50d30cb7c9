/**
 * `deno run -A bench/mcp.ts`: what MCP costs next to plain HTTP on the same
 * service in local mode, measured in one run with autocannon: `tools/list`,
 * the unpaid `tools/call` (payment requirement as a tool result) and the HTTP
 * 402 challenge of the same operation; then the latency of full paid calls
 * over MCP and over HTTP, and the memory one stateless MCP request leaves.
 *
 * The service runs in this process, so the load generator shares its event
 * loop: compare the rows with each other, not with other benches. Prints
 * figures; asserts nothing.
 *
 * @module
 */
import autocannon from "autocannon";
import { wrapFetchWithPayment } from "@x402/fetch";
import { fundFromFaucet, payingClient, throwawayBuyer } from "../lib/buyer/paying_client.ts";
import { callPaidTool, connectMcp } from "../lib/buyer/mcp_client.ts";
import { startTestService } from "../tests/_support/service.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? "5");
const CONNECTIONS = 20;
const PAID_CALLS = 30;
const MCP_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-11-25",
};

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, body?: unknown): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(body ? { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(body) } : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + (body ? result.non2xx : result["2xx"]),
  };
}

async function timed(times: number, call: () => Promise<void>): Promise<{ p50: number; p90: number }> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { p50: at(0.5), p90: at(0.9) };
}

if (import.meta.main) {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const mcp = `${service.base}/mcp`;
    const list = await load(mcp, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    const unpaid = await load(mcp, {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "chain_priority_fees", arguments: {} },
    });
    const challenge = await load(`${service.base}/v1/fees/priority`);

    const buyer = await throwawayBuyer();
    await fundFromFaucet(service.base, buyer, "10");
    const payer = payingClient(buyer, { solanaRpcUrl: `${service.base}/local/solana` });
    const client = await connectMcp(mcp);
    const paidMcp = await timed(PAID_CALLS, async () => {
      const { result } = await callPaidTool(client, payer, "chain_priority_fees", {});
      if (result.isError) throw new Error(`paid MCP call failed: ${JSON.stringify(result.content)}`);
    });
    await client.close();
    const pay = wrapFetchWithPayment(fetch, payer);
    const paidHttp = await timed(PAID_CALLS, async () => {
      const response = await pay(`${service.base}/v1/fees/priority`);
      await response.body?.cancel();
      if (response.status !== 200) throw new Error(`paid HTTP call answered ${response.status}`);
    });

    const row = (name: string, l: Load) =>
      `| ${name} | ${l.rps} | ${(l.rps / challenge.rps).toFixed(2)} | ${l.p50} | ${l.p99} | ${l.errors} |`;
    console.log(
      `MCP bench: ${CONNECTIONS} connections, ${SECONDS} s each, load generator in the same process`,
    );
    console.log("| request | req/s | ratio to the HTTP 402 challenge | p50 ms | p99 ms | errors |");
    console.log("|---|---|---|---|---|---|");
    console.log(row("HTTP GET /v1/fees/priority unpaid (402)", challenge));
    console.log(row("MCP tools/list", list));
    console.log(row("MCP tools/call unpaid (requirement)", unpaid));
    console.log(
      `Full paid call, ${PAID_CALLS} sequential (ask, sign, verify, handler, settle on the local chain): ` +
        `MCP p50 ${paidMcp.p50.toFixed(1)} ms, p90 ${paidMcp.p90.toFixed(1)} ms; ` +
        `HTTP p50 ${paidHttp.p50.toFixed(1)} ms, p90 ${paidHttp.p90.toFixed(1)} ms`,
    );
    console.log(`Process RSS after the run: ${Math.round(Deno.memoryUsage().rss / 1024 / 1024)} MB`);
  } finally {
    await service.close();
  }
}

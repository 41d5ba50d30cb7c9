/**
 * `deno task bench`: HTTP throughput and latency of the service against a bare
 * `Deno.serve` hello-world started by this script, measured in one run with
 * autocannon: `/healthz` and the unpaid 402 challenge, each as a ratio to the
 * baseline; the latency of a full paid call in local mode; and the service's
 * resident memory idle and under load.
 *
 * Prints figures; asserts nothing (these machines are shared and noisy).
 *
 * @module
 */
import autocannon from "autocannon";
import { wrapFetchWithPayment } from "@x402/fetch";
import { fundFromFaucet, payingClient, throwawayBuyer } from "../lib/payments/buyer.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? "8");
const CONNECTIONS = 50;
const ROOT = new URL("..", import.meta.url);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

function start(script: string[], port: number, env: Record<string, string> = {}): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", ...script],
    cwd: ROOT,
    env: { PORT: String(port), ...env },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
}

function rssMb(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

async function load(url: string, expectStatus: number): Promise<Load> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    expectBody: undefined,
  });
  const wrong = expectStatus === 200 ? result.non2xx : result["2xx"];
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + wrong,
  };
}

const BARE =
  `Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT")), onListen() {} }, () => new Response("hello"));`;

if (import.meta.main) {
  const barePort = freePort();
  const servicePort = freePort();
  const bareFile = await Deno.makeTempFile({ suffix: ".ts" });
  await Deno.writeTextFile(bareFile, BARE);
  const bare = start([bareFile], barePort);
  const service = start(["main.ts"], servicePort, { SERVICE_MODE: "local" });
  const base = `http://127.0.0.1:${servicePort}`;
  try {
    await waitFor(`http://127.0.0.1:${barePort}/`);
    await waitFor(`${base}/healthz`);
    await new Promise((r) => setTimeout(r, 1000));
    const idleRss = rssMb(service.pid);

    const baseline = await load(`http://127.0.0.1:${barePort}/`, 200);
    const health = await load(`${base}/healthz`, 200);
    let peakRss = rssMb(service.pid);
    const challenge = await load(`${base}/v1/fees/priority`, 402);
    peakRss = Math.max(peakRss, rssMb(service.pid));

    const buyer = await throwawayBuyer();
    await fundFromFaucet(base, buyer, "10");
    const pay = wrapFetchWithPayment(fetch, payingClient(buyer, { solanaRpcUrl: `${base}/local/solana` }));
    const paid: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      const response = await pay(`${base}/v1/fees/priority`);
      await response.body?.cancel();
      if (response.status !== 200) throw new Error(`paid call answered ${response.status}`);
      paid.push(performance.now() - started);
    }
    paid.sort((a, b) => a - b);

    const ratio = (value: number) => (value / baseline.rps).toFixed(2);
    console.log(
      `HTTP bench: ${CONNECTIONS} connections, ${SECONDS} s each, load generator on the same machine`,
    );
    console.log(`| endpoint | req/s | ratio to bare Deno.serve | p50 ms | p99 ms | errors |`);
    console.log(`|---|---|---|---|---|---|`);
    console.log(
      `| bare Deno.serve hello | ${baseline.rps} | 1.00 | ${baseline.p50} | ${baseline.p99} | ${baseline.errors} |`,
    );
    console.log(
      `| GET /healthz | ${health.rps} | ${
        ratio(health.rps)
      } (goal ≥ 0.85) | ${health.p50} | ${health.p99} | ${health.errors} |`,
    );
    console.log(
      `| unpaid 402 challenge | ${challenge.rps} | ${
        ratio(challenge.rps)
      } (goal ≥ 0.5) | ${challenge.p50} | ${challenge.p99} | ${challenge.errors} |`,
    );
    console.log(
      `Full paid call (402, sign, verify, handler, settle on the local chain), 30 sequential: ` +
        `p50 ${paid[15]!.toFixed(1)} ms, p90 ${paid[27]!.toFixed(1)} ms`,
    );
    console.log(`Service RSS: idle ${idleRss} MB (goal ≤ 150 MB), under load ${peakRss} MB`);
  } finally {
    for (const child of [bare, service]) {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
    }
    await Deno.remove(bareFile);
  }
}

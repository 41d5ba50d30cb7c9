/**
 * `deno task bench`: the HTTP figures of the service, each printed as a
 * ratio to its limit and to its goal, all measured in one run:
 *
 * - throughput (autocannon) of `/healthz` and of the unpaid 402 challenge,
 *   against a bare `Deno.serve` hello-world (and a Hono hello-world, the
 *   framework's own floor, and a bare `Deno.serve` sending the bytes of the
 *   service's 402 as they are, that answer's own floor: its 2–3 KB of headers
 *   cost the server and the load generator more than "hello") started by this
 *   script, with the server's CPU time per request (steadier than req/s when
 *   other jobs load the machine), and the official `@x402/hono` middleware's
 *   own 402 beside ours (its peer);
 * - a full paid call in local mode (402, sign, verify, handler, settle),
 *   against its floor: the client's signing plus one simulated transfer of
 *   the same payment on the same chain; and, paid in turns with it, the same
 *   call to the official middleware in front of a one-line handler on the
 *   same facilitator and chain (`solana/official_paywall.ts`): the platform's
 *   own limit, without the service's replay claim and presence check;
 * - resident memory idle, in local mode and in devnet mode (the latter
 *   settling through the local service's facilitator and chain), against a
 *   bare `Deno.serve`: 3 s after start, and again past the 30 s after which
 *   idle helpers (PDF worker threads) retire.
 *
 * Prints figures; asserts nothing (these machines are shared and noisy).
 *
 * @module
 */
import autocannon from "autocannon";
import { x402HTTPClient } from "@x402/core/client";
import { generateKeyPairSigner } from "@solana/kit";
import { fundFromFaucet, payingClient, throwawayBuyer } from "../lib/buyer/paying_client.ts";
import { freePort } from "../tests/_support/service.ts";
import { quantile } from "./_stats.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? "8");
const CONNECTIONS = 50;
const PAID_CALLS = 30;
/** Paid calls made first and not counted: the payment path's first runs compile it. */
const PAID_WARM_UP = 5;
/** When idle memory is read: just after start, and once idle PDF workers (30 s) would have retired. */
const IDLE_READS_MS = [3_000, 35_000] as const;
const ROOT = new URL("..", import.meta.url);

const GOALS = { health: 0.85, challenge: 0.6, paidMs: 8, localRssMb: 120, devnetRssMb: 70 };

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU time per request, in µs. */
  cpuUs: number;
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
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
    env: { PORT: String(port), HOST: "127.0.0.1", ...env },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
}

function rssMb(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/** CPU time (user + system) the process has used, in µs. */
function cpuUs(pid: number): number {
  const fields = Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 1e6 / 100; // clock ticks of 10 ms
}

async function load(url: string, pid: number, expectStatus: number): Promise<Load> {
  const cpuBefore = cpuUs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  const wrong = expectStatus === 200 ? result.non2xx : result["2xx"];
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + wrong,
    cpuUs: (cpuUs(pid) - cpuBefore) / Math.max(1, result.requests.total),
  };
}

const BARE =
  `Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT")), onListen() {} }, () => new Response("hello"));`;
/** A bare server answering every request with the status, headers and body in the JSON file `Deno.args[0]`. */
const REPLAY = `const { status, headers, body } = JSON.parse(Deno.readTextFileSync(Deno.args[0]));
const prepared = new Headers(headers);
Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT")), onListen() {} }, () =>
  new Response(body, { status, headers: prepared }));`;
const HONO = `import { Hono } from "hono";
const app = new Hono();
app.get("/", (c) => c.text("hello"));
Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.env.get("PORT")), onListen() {} }, app.fetch);`;

/** The times of one paid call's phases, and one simulated transfer of its payment. */
interface PaidTimes {
  total: number[];
  challenges: number[];
  signing: number[];
  requests: number[];
  simulation: number[];
}

/** A buyer funded from the faucet at `base`, paying for `path` there one call at a time. */
async function payer(base: string, path: string) {
  const buyer = await throwawayBuyer();
  await fundFromFaucet(base, buyer, "10");
  const client = new x402HTTPClient(payingClient(buyer, { solanaRpcUrl: `${base}/local/solana` }));
  const url = `${base}${path}`;
  const times: PaidTimes = { total: [], challenges: [], signing: [], requests: [], simulation: [] };
  return {
    times,
    /** Makes one paid call; its times are kept when `counted`. */
    async call(counted: boolean): Promise<void> {
      const started = performance.now();
      const challenge = await fetch(url);
      const required = client.getPaymentRequiredResponse(
        (name) => challenge.headers.get(name),
        await challenge.json(),
      );
      const signStarted = performance.now();
      const payload = await client.createPaymentPayload(required);
      const signed = performance.now();
      // Not part of the call: the floor's transfer, simulated before the payment lands.
      const simulated = await simulateOnce(base, String(payload.payload.transaction));
      const paidStarted = performance.now();
      const paid = await fetch(url, { headers: client.encodePaymentSignatureHeader(payload) });
      await paid.body?.cancel();
      if (paid.status !== 200) throw new Error(`paid call to ${url} answered ${paid.status}`);
      const request = performance.now() - paidStarted;
      if (!counted) return;
      times.challenges.push(signStarted - started);
      times.signing.push(signed - signStarted);
      times.simulation.push(simulated);
      times.requests.push(request);
      times.total.push(signed - started + request);
    },
  };
}

/**
 * Sequential paid calls to the service and to the official middleware, taken
 * in turns so that a busy moment of the machine weighs on both alike.
 */
async function paidCalls(base: string, officialBase: string) {
  const ours = await payer(base, "/v1/fees/priority");
  const official = await payer(officialBase, "/paid");
  for (let i = -PAID_WARM_UP; i < PAID_CALLS; i++) {
    await ours.call(i >= 0);
    await official.call(i >= 0);
  }
  return { ours: ours.times, official: official.times };
}

/** Milliseconds to simulate `transaction` (base64) once on the service's chain. */
async function simulateOnce(base: string, transaction: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/local/solana`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "simulateTransaction",
      params: [transaction, { encoding: "base64", sigVerify: false }],
    }),
  });
  const answer = await response.json();
  if (answer.result?.value?.err !== null) throw new Error(`simulation failed: ${JSON.stringify(answer)}`);
  return performance.now() - started;
}

/** A devnet-mode service settling through the local service at `base`; resolves once it answers. */
async function startDevnet(base: string): Promise<Deno.ChildProcess> {
  const port = freePort();
  const payTo = (await generateKeyPairSigner()).address;
  const devnet = start(["main.ts"], port, {
    SERVICE_MODE: "devnet",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    FACILITATOR_URL: `${base}/local/facilitator`,
    SOLANA_RPC_URL: `${base}/local/solana`,
    PAY_TO_SOLANA: payTo,
    ALT_ROUTES: "off",
  });
  await waitFor(`http://127.0.0.1:${port}/healthz`);
  return devnet;
}

async function stop(child: Deno.ChildProcess): Promise<void> {
  try {
    child.kill("SIGTERM");
  } catch { /* already gone */ }
  await child.status;
}

const ms = (value: number) => value.toFixed(1);
const x = (value: number) => value.toFixed(2);

if (import.meta.main) {
  const [barePort, honoPort, servicePort, replayPort, officialPort] = [
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ];
  const bareFile = await Deno.makeTempFile({ suffix: ".ts" });
  await Deno.writeTextFile(bareFile, BARE);
  const replayFile = await Deno.makeTempFile({ suffix: ".ts" });
  await Deno.writeTextFile(replayFile, REPLAY);
  const replayAnswer = await Deno.makeTempFile({ suffix: ".json" });
  let replay: Deno.ChildProcess | undefined;
  const honoFile = await Deno.makeTempFile({ suffix: ".ts" });
  await Deno.writeTextFile(honoFile, HONO);
  const bare = start([bareFile], barePort);
  const hono = start(["--config", new URL("deno.json", ROOT).pathname, honoFile], honoPort);
  const service = start(["main.ts"], servicePort, { SERVICE_MODE: "local" });
  const base = `http://127.0.0.1:${servicePort}`;
  const official = start(["bench/solana/official_paywall.ts"], officialPort);
  const officialBase = `http://127.0.0.1:${officialPort}`;
  try {
    await waitFor(`http://127.0.0.1:${barePort}/`);
    await waitFor(`http://127.0.0.1:${honoPort}/`);
    await waitFor(`${base}/healthz`);
    await waitFor(`${officialBase}/`);
    // The service's 402 as it is sent (less what the runtime adds), replayed by a bare server.
    const sample = await fetch(`${base}/v1/fees/priority`);
    const sent = {
      status: sample.status,
      headers: [...sample.headers].filter(([name]) => name !== "date" && name !== "content-length"),
      body: await sample.text(),
    };
    await Deno.writeTextFile(replayAnswer, JSON.stringify(sent));
    replay = start([replayFile, replayAnswer], replayPort);
    await waitFor(`http://127.0.0.1:${replayPort}/`);
    const devnet = await startDevnet(base);
    const started = performance.now();
    const idle = IDLE_READS_MS.map(() => ({ bare: 0, local: 0, devnet: 0 }));
    for (const [i, at] of IDLE_READS_MS.entries()) {
      await new Promise((r) => setTimeout(r, Math.max(0, at - (performance.now() - started))));
      idle[i] = { bare: rssMb(bare.pid), local: rssMb(service.pid), devnet: rssMb(devnet.pid) };
    }
    await stop(devnet);

    const baseline = await load(`http://127.0.0.1:${barePort}/`, bare.pid, 200);
    const framework = await load(`http://127.0.0.1:${honoPort}/`, hono.pid, 200);
    const challengeFloor = await load(`http://127.0.0.1:${replayPort}/`, replay.pid, 402);
    const health = await load(`${base}/healthz`, service.pid, 200);
    let peakRss = rssMb(service.pid);
    const challenge = await load(`${base}/v1/fees/priority`, service.pid, 402);
    peakRss = Math.max(peakRss, rssMb(service.pid));
    const officialChallenge = await load(`${officialBase}/paid`, official.pid, 402);

    const { ours: paid, official: officialPaid } = await paidCalls(base, officialBase);
    const paidP50 = quantile(paid.total, 0.5);
    const floor = quantile(paid.signing, 0.5) + quantile(paid.simulation, 0.5);
    const officialP50 = quantile(officialPaid.total, 0.5);

    const load1 = Deno.loadavg()[0]!.toFixed(1);
    console.log(
      `HTTP bench: ${CONNECTIONS} connections, ${SECONDS} s each, load generator on the same machine ` +
        `(${navigator.hardwareConcurrency} cores, load average ${load1} at the end)`,
    );
    console.log(
      `| endpoint | req/s | ÷ bare | ÷ goal | server CPU µs/req | bare CPU ÷ this | p50 / p99 ms | errors |`,
    );
    console.log(`|---|---|---|---|---|---|---|---|`);
    const row = (name: string, figures: Load, goal?: number) => {
      const ratio = figures.rps / baseline.rps;
      const toGoal = goal ? `${x(ratio / goal)} (goal ≥ ${goal})` : "–";
      console.log(
        `| ${name} | ${figures.rps} | ${x(ratio)} | ${toGoal} | ${figures.cpuUs.toFixed(0)} | ${
          x(baseline.cpuUs / figures.cpuUs)
        } | ${figures.p50} / ${figures.p99} | ${figures.errors} |`,
      );
    };
    row("bare Deno.serve hello", baseline);
    row("Hono hello (framework floor)", framework);
    row("GET /healthz", health, GOALS.health);
    row("bare Deno.serve sending the 402's bytes (its floor)", challengeFloor);
    row("unpaid 402 challenge", challenge, GOALS.challenge);
    row("official @x402/hono middleware's unpaid 402 (peer)", officialChallenge);
    console.log(
      `Full paid call (402, sign, verify, handler, settle on the local chain), ${PAID_CALLS} sequential: ` +
        `p50 ${ms(paidP50)} ms, p90 ${ms(quantile(paid.total, 0.9))} ms; floor (signing p50 ${
          ms(quantile(paid.signing, 0.5))
        } ms + one simulated transfer p50 ${ms(quantile(paid.simulation, 0.5))} ms) ${ms(floor)} ms: ` +
        `${x(paidP50 / floor)}× the floor, ${x(paidP50 / GOALS.paidMs)}× the goal (≤ ${GOALS.paidMs} ms); ` +
        `its parts (p50): 402 ${ms(quantile(paid.challenges, 0.5))} ms, signing ${
          ms(quantile(paid.signing, 0.5))
        } ms, the paid request (verify, handler, settle) ${ms(quantile(paid.requests, 0.5))} ms`,
    );
    console.log(
      `The platform's limit, paid in turns with the calls above: the official @x402/hono middleware in front ` +
        `of a one-line handler, same facilitator and chain, no replay claim and no buyer-presence check: ` +
        `p50 ${ms(officialP50)} ms (402 ${ms(quantile(officialPaid.challenges, 0.5))}, signing ${
          ms(quantile(officialPaid.signing, 0.5))
        }, paid request ${ms(quantile(officialPaid.requests, 0.5))} ms); ours ÷ it ${
          x(paidP50 / officialP50)
        }; ` +
        `the goal ÷ it ${x(GOALS.paidMs / officialP50)}`,
    );
    for (const [i, at] of IDLE_READS_MS.entries()) {
      const { bare: bareRss, local, devnet } = idle[i]!;
      console.log(
        `Idle RSS ${at / 1000} s after start: bare Deno.serve ${bareRss} MB; local mode ${local} MB (${
          x(local / bareRss)
        }× bare, ${
          x(local / GOALS.localRssMb)
        }× the goal ≤ ${GOALS.localRssMb} MB); devnet mode ${devnet} MB (${x(devnet / bareRss)}× bare, ${
          x(devnet / GOALS.devnetRssMb)
        }× the goal ≤ ${GOALS.devnetRssMb} MB)`,
      );
    }
    console.log(`Local mode under load: ${peakRss} MB`);
  } finally {
    for (const child of [bare, hono, service, official, ...(replay ? [replay] : [])]) await stop(child);
    for (const file of [bareFile, honoFile, replayFile, replayAnswer]) await Deno.remove(file);
  }
}

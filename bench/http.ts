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
 *   against its floor (the client's signing plus one simulated transfer of
 *   the same payment on the same chain) and, paid in turns with it, against
 *   the official middleware in front of a one-line handler on the same
 *   facilitator and chain: `paid_call.ts`, which also runs on its own;
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
import { generateKeyPairSigner } from "@solana/kit";
import { freePort } from "../tests/_support/service.ts";
import { paidCalls, paidReport } from "./paid_call.ts";

const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? "8");
const CONNECTIONS = 50;
const PAID_CALLS = 30;
/** When idle memory is read: just after start, and once idle PDF workers (30 s) would have retired. */
const IDLE_READS_MS = [3_000, 35_000] as const;
const ROOT = new URL("..", import.meta.url);

const GOALS = { health: 0.85, challenge: 0.6, localRssMb: 120, devnetRssMb: 70 };

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

    const paid = await paidCalls(base, officialBase, PAID_CALLS);

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
    for (const line of paidReport(paid)) console.log(line);
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

/**
 * `deno task bench:paid`: the full paid call in local mode (402, sign,
 * verify, handler, settle on the embedded chain) against the official
 * `@x402/hono` middleware in front of a one-line handler on the same
 * facilitator and chain (`solana/official_paywall.ts`), paid in turns in one
 * run so that a busy moment of the machine weighs on both alike. Both reach
 * the facilitator the same way: in process, as local mode builds it.
 *
 * Prints each side's p50 and its parts (the 402, the client's signing, the
 * paid request), ours ÷ the official's against the goal of 0.9, and what our
 * handler's own work costs (the fee quantiles, read from the chain, where
 * the official handler answers a constant) beside the paid request. `deno
 * task bench` (`http.ts`) runs the same calls after its throughput figures.
 * Each server's main-thread CPU is read around each phase of each call (the
 * scheduler's count, to the nanosecond: see `_cpu.ts`), and the whole
 * process's over the run (`/proc` ticks, all threads, the bench's simulation
 * included).
 *
 *     deno run -A bench/paid_call.ts [calls] [--kv-file] [--runs=N]
 *
 * With `--runs=N`, N runs one after the other, each on freshly started
 * servers (so with new keys: see {@linkcode extraBumps}), and the median and
 * spread of their ratios.
 *
 * With `--kv-file`, a third party is paid in the same turns: the service with
 * its claims in a Deno KV file (`KV_PATH`), as one host keeps them in devnet
 * and mainnet mode, where local mode keeps them in its own memory (they die
 * with the process either way): what the store's round trips cost.
 *
 * Prints figures; asserts nothing (these machines are shared and noisy).
 *
 * @module
 */
import { x402HTTPClient } from "@x402/core/client";
import { address } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { type Buyer, fundFromFaucet, payingClient, throwawayBuyer } from "../lib/buyer/paying_client.ts";
import { freePort } from "../tests/_support/service.ts";
import { quantile } from "./_stats.ts";
import { mainThreadCpuNs } from "./_cpu.ts";
import { createLocalSolana } from "../lib/local/solana/local_solana.ts";
import { createSolanaClient } from "../lib/solana/mod.ts";
import { runOperation } from "../lib/operation/mod.ts";
import type { Services } from "../lib/server/services.ts";
import priorityFees from "../routes/v1/fees/priority.ts";

/**
 * Paid calls made first and not counted, a side: the payment path's first
 * runs compile it, and on a busy machine V8's optimising compilers (threads
 * of their own) get their turn late, so a few calls left one side's longer
 * path (ours: routing, checks, claim, logs) unoptimised into the counted ones.
 */
const PAID_WARM_UP = 40;
/** Ours ÷ the official middleware's, p50 of the full call: the goal. */
export const PAID_RATIO_GOAL = 0.9;
const ROOT = new URL("..", import.meta.url);

/** The times of one side's paid calls, by phase, and one simulated transfer of each payment. */
export interface PaidTimes {
  total: number[];
  challenges: number[];
  signing: number[];
  requests: number[];
  simulation: number[];
  /** The server's main-thread CPU in each phase, milliseconds (empty when its process is not ours to read). */
  serverCpu: { challenges: number[]; signing: number[]; simulation: number[]; requests: number[] };
}

/**
 * Extra tries of the bump seed the associated token account of `owner` takes
 * (255 is the first tried): each costs a hash and a curve check to whoever
 * derives that account (the client when it signs, the facilitator each time
 * it verifies), about 0.2 ms here. Keys are drawn at random for each run, so
 * the report names them: a run whose keys need more tries is slower for it.
 */
async function extraBumps(owner: string, mint: string): Promise<number> {
  const [, bump] = await findAssociatedTokenPda({
    mint: address(mint),
    owner: address(owner),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  return 255 - bump;
}

/**
 * `buyer`, funded from the faucet at `base`, paying for `path` there one call
 * at a time; with `serverPid`, the server's main-thread CPU read around each phase.
 */
async function payer(base: string, path: string, buyer: Buyer, serverPid?: number) {
  await fundFromFaucet(base, buyer, "10");
  const client = new x402HTTPClient(payingClient(buyer, { solanaRpcUrl: `${base}/local/solana` }));
  const url = `${base}${path}`;
  const times: PaidTimes = {
    total: [],
    challenges: [],
    signing: [],
    requests: [],
    simulation: [],
    serverCpu: { challenges: [], signing: [], simulation: [], requests: [] },
  };
  const serverCpu = () => serverPid === undefined ? Number.NaN : mainThreadCpuNs(serverPid) / 1e6;
  const bumps = { buyer: 0, payTo: 0 };
  return {
    times,
    /** Extra bump tries of the buyer's and the seller's token accounts (see {@linkcode extraBumps}). */
    bumps,
    /** Makes one paid call; its times are kept when `counted`. */
    async call(counted: boolean): Promise<void> {
      const cpuAtStart = serverCpu();
      const started = performance.now();
      const challenge = await fetch(url);
      const required = client.getPaymentRequiredResponse(
        (name) => challenge.headers.get(name),
        await challenge.json(),
      );
      const challenged = performance.now();
      const cpuChallenged = serverCpu();
      if (!counted) {
        const { payTo, asset } = required.accepts[0]!;
        bumps.buyer = await extraBumps(buyer.solana.address, asset);
        bumps.payTo = await extraBumps(payTo, asset);
      }
      const signStarted = performance.now();
      const payload = await client.createPaymentPayload(required);
      const signed = performance.now();
      const cpuSigned = serverCpu();
      // Not part of the call: the floor's transfer, simulated before the payment lands.
      const simulated = await simulateOnce(base, String(payload.payload.transaction));
      const cpuPaidStarted = serverCpu();
      const paidStarted = performance.now();
      const paid = await fetch(url, { headers: client.encodePaymentSignatureHeader(payload) });
      await paid.body?.cancel();
      if (paid.status !== 200) throw new Error(`paid call to ${url} answered ${paid.status}`);
      const request = performance.now() - paidStarted;
      const cpuPaid = serverCpu();
      if (!counted) return;
      if (serverPid !== undefined) {
        times.serverCpu.challenges.push(cpuChallenged - cpuAtStart);
        times.serverCpu.signing.push(cpuSigned - cpuChallenged);
        times.serverCpu.simulation.push(cpuPaidStarted - cpuSigned);
        times.serverCpu.requests.push(cpuPaid - cpuPaidStarted);
      }
      times.challenges.push(challenged - started);
      times.signing.push(signed - signStarted);
      times.simulation.push(simulated);
      times.requests.push(request);
      times.total.push(challenged - started + signed - signStarted + request);
    },
  };
}

/** Milliseconds to simulate `transaction` (base64) once on the service's chain. */
async function simulateOnce(base: string, transaction: string): Promise<number> {
  const started = performance.now();
  const answer = await rpc(base, "simulateTransaction", [transaction, {
    encoding: "base64",
    sigVerify: false,
  }]);
  if (answer.result?.value?.err !== null) throw new Error(`simulation failed: ${JSON.stringify(answer)}`);
  return performance.now() - started;
}

/** One JSON-RPC call to the chain of the local-mode service at `base`. */
async function rpc(base: string, method: string, params: unknown[]) {
  const response = await fetch(`${base}/local/solana`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return await response.json();
}

/**
 * Our handler's own work, timed in this process on an embedded chain seeded
 * as local mode seeds its own: the fee operation run as the HTTP route runs
 * it (its chain reads through the in-process RPC, the output checked against
 * its schema, the answer encoded), without HTTP or payment.
 */
async function ourHandler(): Promise<() => Promise<number>> {
  const solana = await createLocalSolana({ seedHistory: true });
  const client = createSolanaClient("local:solana", { handler: (payload) => solana.handleRpc(payload) });
  const services = { solana: client } as Services;
  return async () => {
    const started = performance.now();
    const result = await runOperation({ ...priorityFees, path: "/v1/fees/priority" }, {}, {
      requestId: "bench",
      signal: new AbortController().signal,
      services,
      timeoutMs: 10_000,
    });
    new TextEncoder().encode(JSON.stringify(result));
    return performance.now() - started;
  };
}

/**
 * `calls` sequential paid calls to the service at `base` and as many to the
 * official middleware at `officialBase` (and to the service at `kvBase`,
 * when given), taken in turns, after {@linkcode PAID_WARM_UP} uncounted ones
 * each, each turn starting with the next side; and our handler's own work
 * (see {@linkcode ourHandler}), timed in the same turns.
 */
export async function paidCalls(
  base: string,
  officialBase: string,
  calls: number,
  kvBase?: string,
  onCounting?: () => void,
  pids?: { ours: number; official: number; onKvFile?: number },
) {
  // One buyer for every side: its token account costs each side's client and facilitator the same to derive.
  const buyer = await throwawayBuyer();
  const ours = await payer(base, "/v1/fees/priority", buyer, pids?.ours);
  const official = await payer(officialBase, "/paid", buyer, pids?.official);
  const onKvFile = kvBase ? await payer(kvBase, "/v1/fees/priority", buyer, pids?.onKvFile) : undefined;
  const handler: number[] = [];
  const handlerWork = await ourHandler();
  const sides = onKvFile ? [ours, official, onKvFile] : [ours, official];
  for (let i = -PAID_WARM_UP; i < calls; i++) {
    if (i === 0) onCounting?.();
    // Each turn starts with the next side: none always follows the handler's timing in this process (its
    // garbage collected during the next call) or another side's call.
    for (let k = 0; k < sides.length; k++) await sides[(i + PAID_WARM_UP + k) % sides.length]!.call(i >= 0);
    const work = await handlerWork();
    if (i >= 0) handler.push(work);
  }
  return {
    ours: ours.times,
    official: official.times,
    handler,
    onKvFile: onKvFile?.times,
    bumps: { buyer: ours.bumps.buyer, ours: ours.bumps.payTo, official: official.bumps.payTo },
  };
}

const ms = (value: number) => value.toFixed(1);
const x = (value: number) => value.toFixed(2);

/** The lines that report {@linkcode paidCalls}: ours, the official middleware's and the ratio. */
export function paidReport(measured: Awaited<ReturnType<typeof paidCalls>>): string[] {
  const { ours, official, handler, onKvFile, bumps } = measured;
  const p50 = (values: number[]) => quantile(values, 0.5);
  const ratio = p50(ours.total) / p50(official.total);
  const parts = (times: PaidTimes) =>
    `402 ${ms(p50(times.challenges))}, signing ${ms(p50(times.signing))}, paid request ${
      ms(p50(times.requests))
    } ms`;
  return [
    `Full paid call (402, sign, verify, handler, settle on the local chain), ${ours.total.length} sequential ` +
    `each, in turns: ours p50 ${ms(p50(ours.total))} ms (p90 ${ms(quantile(ours.total, 0.9))}; ${
      parts(ours)
    }); its floor (signing + one simulated transfer of the same payment) ${
      ms(p50(ours.signing) + p50(ours.simulation))
    } ms`,
    `  official @x402/hono middleware, one-line handler, same in-process facilitator and chain, no replay ` +
    `claim, no presence check: p50 ${ms(p50(official.total))} ms (p90 ${ms(quantile(official.total, 0.9))}; ${
      parts(official)
    })`,
    `  ours ÷ official: ${x(ratio)} (goal ≤ ${PAID_RATIO_GOAL}: ${
      ratio <= PAID_RATIO_GOAL ? "met" : "not met"
    })` +
    `; our handler's own work (the fee quantiles from the chain, where the official handler answers a ` +
    `constant) p50 ${ms(p50(handler))} ms; the paid request less it: ours ${
      ms(p50(ours.requests) - p50(handler))
    } ms, official ${ms(p50(official.requests))} ms`,
    `  keys drawn for this run: extra bump tries of the token accounts derived on each call (about 0.2 ms ` +
    `each, per derivation): the buyer's (both sides) ${bumps.buyer}, our seller's ${bumps.ours}, the official ` +
    `side's seller's ${bumps.official}`,
    ...(ours.serverCpu.requests.length ? [serverCpuLine(ours, official)] : []),
    ...(onKvFile
      ? [
        `  ours with the claims in a Deno KV file (KV_PATH, as one host keeps them in devnet and mainnet mode; ` +
        `local mode keeps them in its memory): p50 ${ms(p50(onKvFile.total))} ms (${
          parts(onKvFile)
        }), ÷ official ${x(p50(onKvFile.total) / p50(official.total))}`,
      ]
      : []),
  ];
}

/** Each server's main-thread CPU per phase of a counted call: the mean, its cost over the run. */
function serverCpuLine(ours: PaidTimes, official: PaidTimes): string {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const phases = ({ serverCpu }: PaidTimes) =>
    `402 ${x(mean(serverCpu.challenges))}, during the signing ${x(mean(serverCpu.signing))}, paid request ${
      x(mean(serverCpu.requests))
    } (the bench's simulation, not part of the call, ${x(mean(serverCpu.simulation))})`;
  return `  server main-thread CPU per counted call by phase (schedstat, ms, mean; the official client reads a ` +
    `blockhash while signing): ours ${phases(ours)}; official ${phases(official)}`;
}

/** CPU time, user and system, of process `pid` so far in milliseconds (Linux `/proc`; `NaN` elsewhere). */
function cpuMilliseconds(pid: number): number {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms (USER_HZ 100)
  } catch {
    return Number.NaN;
  }
}

/** Resolves once `url` answers below 500 (a service still starting answers 503). */
async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (response.status < 500) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

function start(script: string, port: number, env: Record<string, string> = {}): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", script],
    cwd: ROOT,
    env: { PORT: String(port), HOST: "127.0.0.1", ...env },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
}

/** One run on freshly started servers (new keys, new chains): its report's lines and its ratio. */
async function oneRun(
  calls: number,
  withKvFile: boolean,
): Promise<{ lines: string[]; ratio: number; cpuRatio: number }> {
  const [servicePort, officialPort, kvPort] = [freePort(), freePort(), freePort()];
  const kvDir = await Deno.makeTempDir({ prefix: "paid-bench-kv-" });
  const service = start("main.ts", servicePort, { SERVICE_MODE: "local" });
  const official = start("bench/solana/official_paywall.ts", officialPort);
  const onKvFile = withKvFile
    ? start("main.ts", kvPort, { SERVICE_MODE: "local", KV_PATH: `${kvDir}/claims.sqlite` })
    : undefined;
  const base = `http://127.0.0.1:${servicePort}`;
  const officialBase = `http://127.0.0.1:${officialPort}`;
  const kvBase = onKvFile ? `http://127.0.0.1:${kvPort}` : undefined;
  try {
    await waitFor(`${base}/healthz`);
    await waitFor(`${officialBase}/`);
    if (kvBase) await waitFor(`${kvBase}/healthz`);
    let cpuBefore: number[] = [];
    const measured = await paidCalls(base, officialBase, calls, kvBase, () => {
      cpuBefore = [service.pid, official.pid].map(cpuMilliseconds);
    }, { ours: service.pid, official: official.pid, onKvFile: onKvFile?.pid });
    const [ourCpu, officialCpu] = [service.pid, official.pid].map((pid, k) =>
      (cpuMilliseconds(pid) - cpuBefore[k]!) / calls
    );
    const load = Deno.loadavg().map((value) => value.toFixed(1)).join(", ");
    return {
      lines: [
        `Paid-call bench (${navigator.hardwareConcurrency} cores, load average ${load} at the end)`,
        ...paidReport(measured),
        `  server CPU per counted call (all its threads, from /proc; the load on the machine moves it less than ` +
        `the times): ours ${ms(ourCpu!)} ms, official ${ms(officialCpu!)} ms, ÷ ${
          x(ourCpu! / officialCpu!)
        } ` +
        `(each side's share of the bench's simulation included, and on the official side its client's blockhash ` +
        `read)`,
      ],
      ratio: quantile(measured.ours.total, 0.5) / quantile(measured.official.total, 0.5),
      cpuRatio: ourCpu! / officialCpu!,
    };
  } finally {
    for (const child of [service, official, ...(onKvFile ? [onKvFile] : [])]) {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
    }
    await Deno.remove(kvDir, { recursive: true });
  }
}

if (import.meta.main) {
  const calls = Number(Deno.args.find((arg) => /^\d+$/.test(arg)) ?? "60");
  const withKvFile = Deno.args.includes("--kv-file");
  const runsArg = Deno.args.find((arg) => arg.startsWith("--runs="));
  const runs = runsArg ? Number(runsArg.slice("--runs=".length)) : 1;
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const { lines, ratio, cpuRatio } = await oneRun(calls, withKvFile);
    cpuRatios.push(cpuRatio);
    if (runs > 1) console.log(`Run ${run} of ${runs}:`);
    for (const line of lines) console.log(line);
    ratios.push(ratio);
  }
  if (runs > 1) {
    const sorted = ratios.toSorted((a, b) => a - b);
    console.log(
      `Ours ÷ official over ${runs} runs (fresh servers and keys each): median ${
        x(quantile(ratios, 0.5))
      }, ` +
        `${x(sorted[0]!)}–${x(sorted.at(-1)!)} (${sorted.map(x).join(", ")}); goal ≤ ${PAID_RATIO_GOAL}: ${
          quantile(ratios, 0.5) <= PAID_RATIO_GOAL ? "met" : "not met"
        } by the median; server CPU per call, ours ÷ official: median ${x(quantile(cpuRatios, 0.5))}, ${
          x(Math.min(...cpuRatios))
        }–${x(Math.max(...cpuRatios))}`,
    );
  }
}

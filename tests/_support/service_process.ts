/**
 * The service as a host runs it: `main.ts` in its own process with the
 * permissions and environment given, its JSON log lines collected, stopped by
 * a signal. A local-mode service (in this process) stands in for devnet: its
 * `/local/facilitator` and `/local/solana` serve the same network ids and USDC
 * mint, so a devnet-mode process settles real transfers on its chain.
 *
 * @module
 */
import { type Address, generateKeyPairSigner } from "@solana/kit";
import { freePort, type TestService } from "./service.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/** The permissions of a locked-down host: no subprocesses, no writes, no FFI. */
export const LOCKED_DOWN = ["--allow-net", "--allow-env", "--allow-read", "--allow-sys"];

/** A running service process. */
export interface ServiceProcess {
  /** `http://127.0.0.1:<port>`. */
  readonly base: string;
  readonly pid: number;
  /** Every JSON log line so far, parsed. */
  readonly logs: Record<string, unknown>[];
  /** Sends `signal` and resolves with the exit code once the process is gone. */
  stop(signal?: Deno.Signal): Promise<number>;
  /** The exit code, once the process has exited. */
  readonly exited: Promise<number>;
  /** When the process was spawned (`performance.now()`). */
  readonly spawnedAt: number;
}

/** When {@linkcode spawnService} resolves: once the port answers, or once the application serves (default). */
export type Readiness = "listening" | "serving";

/** Which Deno runs which `main.ts` (default: the Deno running the tests, this repository's). */
export interface ServiceProgram {
  deno?: string;
  main?: string;
}

/**
 * Starts `main.ts` with `permissions` and `env` (added to a minimal
 * environment) on a free loopback port; resolves once the application
 * serves (its `serving` log line), or with `until: "listening"` as soon as
 * the port answers (its `start` line). `runAs` is a command the process is
 * started through (e.g. `setpriv` to drop to another user); `program` another
 * Deno or another copy's `main.ts` (the oldest supported Deno, an installed
 * copy). A port
 * found free here can be taken by another process before `main.ts` binds
 * it: then it starts again on another (unless `env.PORT` named the port).
 */
export async function spawnService(
  env: Record<string, string>,
  permissions: readonly string[] = ["-A"],
  until: Readiness = "serving",
  runAs: readonly string[] = [],
  program: ServiceProgram = {},
): Promise<ServiceProcess> {
  for (let attempt = 1;; attempt++) {
    try {
      const port = env.PORT ? Number(env.PORT) : freePort();
      return await spawnOnce(
        env,
        permissions,
        port,
        until,
        [...runAs, program.deno ?? Deno.execPath()],
        program,
      );
    } catch (error) {
      if (env.PORT || attempt >= 3 || !/AddrInUse|Address already in use/.test(String(error))) throw error;
    }
  }
}

async function spawnOnce(
  env: Record<string, string>,
  permissions: readonly string[],
  port: number,
  until: Readiness,
  launcher: readonly string[],
  program: ServiceProgram,
): Promise<ServiceProcess> {
  const spawnedAt = performance.now();
  const remote = env.SERVICE_MODE === "devnet" || env.SERVICE_MODE === "mainnet";
  const [command, ...prefix] = launcher; // `runAs`, then the Deno
  const child = new Deno.Command(command!, {
    args: [...prefix, "run", ...permissions, program.main ?? MAIN],
    clearEnv: true,
    env: {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: Deno.env.get("HOME") ?? "/tmp",
      ...(Deno.env.get("DENO_DIR") ? { DENO_DIR: Deno.env.get("DENO_DIR")! } : {}),
      HOST: "127.0.0.1",
      PORT: String(port),
      ...(remote && !env.PUBLIC_URL ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
      ...env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const logs: Record<string, unknown>[] = [];
  let stderr = "";
  let url = "";
  const { promise: listening, resolve, reject } = Promise.withResolvers<string>();
  (async () => {
    for await (const text of child.stderr.pipeThrough(new TextDecoderStream())) stderr += text;
  })();
  (async () => {
    let pending = "";
    for await (const text of child.stdout.pipeThrough(new TextDecoderStream())) {
      pending += text;
      const lines = pending.split("\n");
      pending = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith("{")) continue;
        const event = JSON.parse(line);
        logs.push(event);
        if (event.type === "start") url = event.url;
        if (event.type === (until === "listening" ? "start" : "serving")) resolve(url);
      }
    }
  })();
  const exited = child.status.then((status) => status.code);
  exited.then((code) => reject(new Error(`main.ts exited with ${code} before listening:\n${stderr}`)));
  const timer = setTimeout(() => reject(new Error(`main.ts did not listen within 60 s:\n${stderr}`)), 60_000);
  let base: string;
  try {
    base = await listening;
  } catch (error) {
    try {
      child.kill("SIGKILL");
    } catch {
      // Already gone.
    }
    await exited;
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    base,
    pid: child.pid,
    logs,
    exited,
    spawnedAt,
    async stop(signal: Deno.Signal = "SIGTERM") {
      try {
        child.kill(signal);
      } catch {
        // Already gone.
      }
      return await exited;
    },
  };
}

/**
 * A memory figure of process `pid` from Linux's `/proc/<pid>/status`, in
 * bytes: `VmRSS` (resident now) or `VmHWM` (peak resident so far). Throws
 * when the process is gone or the figure is missing.
 */
export async function processMemoryBytes(pid: number, field: "VmRSS" | "VmHWM"): Promise<number> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  const kb = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1];
  if (kb === undefined) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(kb) * 1024;
}

/** The peak resident memory of process `pid` so far, in bytes (Linux `VmHWM`). */
export function peakRssBytes(pid: number): Promise<number> {
  return processMemoryBytes(pid, "VmHWM");
}

/**
 * The environment of a devnet-mode service settling on `local`'s chain
 * through its facilitator, paid to a new address whose USDC account the
 * faucet creates.
 */
export async function devnetOn(local: TestService): Promise<{ env: Record<string, string>; payTo: Address }> {
  const payTo = (await generateKeyPairSigner()).address;
  const response = await fetch(`${local.base}/local/faucet`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ address: payTo, usdc: "0.000001" }),
  });
  if (!response.ok) throw new Error(`faucet: ${response.status} ${await response.text()}`);
  await response.body?.cancel();
  return {
    payTo,
    env: {
      SERVICE_MODE: "devnet",
      FACILITATOR_URL: `${local.base}/local/facilitator`,
      SOLANA_RPC_URL: `${local.base}/local/solana`,
      PAY_TO_SOLANA: payTo,
      ALT_ROUTES: "off",
    },
  };
}

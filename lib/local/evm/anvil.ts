/**
 * Runs Anvil (from the `@foundry-rs/anvil` npm package) as a subprocess on a
 * free loopback port: no forking, no dev accounts, quiet stdout, a bounded
 * readiness wait, and no orphan when the Deno process exits.
 *
 * Anvil is started through a small `/bin/sh` wrapper in its own process group.
 * The wrapper holds our stdin pipe: when it reaches end-of-file — because
 * {@linkcode AnvilProcess.stop} closed it, or because this process died in any
 * way, even `SIGKILL` — the wrapper terminates Anvil. The wrapper exits only
 * after Anvil has exited, so awaiting the wrapper awaits Anvil.
 *
 * @module
 */
import { createRequire } from "node:module";
import { UnavailableError } from "../../shared/errors.ts";

/** Options for {@linkcode startAnvil}. */
export interface AnvilOptions {
  /** The chain id Anvil reports and signs with. */
  chainId: number;
  /** Path of the Anvil executable (default: the one installed from npm). */
  binary?: string;
  /** How long to wait for Anvil to answer, in milliseconds (default 15 s). */
  readyTimeoutMs?: number;
}

/** A running Anvil node. */
export interface AnvilProcess {
  /** The node's JSON-RPC endpoint, `http://127.0.0.1:<port>`. */
  readonly rpcUrl: string;
  /** Anvil's process id. */
  readonly pid: number;
  /** Resolves when Anvil has exited, for whatever reason. */
  readonly exited: Promise<void>;
  /** Whether Anvil is still running. */
  readonly running: boolean;
  /** Stops Anvil and waits for it to exit; calling it again does nothing. */
  stop(): Promise<void>;
}

/** How much of Anvil's stderr is kept for error messages. */
const STDERR_TAIL_BYTES = 4096;
/** Start attempts when the chosen port was taken between choosing and binding it. */
const START_ATTEMPTS = 3;
/** Grace period for Anvil to exit after `SIGTERM` before the group is killed. */
const STOP_GRACE_MS = 5_000;

/** `PATH` of the wrapper, which runs `cat` besides shell built-ins; Anvil itself is an absolute path. */
const WRAPPER_PATH = "/usr/local/bin:/usr/bin:/bin";

/**
 * The shell wrapper: `$0` is Anvil, `$@` its arguments. Prints Anvil's pid,
 * kills Anvil when stdin closes, and exits with Anvil's status.
 */
const WRAPPER = [
  "exec 3<&0",
  '"$0" "$@" >/dev/null </dev/null 3<&- &',
  "anvil=$!",
  'echo "$anvil"',
  '(cat <&3 >/dev/null; kill "$anvil") >/dev/null 2>&1 &',
  'wait "$anvil"',
].join("\n");

/**
 * Finds the Anvil executable installed from npm for this platform.
 *
 * @returns The executable's absolute path.
 * @throws {UnavailableError} When no Anvil binary is installed for this platform.
 */
export function resolveAnvilBinary(): string {
  const arch = ({ x86_64: "amd64", aarch64: "arm64" } as Record<string, string>)[Deno.build.arch];
  const os = Deno.build.os === "windows" ? "win32" : Deno.build.os;
  const platformPackage = `@foundry-rs/anvil-${os}-${arch ?? Deno.build.arch}`;
  const executable = os === "win32" ? "anvil.exe" : "anvil";
  try {
    const fromHere = createRequire(import.meta.url);
    const wrapperManifest = Deno.realPathSync(fromHere.resolve("@foundry-rs/anvil/package.json"));
    const path = createRequire(wrapperManifest).resolve(`${platformPackage}/bin/${executable}`);
    if (Deno.statSync(path).isFile) return path;
  } catch {
    // Reported below.
  }
  throw new UnavailableError(
    `Cannot start the local EVM chain: anvil binary not found ("${platformPackage}" is not installed; run "deno install")`,
  );
}

/**
 * Starts Anvil on a free loopback port and waits until it answers JSON-RPC.
 *
 * @example A local Base Sepolia node
 * ```ts
 * const anvil = await startAnvil({ chainId: 84532 });
 * try {
 *   await fetch(anvil.rpcUrl, { method: "POST", body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' });
 * } finally {
 *   await anvil.stop();
 * }
 * ```
 *
 * @param options The chain id, and optionally the binary and readiness budget.
 * @returns The running node.
 * @throws {UnavailableError} When the binary is missing or Anvil does not come up in time.
 */
export async function startAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  const binary = options.binary ?? resolveAnvilBinary();
  try {
    if (!Deno.statSync(binary).isFile) throw new Error("not a file");
  } catch (error) {
    throw new UnavailableError(`Cannot start the local EVM chain: anvil binary not found at "${binary}"`, {
      cause: error,
    });
  }
  let lastError: unknown;
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    try {
      return await startOnce(binary, freeLoopbackPort(), options);
    } catch (error) {
      lastError = error;
      if (!(error instanceof PortTakenError)) break;
    }
  }
  throw lastError instanceof UnavailableError ? lastError : new UnavailableError(
    `Cannot start the local EVM chain: ${lastError instanceof Error ? lastError.message : String(lastError)}`,
    { cause: lastError },
  );
}

/** Anvil could not bind its port (another process took it first). */
class PortTakenError extends Error {}

/** Asks the kernel for a free loopback port. */
function freeLoopbackPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Spawns the wrapper and Anvil once, on `port`, and waits for readiness. */
async function startOnce(binary: string, port: number, options: AnvilOptions): Promise<AnvilProcess> {
  const { chainId, readyTimeoutMs = 15_000 } = options;
  const args = [
    "-c",
    WRAPPER,
    binary,
    ...["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId)],
    ...["--accounts", "0", "--quiet"],
  ];
  const child = new Deno.Command("/bin/sh", {
    args,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    detached: true,
    clearEnv: true,
    env: { PATH: WRAPPER_PATH },
  }).spawn();
  const stdin = child.stdin.getWriter();
  const stderr = collectTail(child.stderr);
  let running = true;
  const exited = child.status.then(() => {
    running = false;
  });

  async function stop(): Promise<void> {
    if (running) {
      if (pid > 0) signal(pid, "SIGTERM");
      await stdin.close().catch(() => {});
      const timer = setTimeout(() => signal(-child.pid, "SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    } else {
      await stdin.close().catch(() => {});
    }
    await stderr.done;
  }

  let pid = 0;
  try {
    pid = await readPid(child.stdout);
    const rpcUrl = `http://127.0.0.1:${port}`;
    await waitReady(rpcUrl, chainId, readyTimeoutMs, exited, () => stderr.text());
    return {
      rpcUrl,
      pid,
      exited,
      get running() {
        return running;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Sends `sig` to a process (or, with a negative id, a group), ignoring "no such process". */
function signal(pid: number, sig: Deno.Signal): void {
  try {
    Deno.kill(pid, sig);
  } catch {
    // Already gone.
  }
}

/** Reads the pid line the wrapper prints, then releases stdout. */
async function readPid(stdout: ReadableStream<Uint8Array>): Promise<number> {
  const reader = stdout.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (!text.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const pid = Number.parseInt(text, 10);
  if (!Number.isInteger(pid) || pid <= 0) throw new Error("anvil did not start");
  return pid;
}

/** Polls `eth_chainId` until Anvil answers with `chainId`, exits, or the budget runs out. */
async function waitReady(
  rpcUrl: string,
  chainId: number,
  timeoutMs: number,
  exited: Promise<void>,
  stderrText: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let hasExited = false;
  exited.then(() => hasExited = true);
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] });
  while (true) {
    if (hasExited) {
      const detail = stderrText().trim();
      if (/address already in use/i.test(detail)) throw new PortTakenError(detail);
      throw new UnavailableError(
        `Cannot start the local EVM chain: anvil exited during start-up${
          detail ? `: ${lastLine(detail)}` : ""
        }`,
      );
    }
    try {
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        signal: AbortSignal.timeout(1_000),
      });
      const reply = await response.json() as { result?: string };
      if (reply.result !== undefined && Number(reply.result) === chainId) return;
      if (reply.result !== undefined) {
        throw new UnavailableError(
          `Cannot start the local EVM chain: anvil reports chain id "${
            Number(reply.result)
          }", expected "${chainId}"`,
        );
      }
    } catch (error) {
      if (error instanceof UnavailableError) throw error;
      // Not listening yet.
    }
    if (Date.now() >= deadline) {
      throw new UnavailableError(
        `Cannot start the local EVM chain: anvil did not answer within ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The last non-empty line of `text`. */
function lastLine(text: string): string {
  return text.split("\n").map((line) => line.trim()).filter(Boolean).at(-1) ?? "";
}

/** Drains a stream, keeping only its last {@linkcode STDERR_TAIL_BYTES} bytes as text. */
function collectTail(stream: ReadableStream<Uint8Array>): { text(): string; done: Promise<void> } {
  let tail = new Uint8Array(0);
  const done = (async () => {
    for await (const chunk of stream) {
      const joined = new Uint8Array(tail.length + chunk.length);
      joined.set(tail);
      joined.set(chunk, tail.length);
      tail = joined.slice(Math.max(0, joined.length - STDERR_TAIL_BYTES));
    }
  })().catch(() => {});
  return { text: () => new TextDecoder().decode(tail), done };
}

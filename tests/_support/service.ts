/**
 * Starts the real service in local mode on a loopback port for end-to-end
 * tests: embedded chains, in-process facilitator, the whole HTTP app.
 *
 * @module
 */
import type { x402Client } from "@x402/core/client";
import type { FacilitatorClient } from "@x402/core/server";
import { type Buyer, fundFromFaucet, payingClient, throwawayBuyer } from "../../lib/buyer/paying_client.ts";
import { type Config, loadConfig } from "../../lib/server/config/load.ts";
import { type Logger, silentLogger } from "../../lib/shared/log.ts";
import { type Runtime, startRuntime } from "../../lib/server/runtime.ts";
import { createApp } from "../../app.ts";

/** A running test service. */
export interface TestService {
  base: string;
  runtime: Runtime;
  close(): Promise<void>;
}

/** Options for {@linkcode startTestService}. */
export interface TestServiceOptions {
  env?: Record<string, string>;
  facilitator?: FacilitatorClient;
  log?: Logger;
  /** Minimum pause between attempts to reach an unreachable facilitator. */
  facilitatorRetryMs?: number;
  /** How long the facilitator may take to answer a verification or settlement. */
  facilitatorTimeoutMs?: number;
  /** Port to listen on (default: any free one). */
  port?: number;
  /** Adjusts the configuration read from `env` (for settings the environment does not carry). */
  configure?: (config: Config) => Config;
  /** Called with each request as it arrives (its head read, its body perhaps still coming). */
  onRequest?: (request: Request) => void;
}

/** A loopback port that was free a moment ago. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

/** Starts the service; always `close()` it. */
export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const loaded = loadConfig({ PORT: "0", ...options.env });
  const config = options.configure ? options.configure(loaded) : loaded;
  const runtime = await startRuntime(config, {
    log: options.log ?? silentLogger,
    facilitator: options.facilitator,
    facilitatorRetryMs: options.facilitatorRetryMs,
    facilitatorTimeoutMs: options.facilitatorTimeoutMs,
  });
  const app = createApp(runtime);
  const { onRequest } = options;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: options.port ?? 0, onListen: () => {} },
    onRequest ? (request, info) => (onRequest(request), app.fetch(request, info)) : app.fetch,
  );
  return {
    base: `http://127.0.0.1:${server.addr.port}`,
    runtime,
    async close() {
      await server.shutdown();
      await runtime.close();
    },
  };
}

/** A throwaway buyer funded from the faucet of a local-mode service at `service.base`, and its paying x402 client. */
export async function fundedBuyer(
  service: Pick<TestService, "base">,
  usdc = "1",
): Promise<{ buyer: Buyer; client: x402Client }> {
  const buyer = await throwawayBuyer();
  await fundFromFaucet(service.base, buyer, usdc);
  return { buyer, client: payingClient(buyer, { solanaRpcUrl: `${service.base}/local/solana` }) };
}

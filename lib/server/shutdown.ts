/**
 * Graceful shutdown on SIGINT or SIGTERM, within the few seconds hosts allow
 * (Deno Deploy sends SIGKILL 5 s after SIGINT): stop accepting, refuse new
 * requests and uploads still being read with 503, let paid work finish and
 * settle, abort what still runs at the deadline (its payment is released),
 * then close the stores and the embedded chains.
 *
 * @module
 */
import type { Runtime } from "./runtime.ts";

/** How long work in flight may take to finish, in ms. */
export const SHUTDOWN_GRACE_MS = 4_000;
/** Of the grace period, the part left for aborted work to release its payment, in ms. */
const RELEASE_MS = 500;

/** A server that stops accepting and resolves once its requests are answered (`Deno.HttpServer`). */
export interface StoppableServer {
  shutdown(): Promise<void>;
}

/** Shuts the service down; resolves once it is safe to exit. */
export async function shutDown(
  server: StoppableServer,
  runtime: Runtime,
  graceMs: number = SHUTDOWN_GRACE_MS,
): Promise<void> {
  const started = performance.now();
  runtime.drain.start();
  const stopped = server.shutdown().then(() => true);
  let finished = await Promise.race([stopped, delay(Math.max(0, graceMs - RELEASE_MS), false)]);
  if (!finished) {
    runtime.drain.abortWork();
    finished = await Promise.race([stopped, delay(RELEASE_MS, false)]);
  }
  runtime.log({
    type: "stop",
    graceful: finished,
    durationMs: Math.round(performance.now() - started),
  });
  await runtime.close();
}

function delay<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(value), ms);
    Deno.unrefTimer(timer);
  });
}

/**
 * Entry point. Stop signals are handled from the first line; the
 * configuration is read; the port is bound at once and answers (`/livez`,
 * and 503 with `Retry-After` for the rest) while the service's modules load
 * and its parts start; then the application serves. Nothing here waits on
 * the network: the facilitator is reached in the background (see
 * `lib/payments/readiness.ts`).
 *
 * @module
 */
import { ConfigError, loadConfig } from "./lib/server/config/load.ts";
import { fallbackPort, onDenoDeploy } from "./lib/server/config/hosting.ts";
import { listenFirst } from "./lib/server/listen_first.ts";
import { localModePermissionRefusal } from "./lib/server/modes/local_mode_permissions.ts";
import { bufferedStdout, consoleLines, jsonLogger } from "./lib/shared/log.ts";
import { VERSION } from "./lib/server/version.ts";
import { denoVersionRefusal } from "./lib/server/deno_version.ts";

if (import.meta.main) {
  // Until the service is up, a stop ends the process at once; then it becomes a graceful shutdown.
  let stop: () => void = () => Deno.exit(0);
  for (const signal of ["SIGINT", "SIGTERM"] as const) Deno.addSignalListener(signal, () => stop());
  const tooOld = denoVersionRefusal(Deno.version.deno);
  if (tooOld) {
    console.error(tooOld);
    Deno.exit(78);
  }

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    // On Deno Deploy an exit fails the build's warm-up and answers 502: say what is missing instead.
    if (!onDenoDeploy()) Deno.exit(78);
    listenFirst({ port: fallbackPort(), onListen: () => {} }, {
      reason: error.message,
      retryAfterSeconds: 60,
    });
  }
  if (config) {
    const refusal = localModePermissionRefusal(config.mode);
    if (refusal) {
      console.error(refusal);
      Deno.exit(78);
    }
    const log = jsonLogger(config.telemetry ? consoleLines : bufferedStdout());
    const early = listenFirst({
      hostname: config.hostname,
      port: config.port,
      onListen: ({ hostname, port }) =>
        log({
          type: "start",
          version: VERSION,
          mode: config.mode,
          url: `http://${hostname}:${port}`,
          listeningAfterMs: Math.round(performance.now()),
          memory: {
            budgetMb: config.memory.budgetMb,
            bodyBytes: config.memory.bodyBytes,
            pdfConcurrency: config.pdf.concurrency,
            pdfMaxBytes: config.pdf.limits.maxBytes,
            pdfJobBytes: config.pdf.limits.maxCostBytes,
            pdfBorrowBytes: config.pdf.limits.borrowCostBytes ?? 0,
            pdfMemoryMb: config.memory.pdfMemoryMb,
            audioConcurrency: config.audio.concurrency,
            audioMaxBytes: config.audio.maxBytes,
          },
        }),
    });
    // The rest loads while the port already answers.
    const [{ startRuntime }, { createApp }, { shutDown }, { startIdleReclaim }] = await Promise.all([
      import("./lib/server/runtime.ts"),
      import("./app.ts"),
      import("./lib/server/shutdown.ts"),
      import("./lib/server/idle_reclaim.ts"),
    ]);
    const runtime = await startRuntime(config, { log });
    early.serve(createApp(runtime).fetch);
    log({ type: "serving", startupMs: Math.round(performance.now()) });
    // Gives back the garbage of start-up, and of each burst, once the service goes quiet.
    const reclaim = startIdleReclaim();
    let stopping: Promise<void> | undefined;
    stop = () => {
      reclaim?.stop();
      stopping ??= shutDown(early.server, runtime).finally(() => Deno.exit(0));
    };
  }
}

/**
 * Entry point: read the configuration, start the service's parts, serve.
 *
 * @module
 */
import { ConfigError, loadConfig } from "./lib/server/config/load.ts";
import { startRuntime } from "./lib/server/runtime.ts";
import { shutDown } from "./lib/server/shutdown.ts";
import { startIdleReclaim } from "./lib/server/idle_reclaim.ts";
import { VERSION } from "./lib/server/version.ts";
import { createApp } from "./app.ts";

if (import.meta.main) {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    Deno.exit(78);
  }
  const runtime = await startRuntime(config);
  const app = createApp(runtime);
  const server = Deno.serve({
    hostname: config.hostname,
    port: config.port,
    onListen: ({ hostname, port }) =>
      runtime.log({
        type: "start",
        version: VERSION,
        mode: config.mode,
        url: `http://${hostname}:${port}`,
        memory: {
          budgetMb: config.memory.budgetMb,
          bodyBytes: config.memory.bodyBytes,
          pdfConcurrency: config.pdf.concurrency,
          pdfMaxBytes: config.pdf.limits.maxBytes,
          pdfMemoryMb: config.memory.pdfMemoryMb,
          audioConcurrency: config.audio.concurrency,
          audioMaxBytes: config.audio.maxBytes,
        },
      }),
  }, app.fetch);
  // Gives back the garbage of start-up, and of each burst, once the service goes quiet.
  const reclaim = startIdleReclaim();
  let stopping: Promise<void> | undefined;
  const stop = () => {
    reclaim?.stop();
    stopping ??= shutDown(server, runtime).finally(() => Deno.exit(0));
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
}

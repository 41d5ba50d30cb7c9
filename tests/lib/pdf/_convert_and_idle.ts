/**
 * Converts the PDF at the path given (priced on a scan thread, converted on
 * the pool, as the service does), prints the pages and the pool's stats as a
 * line of JSON, and does nothing more: the pool's worker and the scanner's
 * thread are left idle, their idle time (the second argument, in ms) still to
 * run, and a helper is due to start once the pool is found quiet (the third
 * argument: how long the pool waits between looks, in ms).
 * On its way out it prints the pool's stats again. `pool_exit_test.ts` times
 * how long the process takes to exit.
 *
 * @module
 */
import { createPdfService } from "../../../lib/pdf/service.ts";

if (import.meta.main) {
  const bytes = await Deno.readFile(Deno.args[0]!);
  const idleMs = Number(Deno.args[1]);
  const quietMs = Number(Deno.args[2]);
  // Two workers and a low split threshold: a document converted on one asks for a helper once the pool is quiet.
  const service = createPdfService({ pool: { workers: 2, splitMinPages: 2, idleMs, quietMs } });
  const result = await service.convert(bytes, {});
  console.log(JSON.stringify({ pages: result.pages, stats: service.pool.stats }));
  globalThis.addEventListener("unload", () => console.log(JSON.stringify({ stats: service.pool.stats })));
}

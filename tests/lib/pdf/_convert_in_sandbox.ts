/**
 * Converts a PDF given as a path and prints the result as JSON. The bad-input
 * tests run it under `--deny-write` with reads limited to the repository, to
 * show a conversion needs neither.
 *
 * @module
 */
import { convertPdf } from "../../../lib/pdf/convert.ts";

if (import.meta.main) {
  const bytes = await Deno.readFile(Deno.args[0]!);
  const result = await convertPdf(bytes);
  console.log(
    JSON.stringify({ markdown: result.markdown, probe: (globalThis as { pwned?: unknown }).pwned ?? null }),
  );
}

/**
 * Records each operation's real answer for the OpenAPI response examples:
 * starts the service in local mode, pays every operation once with an
 * unmodified x402 client (the same requests the end-to-end test makes), and
 * writes the answers to `lib/discovery/response_examples.json`. The audio
 * answer is asked for as Opus so its base64 stays small. Run it after an
 * output changes: `deno task examples`; a test fails while an example no
 * longer matches its operation's output schema.
 *
 * @module
 */
import { wrapFetchWithPayment } from "@x402/fetch";
import { registry } from "../app.ts";
import { REQUESTS } from "../tests/_support/operation_requests.ts";
import { fundedBuyer, startTestService } from "../tests/_support/service.ts";

/** Where the examples are written. */
export const EXAMPLES_FILE = new URL("../lib/discovery/response_examples.json", import.meta.url);

if (import.meta.main) {
  const service = await startTestService();
  try {
    const { buyer, client } = await fundedBuyer(service, "1");
    const pay = wrapFetchWithPayment(fetch, client);
    const examples: Record<string, unknown> = {};
    let lastSettlement = "";
    // Explaining a transaction needs a landed one: the payments for the others land first.
    const ordered = [...registry.operations].sort((a, b) =>
      Number(a.id === "chain_transaction_analysis") - Number(b.id === "chain_transaction_analysis")
    );
    for (const operation of ordered) {
      const { path, init } = await REQUESTS[operation.id]!({ service, buyer, lastSettlement });
      const url = operation.id === "normalize_audio" ? `${path}?format=opus` : path;
      const response = await pay(service.base + url, init);
      const text = await response.text();
      if (response.status !== 200) {
        throw new Error(`${operation.id}: ${response.status} ${text.slice(0, 300)}`);
      }
      const settlement = JSON.parse(atob(response.headers.get("PAYMENT-RESPONSE")!));
      lastSettlement = settlement.transaction;
      examples[operation.id] = JSON.parse(text);
    }
    const sorted = Object.fromEntries(Object.entries(examples).sort(([a], [b]) => a.localeCompare(b)));
    await Deno.writeTextFile(EXAMPLES_FILE, JSON.stringify(sorted, null, 2) + "\n");
    console.log(`${EXAMPLES_FILE.pathname}: ${Object.keys(sorted).length} examples`);
  } finally {
    await service.close();
  }
}

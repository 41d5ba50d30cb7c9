/**
 * Graceful shutdown as a host does it: SIGTERM to `main.ts` while two paid
 * calls are working (one finishes within the grace period, one would not)
 * and an upload is still being sent. The first settles, the second is stopped
 * at the deadline and not charged, the unfinished upload gets a 503 (not a
 * 500), the log lines reach standard output, and the process exits 0 within
 * the 5 s a host allows.
 */
import assert from "node:assert/strict";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { wrapFetchWithPayment } from "@x402/fetch";
import { spawnService } from "../_support/service_process.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";

/** A request body that trickles forever, as a slow client uploads. */
function trickle(): ReadableStream<Uint8Array> {
  let timer: ReturnType<typeof setInterval> | undefined;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("%PDF-1.7\n"));
      timer = setInterval(() => controller.enqueue(new Uint8Array(1024)), 50);
    },
    cancel() {
      clearInterval(timer);
    },
  });
}

/**
 * A Solana RPC in front of the embedded chain that holds each method named in
 * `delays` for that long, and tells when such a request arrives.
 */
function slowRpc(delays: Record<string, number>) {
  let target = "";
  const arrived = new Map<string, PromiseWithResolvers<void>>(
    Object.keys(delays).map((method) => [method, Promise.withResolvers<void>()]),
  );
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const body = await request.text();
    const parsed = JSON.parse(body);
    const method = [parsed].flat().map((call) => call?.method as string).find((name) => name in delays);
    if (method) {
      arrived.get(method)!.resolve();
      await new Promise((resolve) => setTimeout(resolve, delays[method]));
    }
    const init = { method: "POST", headers: { "Content-Type": "application/json" }, body };
    return await fetch(target, init).catch(() => new Response("upstream gone", { status: 502 }));
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    forwardTo(url: string) {
      target = url;
    },
    arrived: (method: string) => arrived.get(method)!.promise,
    stop: () => server.shutdown(),
  };
}

Deno.test("[e2e] SIGTERM with requests in flight: paid work settles or is released, a slow upload gets 503, exit 0", async () => {
  // The fee route's RPC call takes 1 s: it finishes, and settles, with 2.5 s to spare for a slow machine before
  // work still running is stopped 3.5 s after the signal. The token route's takes 20 s (it does not finish).
  // The diagnosed cluster is another local chain (a service that stops accepting cannot serve its own RPC).
  const cluster = await startTestService({ env: { ALT_ROUTES: "off" } });
  const rpc = slowRpc({ getRecentPrioritizationFees: 1_000, getMultipleAccounts: 20_000 });
  rpc.forwardTo(`${cluster.base}/local/solana`);
  const service = await spawnService({ SERVICE_MODE: "local", ALT_ROUTES: "off", SOLANA_RPC_URL: rpc.url });
  try {
    const { client } = await fundedBuyer(service);
    const pay = wrapFetchWithPayment(fetch, client);
    const fees = pay(`${service.base}/v1/fees/priority`);
    const token = pay(`${service.base}/v1/token/4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU`)
      .catch((error: Error) => error);
    const upload = fetch(`${service.base}/v1/pdf/to-markdown`, {
      method: "POST",
      headers: { "Content-Type": "application/pdf" },
      body: trickle(),
    });

    // Both paid calls are past payment and into their work when the signal comes.
    await Promise.all([rpc.arrived("getRecentPrioritizationFees"), rpc.arrived("getMultipleAccounts")]);
    const signalled = performance.now();
    const exit = service.stop("SIGTERM");

    const cut = await upload;
    assert.equal(cut.status, 503, await cut.clone().text());
    assert.ok(Number(cut.headers.get("Retry-After")) > 0);
    assert.match((await cut.json()).error, /shutting down/);

    const finished = await fees;
    assert.equal(finished.status, 200, await finished.clone().text());
    const settlement = decodePaymentResponseHeader(finished.headers.get("PAYMENT-RESPONSE")!);
    assert.equal(settlement.success, true);
    assert.ok((await finished.json()).recommended);

    // Work still running at the deadline is stopped and its payment released: not charged.
    const stopped = await token;
    assert.ok(stopped instanceof Response, String(stopped));
    assert.equal(stopped.status, 503, await stopped.clone().text());
    assert.equal(stopped.headers.get("PAYMENT-RESPONSE"), null);
    assert.match((await stopped.json()).error, /shutting down/);

    assert.equal(await exit, 0);
    const elapsed = performance.now() - signalled;
    assert.ok(elapsed < 5_000, `exited ${Math.round(elapsed)} ms after SIGTERM`);
    const settlements = service.logs.filter((event) => event.type === "settlement");
    assert.deepEqual(
      settlements.map((event) => [String(event.resource).split("/v1/")[1], event.success]),
      [["fees/priority", true]],
      "one settlement, logged before exit; none for the stopped call",
    );
    const stop = service.logs.find((event) => event.type === "stop");
    assert.equal(stop?.graceful, false, "the token call had to be stopped at the deadline");
  } finally {
    await service.stop("SIGKILL");
    await rpc.stop();
    await cluster.close();
  }
});

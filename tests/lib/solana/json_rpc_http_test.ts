import assert from "node:assert/strict";
import { createDefaultRpcTransport } from "@solana/rpc";
import {
  createJsonRpcHttpTransport,
  type JsonRpcTransport,
  parseWithBigInts,
  RpcHttpError,
} from "../../../lib/solana/json_rpc_http.ts";

/** A recorded mainnet `getTransaction` answer (plain integers, a float-free JSON). */
const RECORDED = await Deno.readTextFile(
  new URL("../../fixtures/solana/gettx_json_v0.json", import.meta.url),
);

/** What the loopback RPC saw of one request. */
interface Seen {
  headers: Record<string, string>;
  body: string;
}

/** A loopback RPC answering every request with `answer`'s status and body, after `delayMs`, recording what it received. */
function fakeRpc(answer: { status?: number; body: string; delayMs?: number }) {
  const seen: Seen[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    seen.push({ headers: Object.fromEntries(request.headers), body: await request.text() });
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    return new Response(answer.body, {
      status: answer.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/`,
    seen,
    close: () => server.shutdown(),
  };
}

/** Ours and kit's default transport, both pointed at `url`. */
function bothTransports(url: string): Array<[string, JsonRpcTransport]> {
  return [
    ["ours", createJsonRpcHttpTransport(url)],
    ["kit", createDefaultRpcTransport({ url: url as `http://${string}` }) as JsonRpcTransport],
  ];
}

/** The headers that matter to an RPC (not those each fetch sets itself). */
function rpcHeaders(headers: Record<string, string>): Record<string, string | undefined> {
  const { accept, "accept-encoding": encoding, "content-type": type, "solana-client": client } = headers;
  return { accept, "accept-encoding": encoding, "content-type": type, "solana-client": client };
}

const single = (method: string, params: unknown[]) => ({ jsonrpc: "2.0", id: 0, method, params });

Deno.test("the plain transport sends what kit's default transport sends, and reads a recorded answer as kit does", async () => {
  const rpc = fakeRpc({ body: RECORDED });
  try {
    const payloads = [
      single("getTransaction", ["5x", { maxSupportedTransactionVersion: 0, minContextSlot: 2n ** 60n }]),
      [single("getSlot", []), single("getBalance", ["So11111111111111111111111111111111111111112"])],
      single("getPriorityFeeEstimate", [{ accountKeys: [] }]),
    ];
    for (const payload of payloads) {
      const answers: unknown[] = [];
      for (const [, transport] of bothTransports(rpc.url)) answers.push(await transport({ payload }));
      const [ours, kit] = rpc.seen.splice(0);
      assert.deepEqual(answers[0], answers[1]);
      assert.equal(ours!.body, kit!.body);
      assert.deepEqual(rpcHeaders(ours!.headers), rpcHeaders(kit!.headers));
    }
    // A Solana method's answer has bigints; a batch's and another method's have numbers.
    const ours = createJsonRpcHttpTransport(rpc.url);
    const fee = (answer: unknown) => (answer as { result: { meta: { fee: unknown } } }).result.meta.fee;
    assert.equal(fee(await ours({ payload: payloads[0] })), 6500n);
    assert.equal(fee(await ours({ payload: payloads[2] })), 6500);
  } finally {
    await rpc.close();
  }
});

Deno.test("parseWithBigInts() reads integers as kit does: exponents too, fractions and negative exponents stay numbers", () => {
  assert.deepEqual(
    parseWithBigInts('{"a":[0,-7,1e3,2E+2,1.5,2e-3,18446744073709551615],"s":"12"}'),
    { a: [0n, -7n, 1000n, 200n, 1.5, 0.002, 18446744073709551615n], s: "12" },
  );
  assert.throws(() => parseWithBigInts(`[${"9".repeat(1_001)}]`), SyntaxError);
  assert.throws(() => parseWithBigInts("<html>"), SyntaxError);
});

Deno.test("identical single calls of one tick share a request, as with kit; batches and later calls do not", async () => {
  const rpc = fakeRpc({ body: '{"jsonrpc":"2.0","id":0,"result":7}', delayMs: 20 });
  try {
    for (const [name, transport] of bothTransports(rpc.url)) {
      const same = await Promise.all([
        transport({ payload: single("getSlot", [{ commitment: "confirmed" }]) }),
        transport({ payload: single("getSlot", [{ commitment: "confirmed" }]) }),
        transport({ payload: single("getSlot", [{ commitment: "finalized" }]) }),
        transport({ payload: [single("getSlot", [])] }),
        transport({ payload: [single("getSlot", [])] }),
      ]);
      assert.equal(same[0], same[1], name);
      assert.equal(rpc.seen.splice(0).length, 4, name);
      await transport({ payload: single("getSlot", [{ commitment: "confirmed" }]) });
      assert.equal(rpc.seen.splice(0).length, 1, name);
    }
  } finally {
    await rpc.close();
  }
});

Deno.test("a caller that gives up gets its reason while the others get the answer, as with kit", async () => {
  const rpc = fakeRpc({ body: '{"jsonrpc":"2.0","id":0,"result":7}', delayMs: 50 });
  try {
    for (const [name, transport] of bothTransports(rpc.url)) {
      const impatient = new AbortController();
      const payload = single("getSlot", []);
      const [gaveUp, waited] = await Promise.allSettled([
        transport({ payload, signal: impatient.signal }),
        transport({ payload, signal: new AbortController().signal }),
        Promise.resolve().then(() => impatient.abort(new Error("gone"))),
      ]);
      assert.equal(gaveUp.status === "rejected" && (gaveUp.reason as Error).message, "gone", name);
      assert.deepEqual(
        waited.status === "fulfilled" && waited.value,
        { jsonrpc: "2.0", id: 0n, result: 7n },
        name,
      );
      assert.equal(rpc.seen.splice(0).length, 1, name);
    }
  } finally {
    await rpc.close();
  }
});

Deno.test("a shared request is cancelled once every caller gave up, as with kit", async () => {
  const cancelled: boolean[] = [];
  let received = Promise.withResolvers<void>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    await request.text();
    received.resolve();
    // Not cancelled within ten seconds (far beyond a loopback abort, even on a loaded machine) counts as never.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gone = await Promise.race([
      new Promise<boolean>((resolve) => request.signal.addEventListener("abort", () => resolve(true))),
      new Promise<boolean>((resolve) => timer = setTimeout(() => resolve(false), 10_000)),
    ]);
    clearTimeout(timer);
    cancelled.push(gone);
    return new Response('{"jsonrpc":"2.0","id":0,"result":7}');
  });
  try {
    for (const [name, transport] of bothTransports(`http://127.0.0.1:${server.addr.port}/`)) {
      const callers = [new AbortController(), new AbortController()];
      const answers = callers.map((caller) =>
        transport({ payload: single("getSlot", []), signal: caller.signal }).catch((error: unknown) => error)
      );
      // The callers give up once the shared request is in the server's hands.
      await received.promise;
      received = Promise.withResolvers<void>();
      for (const caller of callers) caller.abort(new Error("gone"));
      assert.deepEqual((await Promise.all(answers)).map((error) => (error as Error).message), [
        "gone",
        "gone",
      ]);
      while (cancelled.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.deepEqual(cancelled.splice(0), [true], name);
    }
  } finally {
    await server.shutdown();
  }
});

Deno.test("an HTTP error status is thrown with the status, as kit's transport reports it", async () => {
  const rpc = fakeRpc({ status: 429, body: '{"error":"Too many requests"}' });
  try {
    const [ours, kit] = bothTransports(rpc.url).map(([, transport]) => transport);
    const error = await ours!({ payload: single("getSlot", []) }).catch((error: unknown) => error);
    assert.ok(error instanceof RpcHttpError);
    assert.equal(error.status, 429);
    const kitError = await kit!({ payload: single("getSlot", []) }).catch((error: unknown) => error);
    assert.equal((kitError as { context: { statusCode: number } }).context.statusCode, error.status);
  } finally {
    await rpc.close();
  }
});

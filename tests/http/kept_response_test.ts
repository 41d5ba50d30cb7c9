/**
 * Keeping a paid answer for a resend never reads what it cannot keep: a large
 * streamed answer (30 MB of JSON, as the PDF and audio routes send) or one of
 * unknown length is left alone, not a byte pulled from its source, and the
 * answer itself still reaches its reader whole; a small answer that says its
 * length is kept and comes back the same.
 */
import assert from "node:assert/strict";
import {
  answerOfBytes,
  answerOfReusedPieces,
  keepResponse,
  revivedResponse,
} from "../../http/kept_response.ts";

const KEEP_LIMIT = 512 * 1024;
const CHUNK = 64 * 1024;

/** A JSON body of `size` bytes streamed a chunk per read, counting the chunks its source produced. */
function streamedJson(size: number) {
  const source = { pulled: 0 };
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      source.pulled++;
      const length = Math.min(CHUNK, size - sent);
      const chunk = new Uint8Array(length).fill(0x61);
      if (sent === 0) chunk.set(new TextEncoder().encode('{"a":"'));
      sent += length;
      if (sent === size) chunk.set(new TextEncoder().encode('"}'), length - 2);
      controller.enqueue(chunk);
      if (sent === size) controller.close();
    },
  }, { highWaterMark: 0 });
  return { stream, source };
}

/** Fails if `promise` has not settled within a minute (a hang, not a speed figure). */
async function settledSoon<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} never finished`)), 60_000);
  });
  try {
    return await Promise.race([promise, hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads `response` to its end: the byte count and whether the JSON closes. */
async function readWhole(response: Response): Promise<{ bytes: number; closes: boolean }> {
  const body = new Uint8Array(await settledSoon(response.arrayBuffer(), "reading the answer"));
  return { bytes: body.byteLength, closes: new TextDecoder().decode(body.subarray(-2)) === '"}' };
}

for (const declared of [true, false]) {
  Deno.test(`keepResponse() leaves a 30 MB streamed answer ${declared ? "that says its length" : "of unknown length"} unread, and it is served whole`, async () => {
    const size = 30 * 1024 * 1024;
    const { stream, source } = streamedJson(size);
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (declared) headers["Content-Length"] = String(size);
    const answer = new Response(stream, { headers });
    const kept = await settledSoon(keepResponse(answer, KEEP_LIMIT), "keeping the answer");
    assert.equal(kept, undefined, "too large or unmeasured: served once only");
    assert.equal(source.pulled, 0, "not a byte of it was read or buffered");
    assert.deepEqual(await readWhole(answer), { bytes: size, closes: true });
  });
}

Deno.test("keepResponse() gives up on a stream longer than it said without holding up the answer", async () => {
  const size = 2 * 1024 * 1024;
  const { stream } = streamedJson(size);
  const answer = new Response(stream, { headers: { "Content-Length": "100" } });
  assert.equal(await settledSoon(keepResponse(answer, KEEP_LIMIT), "keeping the answer"), undefined);
  assert.deepEqual(await readWhole(answer), { bytes: size, closes: true });
});

Deno.test("keepResponse() keeps a small answer that says its length, and revivedResponse() gives it back the same", async () => {
  const body = new TextEncoder().encode(JSON.stringify({ global: { p50: 1 }, requestId: "r1" }));
  const answer = new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "application/json",
      "Content-Length": String(body.byteLength),
      "X-Request-Id": "r1",
      "Payment-Response": "per exchange",
    },
  });
  const kept = await keepResponse(answer, KEEP_LIMIT);
  assert.ok(kept);
  const revived = revivedResponse(kept);
  assert.equal(revived.status, 200);
  assert.equal(revived.headers.get("content-type"), "application/json");
  assert.equal(revived.headers.get("x-request-id"), null, "per-exchange headers are not kept");
  assert.equal(revived.headers.get("payment-response"), null);
  assert.deepEqual(new Uint8Array(await revived.arrayBuffer()), body);
  assert.deepEqual(new Uint8Array(await answer.arrayBuffer()), body, "the answer itself is still whole");

  const streamed = streamedJson(1000);
  const small = new Response(streamed.stream, { headers: { "Content-Length": "1000" } });
  const keptStream = await keepResponse(small, KEEP_LIMIT);
  assert.ok(keptStream, "a small streamed answer that says its length is kept");
  assert.equal((await revivedResponse(keptStream).arrayBuffer()).byteLength, 1000);
  assert.deepEqual(await readWhole(small), { bytes: 1000, closes: true });
  const exact = new Response(body, { headers: { "Content-Length": String(body.byteLength) } });
  assert.equal(await keepResponse(exact, body.byteLength), undefined, "its status and headers count too");
});

Deno.test("an answer made from bytes in hand is kept from those bytes, its body left unread for its reader", async () => {
  const bytes = new TextEncoder().encode('{"paid":true}');
  const response = answerOfBytes(
    new Response(bytes, { headers: { "content-type": "application/json", "content-length": "13" } }),
    bytes,
  );
  const kept = await keepResponse(response, KEEP_LIMIT);
  assert.ok(kept);
  assert.equal(response.bodyUsed, false);
  assert.equal(await response.text(), '{"paid":true}', "the answer itself is served whole");
  const revived = revivedResponse(kept);
  assert.equal(await revived.text(), '{"paid":true}');
  assert.equal(revived.headers.get("content-type"), "application/json");
  const lying = answerOfBytes(new Response(bytes, { headers: { "content-length": "99" } }), bytes);
  assert.equal(
    await keepResponse(lying, KEEP_LIMIT),
    undefined,
    "a length that is not the bytes' is not kept",
  );
});

Deno.test("an answer sent from reused pieces is never kept, however large the bound: its body is not cloned", async () => {
  const { stream, source } = streamedJson(8 * CHUNK);
  const response = answerOfReusedPieces(
    new Response(stream, { headers: { "content-length": String(8 * CHUNK) } }),
  );
  // A clone's reader would hold the pieces for the answer's own branch while the ring is filled again.
  assert.equal(await keepResponse(response, 64 * 1024 * 1024), undefined);
  assert.equal(source.pulled, 0);
  assert.deepEqual(await readWhole(response), { bytes: 8 * CHUNK, closes: true });
});

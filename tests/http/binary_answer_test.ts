/**
 * A binary result over HTTP, paid end to end: the JSON answer is streamed from
 * the result's bytes yet is the JSON the envelope gives (fields in the schema's
 * order, then `requestId` and `timestamp`), its `Content-Length` exact; the raw
 * answer carries the same audio.
 */
import assert from "node:assert/strict";
import { wrapFetchWithPayment } from "@x402/fetch";
import operation from "../../routes/v1/audio/normalize.ts";
import { makeAudio } from "../_support/audio_material.ts";
import { fundedBuyer, startTestService } from "../_support/service.ts";

Deno.test("a normalised audio answer: streamed JSON in the envelope's shape, and the same bytes raw", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const { client } = await fundedBuyer(service, "1");
    const pay = wrapFetchWithPayment(fetch, client);
    const wav = await makeAudio("speech", { format: "wav", seconds: 4, gainDb: -8 });
    const call = (accept?: string) =>
      pay(`${service.base}/v1/audio/normalize?preset=broadcast`, {
        method: "POST",
        headers: { "Content-Type": "audio/wav", ...(accept ? { Accept: accept } : {}) },
        body: wav.slice() as Uint8Array<ArrayBuffer>,
      });

    const json = await call();
    const text = await json.text();
    assert.equal(json.status, 200, text.slice(0, 300));
    assert.equal(json.headers.get("content-type"), "application/json");
    assert.equal(Number(json.headers.get("content-length")), new TextEncoder().encode(text).length);
    assert.ok(json.headers.get("payment-response"));
    const body = JSON.parse(text);
    assert.deepEqual(Object.keys(body), [...Object.keys(operation.output.shape), "requestId", "timestamp"]);
    assert.equal(text, JSON.stringify(body), "no whitespace nor escapes beyond JSON.stringify's");
    assert.equal(operation.output.safeParse(body).success, true);

    const raw = await call("audio/*");
    const bytes = new Uint8Array(await raw.arrayBuffer());
    assert.equal(raw.status, 200);
    assert.equal(raw.headers.get("content-type"), "audio/wav");
    assert.equal(Number(raw.headers.get("content-length")), bytes.length);
    assert.equal(raw.headers.get("x-loudness-output-integrated"), String(body.output.integratedLufs));
    assert.deepEqual(bytes, Uint8Array.fromBase64(body.audio));
  } finally {
    await service.close();
  }
});

import assert from "node:assert/strict";
import type { PaymentRequired } from "@x402/core/types";
import { NotFoundError, UnavailableError } from "../../lib/shared/errors.ts";
import type { Logger } from "../../lib/shared/log.ts";
import { errorResult, outputResult, paymentRequiredResult } from "../../mcp/results.ts";
import { registry } from "../../app.ts";

const { operations } = registry;

function op(id: string) {
  const found = operations.find((operation) => operation.id === id);
  assert.ok(found, id);
  return found;
}

Deno.test("outputResult() gives structuredContent and the same JSON as text", () => {
  const output = { unit: "microLamportsPerComputeUnit", accounts: [], computeUnitLimit: null };
  const result = outputResult(op("chain_priority_fees"), output);
  assert.equal(result.isError, undefined);
  assert.deepEqual(result.structuredContent, output);
  assert.deepEqual(result.content, [{ type: "text", text: JSON.stringify(output) }]);
});

Deno.test("outputResult() sends a binary audio output as an audio block and keeps it out of the text", () => {
  const audio = new Uint8Array(3000).fill(7).toBase64();
  const output = { audio, mimeType: "audio/flac", format: "flac", gainDb: -3.5 };
  const result = outputResult(op("normalize_audio"), output);
  assert.deepEqual(result.structuredContent, output);
  assert.deepEqual(result.content[1], { type: "audio", data: audio, mimeType: "audio/flac" });
  const text = JSON.parse((result.content[0] as { text: string }).text);
  assert.deepEqual({ ...text, audio }, output);
  assert.match(text.audio, /audio content block/);
});

Deno.test("paymentRequiredResult() puts the requirement in structuredContent and in the x402/error text", () => {
  const required = {
    x402Version: 2,
    error: "Settlement failed: nonce used",
    resource: {
      url: "http://127.0.0.1/mcp#chain_priority_fees",
      description: "d",
      mimeType: "application/json",
    },
    accepts: [],
  } as unknown as PaymentRequired;
  const settlement = {
    success: false,
    errorReason: "nonce used",
    transaction: "",
    network: "eip155:84532",
  } as const;
  const result = paymentRequiredResult(required, settlement);
  assert.equal(result.isError, true);
  assert.deepEqual(result.structuredContent, required);
  assert.deepEqual(JSON.parse((result.content[0] as { text: string }).text), {
    "x402/error": { code: 402, message: "Settlement failed: nonce used", data: required },
  });
  assert.deepEqual(result._meta, { "x402/payment-response": settlement });
  assert.equal(paymentRequiredResult(required)._meta, undefined);
});

Deno.test("errorResult() keeps service error messages, adds retry hints, and hides unexpected ones", () => {
  const events: Record<string, unknown>[] = [];
  const log: Logger = (event) => events.push(event);
  const notFound = errorResult(new NotFoundError('Transaction "abc" not found'), log, {});
  assert.deepEqual(notFound, {
    isError: true,
    content: [{ type: "text", text: 'Transaction "abc" not found' }],
  });
  const busy = errorResult(new UnavailableError("Busy: try again", { retryAfterSeconds: 2 }), log, {});
  assert.equal((busy.content[0] as { text: string }).text, "Busy: try again (retry after 2 s)");
  assert.equal(events.length, 0);
  const hidden = errorResult(new TypeError("secret detail"), log, { tool: "t" });
  assert.equal(
    (hidden.content[0] as { text: string }).text,
    "Internal error: the tool call could not be completed",
  );
  assert.equal(events.length, 1);
  assert.match(String(events[0]!.error), /secret detail/);
});

import assert from "node:assert/strict";
import { z } from "zod";
import { InvalidInputError, UpstreamTimeoutError } from "../../../lib/shared/errors.ts";
import {
  type AnyOperation,
  decodeBinaryInput,
  defineOperation,
  runOperation,
} from "../../../lib/operation/mod.ts";
import type { Services } from "../../../lib/server/services.ts";

const upload = defineOperation({
  id: "upload_test",
  title: "Upload",
  summary: "s",
  description: "d",
  method: "POST",
  price: "$0.001",
  alt: false,
  guide: "g",
  input: z.object({ file: z.string(), name: z.string() }),
  output: z.object({ size: z.number() }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  binary: { field: "file" as const, mediaTypes: ["application/octet-stream"] },
  handler: (input) => Promise.resolve({ size: input.file.byteLength }),
}) as unknown as AnyOperation;

Deno.test("decodeBinaryInput() decodes standard and URL-safe base64 into bytes, leaving other fields", () => {
  const bytes = new Uint8Array([0xfb, 0xff, 0xfe, 0x01]);
  for (const file of [bytes.toBase64(), bytes.toBase64({ alphabet: "base64url", omitPadding: true })]) {
    const input = decodeBinaryInput(upload, { file, name: "a.bin" });
    assert.deepEqual(input, { file: bytes, name: "a.bin" });
  }
});

Deno.test("decodeBinaryInput() refuses a value that is not base64, naming the field", () => {
  assert.throws(
    () => decodeBinaryInput(upload, { file: "not base64!", name: "a" }),
    (error) =>
      error instanceof InvalidInputError && error.message === 'Invalid input: "file": not valid base64',
  );
});

Deno.test("decodeBinaryInput() returns the input of an operation without binary input as it is", () => {
  const plain = { ...upload, binary: undefined } as AnyOperation;
  const input = { file: "not base64!" };
  assert.equal(decodeBinaryInput(plain, input), input);
});

Deno.test("runOperation() ends work that ignores its signal at the time budget, so it is never served late", async () => {
  let finish!: () => void;
  const stuck = new Promise<void>((resolve) => finish = resolve);
  const slow = {
    ...upload,
    handler: async () => {
      await stuck;
      return { size: 1 };
    },
  } as AnyOperation;
  // The budget's timer does not hold the event loop open; a server's listener does, here a timer.
  const keepAlive = setTimeout(() => {}, 60_000);
  try {
    await assert.rejects(
      runOperation(slow, {}, {
        requestId: "r",
        signal: new AbortController().signal,
        services: {} as Services,
        timeoutMs: 50,
      }),
      (error) => error instanceof UpstreamTimeoutError && /50 ms budget/.test(error.message),
    );
  } finally {
    clearTimeout(keepAlive);
    finish();
  }
});

Deno.test("runOperation() checks a frozen output against its schema once, any other on every call", async () => {
  let checks = 0;
  const counted = z.object({ size: z.number() }).refine(() => ++checks > 0);
  let handed: object = {};
  const operation = { ...upload, output: counted, handler: () => Promise.resolve(handed) } as AnyOperation;
  const run = (output: object) => {
    handed = output;
    return runOperation(operation, {}, {
      requestId: "r",
      signal: new AbortController().signal,
      services: {} as Services,
      timeoutMs: 1_000,
    });
  };
  const kept = Object.freeze({ size: 1 });
  assert.equal(await run(kept), kept);
  assert.equal(await run(kept), kept);
  assert.equal(checks, 1, "a frozen output handed out again is not checked again");
  const fresh = { size: 2 };
  await run(fresh);
  await run(fresh);
  assert.equal(checks, 3, "an output that can change is checked each time");
  const broken = Object.freeze({ size: "one" });
  for (let i = 0; i < 2; i++) {
    await assert.rejects(run(broken), /breaks its schema/, "nor is a refused one remembered");
  }
});

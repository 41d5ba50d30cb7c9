import assert from "node:assert/strict";
import { z } from "zod";
import { InvalidInputError } from "../../lib/errors.ts";
import { type AnyOperation, decodeBinaryInput, defineOperation } from "../../lib/operation.ts";

const upload = defineOperation({
  id: "upload_test",
  title: "Upload",
  summary: "s",
  description: "d",
  method: "POST",
  path: "/v1/upload",
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

import assert from "node:assert/strict";
import { checkPdfBytes, hasPdfHeader } from "../../../lib/pdf/check.ts";
import { InvalidInputError, PayloadTooLargeError } from "../../../lib/shared/errors.ts";

const header = new TextEncoder().encode("%PDF-1.7\n");

/** `header` after `junk` bytes of spaces. */
function after(junk: number): Uint8Array {
  const bytes = new Uint8Array(junk + header.length).fill(0x20);
  bytes.set(header, junk);
  return bytes;
}

Deno.test("hasPdfHeader() finds %PDF- within the first 1,024 bytes and not past them", () => {
  assert.equal(hasPdfHeader(after(0)), true);
  assert.equal(hasPdfHeader(after(1024)), true);
  assert.equal(hasPdfHeader(after(1025)), false);
  assert.equal(hasPdfHeader(header.subarray(0, 4)), false);
});

Deno.test("checkPdfBytes() refuses empty, oversized and headerless bytes with the service's errors", () => {
  const limits = { maxBytes: 64 };
  assert.throws(() => checkPdfBytes(new Uint8Array(), limits), InvalidInputError);
  assert.throws(() => checkPdfBytes(after(60), limits), PayloadTooLargeError);
  assert.throws(
    () => checkPdfBytes(new TextEncoder().encode("hello"), limits),
    /^InvalidInputError: Not a PDF/,
  );
  checkPdfBytes(after(10), limits);
});

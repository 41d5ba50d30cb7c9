/**
 * Pool messages: a single file travels in a buffer of its own that it fills
 * (so the worker can hand it to pdf.js without copying it again), several
 * byte arrays behind the JSON; the sender's bytes are left intact.
 */
import assert from "node:assert/strict";
import { pack, unpack } from "../../../lib/pdf/thread_messages.ts";

Deno.test("a single file is packed into a buffer of its own, which it fills", () => {
  const file = new Uint8Array([37, 80, 68, 70, 45, 49]);
  const packed = pack({ type: "open" }, file);
  assert.equal(packed.length, 2);
  const { message, bytes } = unpack<{ type: string }>(structuredClone(packed, { transfer: packed }));
  assert.deepEqual(message, { type: "open" });
  assert.deepEqual([...bytes], [...file]);
  assert.equal(bytes.byteLength, bytes.buffer.byteLength);
  assert.equal(file.byteLength, 6, "the sender's bytes are left intact");
});

Deno.test("several byte arrays go one after another behind the JSON", () => {
  const packed = pack({ lengths: [2, 1] }, [new Uint8Array([1, 2]), new Uint8Array([3])]);
  assert.equal(packed.length, 1);
  const { message, bytes } = unpack<{ lengths: number[] }>(packed);
  assert.deepEqual(message, { lengths: [2, 1] });
  assert.deepEqual([...bytes], [1, 2, 3]);
  assert.deepEqual([...unpack(pack({ type: "close" })).bytes], []);
});

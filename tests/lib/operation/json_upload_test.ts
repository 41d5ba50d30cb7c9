/**
 * A JSON body with a file in base64, read as it arrives: the decoded file and
 * the other fields equal what `JSON.parse` and a base64 decoder give, with a
 * `Content-Length` or chunked in uneven pieces, at sizes around the scratch
 * buffer's; only the bytes asked for are kept; bad bodies are refused with
 * their reason.
 */
import assert from "node:assert/strict";
import { readJsonUpload } from "../../../lib/operation/json_upload.ts";
import { readBodyBytes } from "../../../lib/operation/body.ts";
import { InvalidInputError } from "../../../lib/shared/errors.ts";

/** Bytes that are not all alike, so a misplaced piece shows. */
function pattern(length: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length }, (_, i) => (i * 7919 + (i >> 10)) & 0xff);
}

/** A POST of `text`: with its `Content-Length`, or chunked in pieces of uneven sizes (no length). */
function post(text: string, chunked: boolean): Request {
  const bytes = new TextEncoder().encode(text);
  if (!chunked) {
    return new Request("http://localhost/", {
      method: "POST",
      body: bytes,
      headers: { "content-length": String(bytes.length) },
    });
  }
  let at = 0, step = 1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      step = (step * 7 + 13) % 90_001 + 1;
      controller.enqueue(bytes.slice(at, at += step));
      if (at >= bytes.length) controller.close();
    },
  });
  return new Request("http://localhost/", { method: "POST", body, duplex: "half" } as RequestInit);
}

const SIZES = [0, 1, 2, 3, 196_607, 196_608, 196_609, 1_000_003];

for (const chunked of [false, true]) {
  const how = chunked ? "chunked" : "with its Content-Length";

  Deno.test(`a JSON upload sent ${how} decodes to the file, the other fields parsed`, async () => {
    for (const length of SIZES) {
      const file = pattern(length);
      const text = JSON.stringify({ preset: "podcast", audio: file.toBase64(), i: -16 });
      const read = await readJsonUpload(post(text, chunked), 10_000_000, "audio");
      assert.deepStrictEqual(read.body, { preset: "podcast", i: -16 }, `${length} bytes`);
      assert.deepStrictEqual(read.bytes, file, `${length} bytes`);
      assert.strictEqual(read.totalBytes, length);
    }
  });

  Deno.test(`a JSON upload sent ${how} is read as JSON.parse and base64 would read it`, async () => {
    const file = pattern(300_001);
    const wrapped = file.toBase64().replace(/(.{76})/g, "$1\n");
    const forms = [
      // Slashes escaped (as some encoders write them), lines of 76 characters, the URL-safe alphabet.
      JSON.stringify({ audio: wrapped }).replaceAll("/", "\\/"),
      JSON.stringify({ audio: file.toBase64({ alphabet: "base64url", omitPadding: true }) }),
      // The key inside a nested object and inside a string first: only the top-level one is the file.
      `{"x":{"audio":"AAAA"},"s":"\\"audio\\":\\"", "audio" : "${file.toBase64()}" }`,
    ];
    for (const text of forms) {
      const read = await readJsonUpload(post(text, chunked), 10_000_000, "audio");
      assert.deepStrictEqual(read.bytes, file, text.slice(0, 40));
      const { audio: _, ...rest } = JSON.parse(text);
      assert.deepStrictEqual(read.body, rest);
    }
  });

  Deno.test(`a JSON upload sent ${how} keeps only the bytes asked for, and counts the rest`, async () => {
    const file = pattern(2_000_000);
    const read = await readJsonUpload(
      post(JSON.stringify({ audio: file.toBase64() }), chunked),
      10_000_000,
      "audio",
      1_000_000,
    );
    assert.strictEqual(read.totalBytes, file.length);
    assert.ok(read.bytes!.length >= 1_000_000 && read.bytes!.length < file.length);
    assert.deepStrictEqual(read.bytes, file.subarray(0, read.bytes!.length));
  });

  Deno.test(`a bad JSON upload sent ${how} is refused with the reason`, async () => {
    const refusals: [string, RegExp][] = [
      [`{"audio":"AA*A"}`, /"audio": not valid base64/],
      [`{"audio":"AA+_"}`, /"audio": not valid base64/],
      [`{"audio":"AA==AAAA"}`, /"audio": not valid base64/],
      [`{"audio":"AA\\u0041A"}`, /"audio": not valid base64/],
      [`{"audio":"AAAA","audio":"AAAA"}`, /"audio" is given more than once/],
      [`{"audio":"AAAA"`, /Malformed JSON body/],
      [`{"audio":"AAAA",}`, /Malformed JSON body/],
      [`["audio"]`, /expected an object/],
      [``, /Missing JSON body/],
    ];
    for (const [text, reason] of refusals) {
      await assert.rejects(
        readJsonUpload(post(text, chunked), 10_000, "audio"),
        (error: Error) => error instanceof InvalidInputError && reason.test(error.message),
        text,
      );
    }
  });

  Deno.test(`a body sent ${how} is read whole, and refused past its cap`, async () => {
    const text = JSON.stringify({ audio: pattern(1_000_003).toBase64() });
    const bytes = await readBodyBytes(post(text, chunked), 10_000_000);
    assert.deepStrictEqual(bytes, new TextEncoder().encode(text));
    await assert.rejects(
      readBodyBytes(post(text, chunked), 1_000_000),
      /too large: the limit is 1000000 bytes/,
    );
    await assert.rejects(
      readJsonUpload(post(text, chunked), 1_000_000, "audio"),
      /the limit is 1000000 bytes/,
    );
  });
}

Deno.test("a JSON body without the file's field as a string is parsed as it is", async () => {
  const read = await readJsonUpload(post(`{"preset":"podcast","audio":12}`, false), 10_000, "audio");
  assert.deepStrictEqual(read, { body: { preset: "podcast", audio: 12 } });
});

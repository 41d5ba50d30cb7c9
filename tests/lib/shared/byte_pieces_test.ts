/**
 * `eachPiece`: a child's stdout read through one scratch buffer gives every
 * byte in order, never an empty piece (a process that writes nothing gives
 * none, so a taker waiting on a first piece cannot wait on the end), and
 * other streams piece by piece.
 *
 * @module
 */
import assert from "node:assert/strict";
import { eachPiece, scratchFor } from "../../../lib/shared/byte_pieces.ts";
import { readBodyBytes } from "../../../lib/operation/body.ts";

/** Every piece `cat` gives back of `input`, as the taker saw it (copied), and the buffers they were views of. */
async function throughCat(input: Uint8Array) {
  const child = new Deno.Command("cat", { stdin: "piped", stdout: "piped" }).spawn();
  const writer = child.stdin.getWriter();
  const written = writer.write(input).then(() => writer.close());
  const pieces: Uint8Array[] = [];
  const buffers = new Set<number>();
  await eachPiece(child.stdout, async (piece) => {
    pieces.push(piece.slice());
    buffers.add(piece.buffer.byteLength);
    await Promise.resolve(); // a taker that waits holds the next read back
  });
  await Promise.all([written, child.status]);
  return { pieces, buffers };
}

Deno.test("eachPiece() reads a child's stdout through one scratch buffer, every byte in order", async () => {
  const input = new Uint8Array(3 * 1024 * 1024 + 7).map((_, i) => (i * 31) & 0xff);
  const { pieces, buffers } = await throughCat(input);
  const joined = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) joined.set(piece, (at += piece.length) - piece.length);
  assert.deepEqual(joined, input);
  assert.ok(pieces.every((piece) => piece.length > 0), "no empty piece");
  assert.deepEqual([...buffers], [256 * 1024], "every piece is a view of the one scratch buffer");
});

Deno.test("eachPiece() gives no piece for a stream that ends empty", async () => {
  const { pieces } = await throughCat(new Uint8Array());
  assert.equal(pieces.length, 0);
});

Deno.test("eachPiece() takes any other stream piece by piece", async () => {
  const seen: string[] = [];
  const stream = ReadableStream.from([new Uint8Array([1, 2]), new Uint8Array([3])]);
  await eachPiece(stream, (piece) => void seen.push(piece.join()));
  assert.deepEqual(seen, ["1,2", "3"]);
});

Deno.test("scratchFor(): a short body's own size and a byte, at most 256 KiB; unknown lengths get the whole", () => {
  assert.equal(scratchFor(120), 121);
  assert.equal(scratchFor(0), 1);
  assert.equal(scratchFor(10 * 1024 * 1024), 256 * 1024);
  assert.equal(scratchFor(Number.NaN), 256 * 1024);
});

Deno.test("a body read through a scratch of its declared size: every byte, and nothing past its declared length", async () => {
  const served = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    try {
      return new Response(new TextDecoder().decode(await readBodyBytes(request, 1024)));
    } catch (error) {
      return new Response(String(error), { status: 400 });
    }
  });
  try {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "getLatestBlockhash", params: [] });
    const answer = await fetch(`http://127.0.0.1:${served.addr.port}`, { method: "POST", body });
    assert.equal(await answer.text(), body);
    // A client claiming fewer bytes than it sends: a raw request, since fetch sets the length itself.
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: served.addr.port });
    await conn.write(new TextEncoder().encode(
      "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nConnection: close\r\n\r\n12345",
    ));
    const reply = new TextDecoder().decode(await new Response(conn.readable).arrayBuffer());
    assert.match(reply, /^HTTP\/1\.1 200/);
    assert.match(reply, /\r\n\r\n1234$/, "the body ends at its declared length");
  } finally {
    await served.shutdown();
  }
});

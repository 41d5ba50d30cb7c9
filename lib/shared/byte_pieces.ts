/**
 * Reading a byte stream without leaving a buffer behind for every piece: a
 * stream that lets the reader supply the buffer (a request body, a child
 * process's stdout) is read into one scratch buffer again and again. Read
 * the ordinary way, each piece is a fresh allocation, and a long stream (a
 * decoded programme through a pipe, tens of bytes for each byte uploaded)
 * leaves the collector that much to take before the memory comes back.
 *
 * @module
 */

/** The buffer a byte stream is read into, piece by piece, at most. */
const SCRATCH_BYTES = 256 * 1024;

/**
 * A request body declared (by its `Content-Length`) this short or shorter is
 * read whole, not piece by piece: a JSON-RPC call, a paid operation's JSON
 * input. Below every route's cap (64 KiB by default), so no route refuses one
 * by its length before it is read. Setting up a stream reader for such a body
 * cost more than the rest of the request (0.3–0.4 ms of the server's CPU per
 * JSON-RPC call, against 0.07 ms for the whole call on a bare Hono app).
 */
export const WHOLE_BODY_BYTES = 16 * 1024;

/**
 * The scratch buffer's size for a stream of `expectedBytes` (a request's
 * `Content-Length`): one byte more, so that a longer stream is still seen to
 * be, and never above {@linkcode SCRATCH_BYTES}. A small JSON body (a
 * JSON-RPC call, a paid operation's input) is then read into a buffer of its
 * own size, not a zeroed 256 KiB one made and dropped for every request.
 */
export function scratchFor(expectedBytes: number): number {
  return Number.isInteger(expectedBytes) && expectedBytes >= 0
    ? Math.min(SCRATCH_BYTES, expectedBytes + 1)
    : SCRATCH_BYTES;
}

/**
 * Hands each piece of `stream` to `take` (never an empty one), in order, waiting for what `take`
 * returns before reading on; a piece is only valid during the call (a taker
 * that keeps one copies it). A byte stream is read into one scratch buffer
 * again and again (nothing is left for the collector, and the runtime is
 * never handed a view larger than the scratch: given the rest of a large
 * buffer to fill, it reads into a temporary of that size); any other stream
 * piece by piece. `scratchBytes` (at most 256 KiB) sizes the scratch for a
 * stream known to be short: see {@linkcode scratchFor}.
 */
export async function eachPiece(
  stream: ReadableStream<Uint8Array>,
  take: (piece: Uint8Array) => void | Promise<void>,
  scratchBytes: number = SCRATCH_BYTES,
): Promise<void> {
  const reader = byobReader(stream);
  if (!reader) {
    for await (const chunk of stream) await take(chunk);
    return;
  }
  let scratch = new Uint8Array(Math.max(1, Math.min(scratchBytes, SCRATCH_BYTES)));
  while (true) {
    const { value, done } = await reader.read(scratch);
    if (value) {
      // The last read may hand back an empty view: no piece, and nothing to wait for.
      if (value.byteLength) await take(value);
      scratch = new Uint8Array(value.buffer as ArrayBuffer);
    }
    if (done) return;
  }
}

/** A reader that fills the caller's buffers, when `stream` is a byte stream. */
function byobReader(stream: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | undefined {
  try {
    return stream.getReader({ mode: "byob" });
  } catch {
    return undefined;
  }
}

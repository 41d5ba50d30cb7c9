/**
 * The buffers a large answer is sent from, reused: a ring of a few megabytes
 * handed out a piece at a time, so that sending an answer leaves nothing per
 * byte for the collector. Each piece handed to the runtime as a response body
 * chunk used to be a fresh buffer, and V8 collects those only once some 64 MB
 * of new `ArrayBuffer` memory has accrued: an answer under that size left its
 * whole size behind as garbage, more than the upload it was made from.
 *
 * The runtime gives no sign of when it has written a chunk (it holds the
 * buffer itself, not a copy, until the connection has taken it), so a piece
 * is handed out again only after the whole ring has been handed out since.
 * Measured on Deno 2.9.6 (`tests/lib/shared/send_ring_test.ts`), the runtime
 * holds up to about 0.6 MB of 64 KB pieces past the one it asks for (HTTP/2
 * to a reader slower than the sender; HTTP/1.1 about 0.25 MB): the ring is
 * several times that. A reader that keeps pieces (collects the stream, or a
 * `tee` whose other branch waits) must not be handed them: only a stream sent
 * to a connection as it is read asks for reused pieces.
 *
 * @module
 */

/** Bytes of the ring one answer is sent from. */
export const SEND_RING_BYTES = 4 * 1024 * 1024;

/** The largest piece handed out at once (a chunk larger than this is sent as several). */
export const SEND_PIECE_BYTES = 64 * 1024;

/** Hands out pieces to fill and send. */
export interface SendPieces {
  /** A piece of `length` bytes (at most {@linkcode SEND_PIECE_BYTES}), for the caller to fill and hand on. */
  take(length: number): Uint8Array;
}

/** Whether an answer of `byteLength` bytes is sent from reused pieces (the ring is worth it only past its size). */
export function reusesPieces(byteLength: number): boolean {
  return byteLength > SEND_RING_BYTES;
}

/**
 * Pieces for an answer of `byteLength` bytes: from a ring of
 * {@linkcode SEND_RING_BYTES} when the answer is larger (a piece is handed
 * out again only once the whole ring has been since), fresh otherwise (what
 * a smaller answer leaves the collector is bounded by the ring's size anyway).
 */
export function sendPieces(byteLength: number): SendPieces {
  if (!reusesPieces(byteLength)) return { take: (length) => new Uint8Array(length) };
  let ring: Uint8Array | undefined;
  let at = 0;
  return {
    take(length) {
      if (length > SEND_PIECE_BYTES) throw new RangeError(`A piece is at most ${SEND_PIECE_BYTES} bytes`);
      ring ??= new Uint8Array(SEND_RING_BYTES);
      if (at + length > ring.length) at = 0;
      at += length;
      return ring.subarray(at - length, at);
    },
  };
}

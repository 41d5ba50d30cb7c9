/**
 * What a handler may put in its binary output field besides base64: the
 * bytes, or a stream of them with its length known. Its own module, so that
 * the declaration of an operation and the writers of its answer share it.
 *
 * @module
 */

/** A binary result not held whole: its length, and its bytes made as they are read (once). */
export interface BinaryStream {
  readonly byteLength: number;
  /**
   * The bytes. With `reusePieces`, a large result may hand out pieces of a
   * ring filled again (`lib/shared/send_ring.ts`): only for a reader that
   * sends or copies each piece as it reads it, never one that keeps them.
   */
  stream(options?: { reusePieces?: boolean | undefined }): ReadableStream<Uint8Array>;
}

/** A binary result, held or streamed. */
export type BinaryValue = Uint8Array | BinaryStream;

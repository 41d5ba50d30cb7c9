/**
 * A binary result (audio) kept as bytes until it is answered: a handler may
 * return the bytes in its binary output field, and each transport writes them
 * its own way — raw bytes, base64 streamed into a JSON body a slice at a time,
 * or one base64 string where MCP needs it. The normalised audio is then never
 * held as a base64 string, nor that string's JSON, nor that JSON's bytes, next
 * to the bytes themselves. A handler may also return a {@linkcode BinaryStream}
 * (its length known, its bytes made as they are read): then the bytes are not
 * held at all over HTTP, and MCP collects them.
 *
 * @module
 */
import type { AnyOperation } from "./define.ts";
import type { BinaryStream, BinaryValue } from "./binary_value.ts";
import { SEND_PIECE_BYTES, sendPieces } from "../shared/send_ring.ts";

export type { BinaryStream, BinaryValue };

/** What these helpers read of an operation. */
type WithBinaryOutput = Pick<AnyOperation, "binaryOutput">;

/**
 * Input bytes per base64 slice of a streamed body: a multiple of 3, so the
 * slices join without padding, and its base64 one piece of the ring it is
 * sent from (see `send_ring.ts`; the slice's base64 string is small enough to
 * die young).
 */
const SLICE_BYTES = (SEND_PIECE_BYTES / 4) * 3;

function isBinaryStream(value: unknown): value is BinaryStream {
  return typeof value === "object" && value !== null &&
    typeof (value as BinaryStream).stream === "function" &&
    typeof (value as BinaryStream).byteLength === "number";
}

/** The bytes (or their stream) in `output`'s binary field, when the operation has one and returned them there. */
export function binaryBytes(
  operation: WithBinaryOutput,
  output: Record<string, unknown>,
): BinaryValue | undefined {
  const field = operation.binaryOutput?.field;
  const value = field === undefined ? undefined : output[field];
  return value instanceof Uint8Array || isBinaryStream(value) ? value : undefined;
}

/** `output` with its binary field as base64, as the output schema describes it (for MCP). */
export async function withBase64(
  operation: WithBinaryOutput,
  output: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const value = binaryBytes(operation, output);
  if (!value) return output;
  const bytes = value instanceof Uint8Array
    ? value
    : new Uint8Array(await new Response(value.stream()).arrayBuffer());
  return { ...output, [operation.binaryOutput!.field]: bytes.toBase64() };
}

/** The binary field's bytes, decoded from base64 when the handler returned a string. */
export function binaryField(operation: WithBinaryOutput, output: Record<string, unknown>): BinaryValue {
  return binaryBytes(operation, output) ??
    Uint8Array.fromBase64(String(output[operation.binaryOutput!.field]));
}

/**
 * `value` as a stream of slices, so the runtime copies one slice at a time
 * into the connection rather than the whole file at once; a stream's pieces
 * may be a ring's, filled again (see `send_ring.ts`): for a response body
 * only, sent as it is read.
 */
export function streamBytes(value: BinaryValue): ReadableStream<Uint8Array> {
  if (!(value instanceof Uint8Array)) return value.stream({ reusePieces: true });
  const bytes = value;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const slice = bytes.subarray(offset, offset + SLICE_BYTES);
      offset += slice.length;
      if (slice.length) controller.enqueue(slice);
      if (offset >= bytes.length) controller.close();
    },
  });
}

/** A JSON body streamed from parts, with its length known before the first byte. */
export interface JsonBody {
  stream: ReadableStream<Uint8Array>;
  /** Its length in bytes. */
  length: number;
}

/**
 * Slices of `value` of {@linkcode SLICE_BYTES} (the last may be shorter), so
 * that their base64 joins without padding: a held array is cut in views, a
 * stream regrouped into one slice filled again and again (each is read
 * before the next is asked for).
 */
async function* slicesOf(value: BinaryValue): AsyncGenerator<Uint8Array> {
  if (value instanceof Uint8Array) {
    for (let at = 0; at < value.length; at += SLICE_BYTES) yield value.subarray(at, at + SLICE_BYTES);
    return;
  }
  const slice = new Uint8Array(SLICE_BYTES);
  let filled = 0;
  // Each piece is copied into the slice before the next is read: the stream may reuse its pieces.
  for await (let chunk of value.stream({ reusePieces: true })) {
    while (chunk.length) {
      const taken = Math.min(chunk.length, SLICE_BYTES - filled);
      slice.set(chunk.subarray(0, taken), filled);
      filled += taken;
      chunk = chunk.subarray(taken);
      if (filled < SLICE_BYTES) continue;
      // Read at once (encoded to base64) before the next is asked for: the one slice is filled again.
      yield slice;
      filled = 0;
    }
  }
  if (filled) yield slice.subarray(0, filled);
}

/**
 * `body` as JSON bytes, identical to `JSON.stringify(body)` with the bytes in
 * `field` written as base64: the other fields are serialised once, and the
 * base64 is encoded a slice at a time as the stream is read, into pieces of a
 * ring filled again when the answer is large (see `send_ring.ts`): the
 * stream is a response body only, sent as it is read.
 */
export function streamJson(body: Record<string, unknown>, field: string, value: BinaryValue): JsonBody {
  // A base64 string needs no escaping in JSON: the marker's place is where the quoted base64 goes.
  const marker = `\u0000${crypto.randomUUID()}`;
  const text = JSON.stringify({ ...body, [field]: marker });
  const quoted = JSON.stringify(marker);
  const at = text.indexOf(quoted);
  const encoder = new TextEncoder();
  const head = encoder.encode(text.slice(0, at + 1));
  const tail = encoder.encode(text.slice(at + quoted.length - 1));
  const base64Length = Math.ceil(value.byteLength / 3) * 4;
  const slices = slicesOf(value);
  const pieces = sendPieces(base64Length);
  let sentHead = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentHead) {
        sentHead = true;
        return controller.enqueue(head);
      }
      const { value: slice, done } = await slices.next();
      if (!done) {
        const piece = pieces.take(Math.ceil(slice.length / 3) * 4);
        encoder.encodeInto(slice.toBase64(), piece);
        return controller.enqueue(piece);
      }
      controller.enqueue(tail);
      controller.close();
    },
    async cancel() {
      await slices.return(undefined);
    },
  });
  return { stream, length: head.length + base64Length + tail.length };
}

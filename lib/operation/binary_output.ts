/**
 * A binary result (audio) kept as bytes until it is answered: a handler may
 * return the bytes in its binary output field, and each transport writes them
 * its own way — raw bytes, base64 streamed into a JSON body a slice at a time,
 * or one base64 string where MCP needs it. The normalised audio is then never
 * held as a base64 string, nor that string's JSON, nor that JSON's bytes, next
 * to the bytes themselves.
 *
 * @module
 */
import type { AnyOperation } from "./define.ts";

/** What these helpers read of an operation. */
type WithBinaryOutput = Pick<AnyOperation, "binaryOutput">;

/** Input bytes per base64 slice of a streamed body: a multiple of 3, so the slices join without padding. */
const SLICE_BYTES = 3 * 256 * 1024;

/** The bytes in `output`'s binary field, when the operation has one and returned bytes there. */
export function binaryBytes(
  operation: WithBinaryOutput,
  output: Record<string, unknown>,
): Uint8Array | undefined {
  const field = operation.binaryOutput?.field;
  const value = field === undefined ? undefined : output[field];
  return value instanceof Uint8Array ? value : undefined;
}

/** `output` with its binary field as base64, as the output schema describes it (for MCP). */
export function withBase64(
  operation: WithBinaryOutput,
  output: Record<string, unknown>,
): Record<string, unknown> {
  const bytes = binaryBytes(operation, output);
  return bytes ? { ...output, [operation.binaryOutput!.field]: bytes.toBase64() } : output;
}

/** The binary field's bytes, decoded from base64 when the handler returned a string. */
export function binaryField(operation: WithBinaryOutput, output: Record<string, unknown>): Uint8Array {
  return binaryBytes(operation, output) ??
    Uint8Array.fromBase64(String(output[operation.binaryOutput!.field]));
}

/**
 * `bytes` as a stream of slices, so the runtime copies one slice at a time
 * into the connection rather than the whole file at once.
 */
export function streamBytes(bytes: Uint8Array): ReadableStream<Uint8Array> {
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
 * `body` as JSON bytes, identical to `JSON.stringify(body)` with the bytes in
 * `field` written as base64: the other fields are serialised once, and the
 * base64 is encoded a slice at a time as the stream is read.
 */
export function streamJson(body: Record<string, unknown>, field: string, bytes: Uint8Array): JsonBody {
  // A base64 string needs no escaping in JSON: the marker's place is where the quoted base64 goes.
  const marker = `\u0000${crypto.randomUUID()}`;
  const text = JSON.stringify({ ...body, [field]: marker });
  const quoted = JSON.stringify(marker);
  const at = text.indexOf(quoted);
  const encoder = new TextEncoder();
  const head = encoder.encode(text.slice(0, at + 1));
  const tail = encoder.encode(text.slice(at + quoted.length - 1));
  const base64Length = Math.ceil(bytes.length / 3) * 4;
  let offset = 0;
  let sentHead = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sentHead) {
        sentHead = true;
        controller.enqueue(head);
      } else if (offset < bytes.length) {
        const slice = bytes.subarray(offset, offset + SLICE_BYTES);
        offset += slice.length;
        controller.enqueue(encoder.encode(slice.toBase64()));
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
  return { stream, length: head.length + base64Length + tail.length };
}

/**
 * How pool messages cross threads. `node:worker_threads` (the only workers
 * with a heap ceiling here) clones typed arrays and object graphs slowly in
 * Deno (about 0.7 s for a 1 MB `Uint8Array`, 1.4 s for 100,000 small objects)
 * but moves a transferred `ArrayBuffer` in a millisecond. So each message is
 * handed over, not copied, as one or two buffers: the JSON of the message,
 * with raw bytes packed after it when they are several (encoded runs of
 * pages, one after another), and a single file (the PDF) in a buffer of its
 * own. A file whose view fills its buffer can be given to pdf.js as it is,
 * where bytes behind a message's JSON would be copied once more: for a
 * 100 MB scan that was a second 100 MB in the worker while it opened.
 *
 * Errors cross as their kind and message and are rebuilt as the service's
 * errors on the other side.
 *
 * @module
 */
import {
  InvalidInputError,
  PayloadTooLargeError,
  ServiceError,
  UnprocessableError,
  UpstreamTimeoutError,
} from "../shared/errors.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A packed message: the buffers to post and to transfer. */
export type Packed = ArrayBuffer[];

/**
 * Packs `message` (JSON-safe) and optional bytes into transferable buffers:
 * several arrays one after another behind the JSON, a single one copied into
 * a buffer of its own. The caller's bytes are left intact.
 */
export function pack(message: unknown, bytes?: Uint8Array | readonly Uint8Array[]): Packed {
  const json = encoder.encode(JSON.stringify(message));
  if (bytes instanceof Uint8Array) return [withLength(json, []), bytes.slice().buffer];
  return [withLength(json, bytes ?? [])];
}

/** The JSON's length, the JSON, then `parts` one after another, in one buffer. */
function withLength(json: Uint8Array, parts: readonly Uint8Array[]): ArrayBuffer {
  const out = new Uint8Array(4 + json.length + parts.reduce((n, part) => n + part.length, 0));
  new DataView(out.buffer).setUint32(0, json.length);
  out.set(json, 4);
  let at = 4 + json.length;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out.buffer;
}

/**
 * Packs `message` with `bytes` handed over rather than copied: their own
 * buffer goes when the view fills it (the caller's view is then empty), else
 * a copy of the view. For bytes sent to a thread and handed back, so the
 * process holds one copy while they are away.
 */
export function packMoving(message: unknown, bytes: Uint8Array): Packed {
  const json = encoder.encode(JSON.stringify(message));
  const own = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength;
  return [withLength(json, []), own ? bytes.buffer as ArrayBuffer : bytes.slice().buffer];
}

/**
 * Unpacks buffers made by {@linkcode pack}; `bytes` views them, without a
 * copy (a single file fills its own buffer).
 */
export function unpack<T>(packed: Packed): { message: T; bytes: Uint8Array } {
  const [buffer, file] = packed as [ArrayBuffer, ArrayBuffer?];
  const length = new DataView(buffer).getUint32(0);
  const message = JSON.parse(decoder.decode(new Uint8Array(buffer, 4, length))) as T;
  return { message, bytes: file ? new Uint8Array(file) : new Uint8Array(buffer, 4 + length) };
}

/** An error as it crosses threads. */
export interface ThreadFailure {
  kind?: ServiceError["kind"];
  message: string;
}

/** Describes an error for the thread that asked. */
export function describeFailure(error: unknown): ThreadFailure {
  if (error instanceof ServiceError) return { kind: error.kind, message: error.message };
  return { message: error instanceof Error ? error.message : String(error) };
}

/** Rebuilds an error described by {@linkcode describeFailure} as the service's error of the same kind. */
export function rebuildFailure(failure: ThreadFailure): Error {
  switch (failure.kind) {
    case "invalid_input":
      return new InvalidInputError(failure.message);
    case "payload_too_large":
      return new PayloadTooLargeError(failure.message);
    case "unprocessable":
      return new UnprocessableError(failure.message);
    case "upstream_timeout":
      return new UpstreamTimeoutError(failure.message);
    case undefined:
      return new Error(failure.message);
    default:
      return new ServiceError(failure.kind, failure.message);
  }
}

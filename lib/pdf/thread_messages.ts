/**
 * How pool messages cross threads. `node:worker_threads` (the only workers
 * with a heap ceiling here) clones typed arrays and object graphs slowly in
 * Deno (about 0.7 s for a 1 MB `Uint8Array`, 1.4 s for 100,000 small objects)
 * but moves a transferred `ArrayBuffer` in a millisecond. So each message is
 * one buffer, handed over rather than copied: the JSON of the message, then
 * optional raw bytes (the PDF, or encoded runs of pages one after another).
 *
 * @module
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Packs `message` (JSON-safe) and optional bytes (one array, or several one after another) into one transferable buffer. */
export function pack(message: unknown, bytes?: Uint8Array | readonly Uint8Array[]): ArrayBuffer {
  const json = encoder.encode(JSON.stringify(message));
  const parts = bytes === undefined ? [] : bytes instanceof Uint8Array ? [bytes] : bytes;
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

/** Unpacks a buffer made by {@linkcode pack}; `bytes` views the buffer, without a copy. */
export function unpack<T>(buffer: ArrayBuffer): { message: T; bytes: Uint8Array } {
  const length = new DataView(buffer).getUint32(0);
  const message = JSON.parse(decoder.decode(new Uint8Array(buffer, 4, length))) as T;
  return { message, bytes: new Uint8Array(buffer, 4 + length) };
}

/**
 * Request bodies read with a cap: the size is checked against
 * `Content-Length` first and again while the stream is read, so an oversized
 * upload is refused (413, naming the limit) without being held in memory.
 *
 * @module
 */
import { InvalidInputError, PayloadTooLargeError } from "../errors.ts";

/** Reads `request`'s body as bytes, refusing more than `maxBytes`. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const stream = request.body;
  if (!stream) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads a JSON object body of at most `maxBytes` (400 when missing, malformed or not an object). */
export async function readJsonObject(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const bytes = await readBodyBytes(request, maxBytes);
  if (bytes.byteLength === 0) throw new InvalidInputError("Missing JSON body: send a JSON object");
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new InvalidInputError("Malformed JSON body: it could not be parsed");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new InvalidInputError("Invalid JSON body: expected an object");
  }
  return body as Record<string, unknown>;
}

function tooLarge(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`Request body too large: the limit is ${maxBytes} bytes`, {
    details: { limitBytes: maxBytes },
  });
}

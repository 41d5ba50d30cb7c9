/**
 * A paid HTTP answer as bytes to keep with its settlement, and back: a buyer
 * who resends the payment (with its payment id, or after a settlement whose
 * outcome came late) gets the very answer it bought, status, headers and
 * body. Kept: one line of JSON (status and headers), then the body's bytes.
 *
 * Only an answer that says its length (`Content-Length`) within the bound is
 * read, from a clone (or, made from bytes in hand, copied from them); any other is served once only, never read here. The
 * clone of a streamed body shares its source with the answer (a tee), so
 * reading it can hold the answer's bytes in memory, and giving it up halfway
 * waits for the answer itself to be read, which happens only after
 * settlement: a large or unmeasured answer read here would wait forever.
 *
 * @module
 */

/** The bytes of answers made from bytes already in hand (see {@linkcode answerOfBytes}). */
const bodiesInHand = new WeakMap<Response, Uint8Array>();

/**
 * `response`, whose body is `bytes`, remembered as such: keeping it then
 * copies those bytes instead of reading a clone of its body.
 */
export function answerOfBytes(response: Response, bytes: Uint8Array): Response {
  bodiesInHand.set(response, bytes);
  return response;
}

/** Answers sent from pieces of a ring filled again (see `lib/shared/send_ring.ts`): never read here. */
const sentFromReusedPieces = new WeakSet<Response>();

/**
 * `response`, whose body hands out pieces of a ring filled again, remembered
 * as such: it is never kept, since a clone's reader here would hold those
 * pieces for the answer's own branch while the ring is filled again.
 */
export function answerOfReusedPieces(response: Response): Response {
  sentFromReusedPieces.add(response);
  return response;
}

/** Headers set per exchange, not part of the answer kept. */
const PER_EXCHANGE = new Set(["payment-response", "x-request-id", "date", "set-cookie"]);

/**
 * `response` as bytes to keep (read from a clone: the response itself is
 * served as it is), or `undefined` when it cannot be kept within `maxBytes`:
 * its length is not declared, or it is larger.
 */
export async function keepResponse(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  const headers = [...response.headers].filter(([name]) => !PER_EXCHANGE.has(name.toLowerCase()));
  const head = new TextEncoder().encode(JSON.stringify({ status: response.status, headers }) + "\n");
  // Bytes in hand are copied without asking for `body`: the runtime turns a body made from bytes into a
  // stream once it is asked for, and then sends it as a stream, at several times the cost.
  const inHand = bodiesInHand.get(response);
  if (sentFromReusedPieces.has(response)) return undefined;
  const declared = inHand || response.body ? declaredLength(response) : 0;
  if (declared === undefined || head.byteLength + declared > maxBytes) return undefined;
  const kept = new Uint8Array(head.byteLength + declared);
  kept.set(head);
  if (inHand) {
    if (inHand.byteLength !== declared) return undefined;
    kept.set(inHand, head.byteLength);
    return kept;
  }
  let at = head.byteLength;
  const reader = response.body ? response.clone().body!.getReader() : undefined;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.byteLength > kept.byteLength) {
      // Longer than it said: not kept. The clone is let go, not cancelled (see the module comment).
      reader.releaseLock();
      return undefined;
    }
    kept.set(value, at);
    at += value.byteLength;
  }
  return at === kept.byteLength ? kept : undefined;
}

/** The body length `response` declares, if it declares a valid one. */
function declaredLength(response: Response): number | undefined {
  const value = response.headers.get("content-length");
  if (value === null || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/** The response {@linkcode keepResponse} kept. */
export function revivedResponse(kept: Uint8Array): Response {
  const newline = kept.indexOf(0x0a);
  const { status, headers } = JSON.parse(new TextDecoder().decode(kept.subarray(0, newline)));
  return new Response(kept.slice(newline + 1), { status, headers });
}

/**
 * A paid HTTP answer as bytes to keep with its settlement, and back: a buyer
 * who resends the payment (with its payment id, or after a settlement whose
 * outcome came late) gets the very answer it bought, status, headers and
 * body. Kept: one line of JSON (status and headers), then the body's bytes.
 *
 * @module
 */

/** Headers set per exchange, not part of the answer kept. */
const PER_EXCHANGE = new Set(["payment-response", "x-request-id", "date", "set-cookie"]);

/**
 * `response` as bytes to keep (read from a clone: the response itself is
 * served as it is), or `undefined` when its body exceeds `maxBytes`.
 */
export async function keepResponse(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  const headers = [...response.headers].filter(([name]) => !PER_EXCHANGE.has(name.toLowerCase()));
  const head = new TextEncoder().encode(JSON.stringify({ status: response.status, headers }) + "\n");
  const parts: Uint8Array[] = [head];
  let size = head.byteLength;
  const reader = response.clone().body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    parts.push(value);
  }
  const kept = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    kept.set(part, at);
    at += part.byteLength;
  }
  return kept;
}

/** The response {@linkcode keepResponse} kept. */
export function revivedResponse(kept: Uint8Array): Response {
  const newline = kept.indexOf(0x0a);
  const { status, headers } = JSON.parse(new TextDecoder().decode(kept.subarray(0, newline)));
  return new Response(kept.slice(newline + 1), { status, headers });
}

/**
 * The envelope every JSON answer carries, whatever the transport or route.
 *
 * @module
 */
import { isoNow } from "../iso_now.ts";

/** `body` with the request's id and the time of the answer. */
export function withEnvelope<T extends object>(
  requestId: string,
  body: T,
): T & { requestId: string; timestamp: string } {
  return { ...body, requestId, timestamp: isoNow() };
}

/**
 * The envelope every JSON answer carries, whatever the transport or route.
 *
 * @module
 */
import { isoNow } from "../shared/iso_now.ts";

/** `body` with the request's id and the time of the answer. */
export function withEnvelope<T extends object>(
  requestId: string,
  body: T,
): T & { requestId: string; timestamp: string } {
  return { ...body, requestId, timestamp: isoNow() };
}

/**
 * The JSON text of a body serialized beforehand, without its closing brace
 * (`bodyStart`), with the envelope fields appended: the same text as
 * `JSON.stringify(withEnvelope(requestId, body))`, for answers whose body
 * does not change from one request to the next.
 */
export function envelopedJson(bodyStart: string, requestId: string): string {
  return `${bodyStart}${bodyStart.length > 1 ? "," : ""}"requestId":${
    JSON.stringify(requestId)
  },"timestamp":"${isoNow()}"}`;
}

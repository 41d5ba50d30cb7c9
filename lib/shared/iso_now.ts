/**
 * The current time as an ISO 8601 string, formatted once per millisecond:
 * every log line and JSON answer carries one, and under load many of them
 * fall within the same millisecond.
 *
 * @module
 */

let formattedAt = Number.NaN;
let formatted = "";

/** `new Date().toISOString()`, reusing the string already made within the same millisecond. */
export function isoNow(): string {
  const now = Date.now();
  if (now !== formattedAt) {
    formatted = new Date(now).toISOString();
    formattedAt = now;
  }
  return formatted;
}

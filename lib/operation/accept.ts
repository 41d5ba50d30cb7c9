/**
 * Content negotiation on an `Accept` header, for answers that can be JSON or
 * another media type (raw audio, an HTML guide).
 *
 * @module
 */

/** Whether `accept` prefers a type in `range` (e.g. `audio/*`) over JSON. */
export function prefersMedia(accept: string | undefined, range: string): boolean {
  if (!accept) return false;
  const prefix = range.endsWith("/*") ? range.slice(0, -1) : range;
  let best = 0;
  let json = 0;
  for (const part of accept.split(",")) {
    const [type = "", ...params] = part.trim().toLowerCase().split(";");
    const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith("q="))?.slice(2) ?? "1");
    if (type === "application/json") json = Math.max(json, q);
    else if (type.startsWith(prefix) || type === range) best = Math.max(best, q);
  }
  return best > 0 && best > json;
}

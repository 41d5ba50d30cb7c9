/**
 * Limits worded for people: the sizes and durations that error messages name.
 *
 * @module
 */

/** A duration limit for messages: `900` → `"15 min"`, `90` → `"90 s"`. */
export function formatSeconds(seconds: number): string {
  return seconds >= 120 && seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;
}

/** A size limit for messages: `52428800` → `"50 MB"`, `102400` → `"100 KB"`. */
export function formatBytes(bytes: number): string {
  return bytes >= 2 ** 20 ? `${Math.round(bytes / 2 ** 20)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Converts decoded on-chain values into JSON-safe values: u64 as decimal
 * strings, kit `Option`s as the value or `null`, maps as objects and bytes as
 * base64.
 *
 * @module
 */

/**
 * Makes a decoded value JSON-safe.
 *
 * @example
 * ```ts
 * toJsonValue({ amount: 5n, authority: { __option: "None" } }); // { amount: "5", authority: null }
 * ```
 */
export function toJsonValue(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Uint8Array) return encodeBase64(value);
  if (value instanceof Map) {
    return Object.fromEntries([...value].map(([key, item]) => [String(key), toJsonValue(item)]));
  }
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (value && typeof value === "object") {
    if ("__option" in value) {
      const option = value as { __option: string; value?: unknown };
      return option.__option === "Some" ? toJsonValue(option.value) : null;
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toJsonValue(item)]));
  }
  return value;
}

/** Standard base64 of some bytes. */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

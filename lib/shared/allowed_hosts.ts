/**
 * Which `Host` names the service answers to. A request for any other name is
 * refused before it is served: that closes DNS rebinding (a hostile name
 * resolved to the service's address, driven from a browser page on that name)
 * and keeps a forged `Host` out of every URL the service writes.
 *
 * The allowed hosts are `PUBLIC_URL`'s host, the `ALLOWED_HOSTS` entries and,
 * in local mode, the loopback names. An entry without a port allows the name
 * on any port; with one, on that port only. Names compare case-insensitively.
 *
 * @module
 */

/** One allowed host: a lower-case name (IPv6 in brackets) and, optionally, its only port. */
export interface HostRule {
  readonly hostname: string;
  readonly port?: string;
}

/** The loopback names local mode answers to, on any port. */
export const LOOPBACK_HOSTS: readonly HostRule[] = Object.freeze([
  { hostname: "localhost" },
  { hostname: "127.0.0.1" },
  { hostname: "[::1]" },
]);

/**
 * Parses a `Host` header value or an `ALLOWED_HOSTS` entry (`name` or
 * `name:port`, no scheme or path).
 *
 * @returns The rule, or `undefined` when `value` is not a host.
 */
export function parseHost(value: string): HostRule | undefined {
  const text = value.trim();
  if (!text || /[\s/?#@\\]/.test(text) || !URL.canParse(`http://${text}`)) return undefined;
  const url = new URL(`http://${text}`);
  if (url.username || url.password || url.pathname !== "/") return undefined;
  const explicitPort = /:(\d+)$/.exec(text)?.[1];
  return explicitPort === undefined
    ? { hostname: url.hostname }
    : { hostname: url.hostname, port: String(Number(explicitPort)) };
}

/** Whether the `Host` value `host` is one of `rules`. A missing or malformed `Host` is not. */
export function hostAllowed(host: string | null | undefined, rules: readonly HostRule[]): boolean {
  if (!host) return false;
  const parsed = parseHost(host);
  if (!parsed) return false;
  return rules.some((rule) =>
    rule.hostname === parsed.hostname && (rule.port === undefined || rule.port === (parsed.port ?? ""))
  );
}

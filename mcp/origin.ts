/**
 * Which browser origins may call the MCP endpoints. The transport spec makes
 * servers check `Origin` to stop DNS rebinding: a page on a hostile name that
 * resolves to the service must not drive it. Allowed: the configured
 * `ALLOWED_ORIGINS`, the service's own origin (`PUBLIC_URL`, or without one the
 * request's origin, except in local mode where a rebinding page would match
 * it), and in local mode any loopback origin.
 *
 * @module
 */

/** Where the rules come from. */
export interface OriginPolicy {
  /** Extra allowed origins (`ALLOWED_ORIGINS`). */
  readonly allowedOrigins: readonly string[];
  /** The service's public base URL, when configured. */
  readonly publicUrl?: string;
  /** Local mode: loopback origins are the service's own. */
  readonly local: boolean;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a request to `requestUrl` carrying `Origin: origin` may be served. */
export function originAllowed(origin: string, requestUrl: string, policy: OriginPolicy): boolean {
  const normalized = originOf(origin);
  if (!normalized) return false;
  if (policy.allowedOrigins.some((allowed) => originOf(allowed) === normalized)) return true;
  if (policy.publicUrl && originOf(policy.publicUrl) === normalized) return true;
  if (policy.local) return LOOPBACK_HOSTS.has(new URL(normalized).hostname);
  return !policy.publicUrl && originOf(requestUrl) === normalized;
}

/** The serialized origin of an http(s) URL, or `undefined` for anything else (including `null`). */
function originOf(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
}

/**
 * Which requests may drive the MCP endpoints. The transport spec makes
 * servers check `Origin` to stop DNS rebinding: a page on a hostile name that
 * resolves to the service must not drive it. Two checks close it:
 *
 * - `Host` must be one the service answers to (`PUBLIC_URL`'s, `ALLOWED_HOSTS`,
 *   loopback in local mode), whatever the `Origin`;
 * - a browser `Origin` must be the service's own (`PUBLIC_URL`), one of
 *   `ALLOWED_ORIGINS`, or in local mode a loopback origin. The request's own
 *   origin is never trusted on its own account: under rebinding it is the
 *   attacker's.
 *
 * @module
 */
import { hostAllowed, type HostRule } from "../lib/shared/allowed_hosts.ts";

/** Where the rules come from. */
export interface OriginPolicy {
  /** Extra allowed origins (`ALLOWED_ORIGINS`). */
  readonly allowedOrigins: readonly string[];
  /** The service's public base URL, when configured. */
  readonly publicUrl?: string;
  /** Local mode: loopback origins are the service's own. */
  readonly local: boolean;
  /** The `Host` names served (the configuration's `allowedHosts`). */
  readonly allowedHosts: readonly HostRule[];
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a request carrying `Origin: origin` may be served. */
export function originAllowed(origin: string, policy: OriginPolicy): boolean {
  const normalized = originOf(origin);
  if (!normalized) return false;
  if (policy.allowedOrigins.some((allowed) => originOf(allowed) === normalized)) return true;
  if (policy.publicUrl && originOf(policy.publicUrl) === normalized) return true;
  return policy.local && LOOPBACK_NAMES.has(new URL(normalized).hostname);
}

/** Whether a request with these `Host` and `Origin` headers may be served; the reason when not. */
export function refusal(
  request: Request,
  policy: OriginPolicy,
): { status: 403 | 421; message: string } | undefined {
  const host = request.headers.get("host") ?? new URL(request.url).host;
  if (!hostAllowed(host, policy.allowedHosts)) {
    return {
      status: 421,
      message: `Misdirected request: this MCP endpoint does not answer to host "${host.slice(0, 255)}"`,
    };
  }
  const origin = request.headers.get("origin");
  if (origin !== null && !originAllowed(origin, policy)) {
    return {
      status: 403,
      message: `Forbidden origin "${origin.slice(0, 255)}": this MCP endpoint accepts browser requests ` +
        "only from its own origin and ALLOWED_ORIGINS",
    };
  }
  return undefined;
}

/** The serialized origin of an http(s) URL, or `undefined` for anything else (including `null`). */
function originOf(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
}

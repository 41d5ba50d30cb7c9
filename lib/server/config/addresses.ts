/**
 * Where the service listens and by which names it is reached: `HOST` and
 * `PORT`, the `Host` names served (`PUBLIC_URL`'s host, `ALLOWED_HOSTS`, and
 * in local mode the loopback names) and the browser origins allowed on the
 * MCP endpoints.
 *
 * @module
 */
import { type HostRule, LOOPBACK_HOSTS, parseHost } from "../../shared/allowed_hosts.ts";
import type { EnvReader } from "./env.ts";
import { isRemoteMode, type NetworkSettings } from "./networks.ts";

/** Where the service listens, and the names and origins it answers. */
export interface AddressSettings {
  /** Interface to listen on. */
  readonly hostname: string;
  /** Port to listen on. */
  readonly port: number;
  /**
   * The `Host` names served: `PUBLIC_URL`'s host, `ALLOWED_HOSTS`, and in
   * local mode the loopback names. Requests for any other host are refused.
   */
  readonly allowedHosts: readonly HostRule[];
  /** Browser origins allowed on the MCP endpoints besides the service's own. */
  readonly allowedOrigins: readonly string[];
}

/**
 * The addresses for `networks` (undefined when the mode is not one: the
 * variables are checked all the same, and a remote default is not assumed).
 */
export function readAddresses({ problems, read }: EnvReader, networks?: NetworkSettings): AddressSettings {
  const port = Number(read("PORT") ?? "8000");
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT "${read("PORT")}" is not a port`);
  }
  const remote = networks !== undefined && isRemoteMode(networks.mode);
  const allowedHosts = hostRules(read("ALLOWED_HOSTS"), problems);
  if (networks?.publicUrl) allowedHosts.push({ hostname: new URL(networks.publicUrl).hostname });
  if (networks?.mode === "local") allowedHosts.push(...LOOPBACK_HOSTS);
  const allowedOrigins = (read("ALLOWED_ORIGINS") ?? "").split(",").map((o) => o.trim()).filter(Boolean);
  return {
    hostname: read("HOST") ?? (remote ? "0.0.0.0" : "127.0.0.1"),
    port,
    allowedHosts: Object.freeze(allowedHosts),
    allowedOrigins: Object.freeze(allowedOrigins),
  };
}

/** The `ALLOWED_HOSTS` entries (comma separated), each a name or `name:port`. */
function hostRules(value: string | undefined, problems: string[]): HostRule[] {
  const rules: HostRule[] = [];
  for (const entry of (value ?? "").split(",").map((e) => e.trim()).filter(Boolean)) {
    const rule = parseHost(entry);
    if (rule) rules.push(rule);
    else problems.push(`ALLOWED_HOSTS entry "${entry}" is not a host name (name or name:port, no scheme)`);
  }
  return rules;
}

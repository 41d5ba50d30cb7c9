/**
 * Whether local mode may start where the service runs: never by default on a
 * host (Deno Deploy, or listening beyond loopback), where its faucet and
 * facilitator would serve the world.
 *
 * @module
 */

/** What the environment says about where the service runs. */
export interface HostingFacts {
  /** `SERVICE_MODE` as set, or undefined when it is not set. */
  readonly modeSetting?: string;
  /** `HOST` as set, or undefined. */
  readonly host?: string;
  /** Whether Deno Deploy's variables (`DENO_DEPLOY`, `DENO_DEPLOYMENT_ID`) are set. */
  readonly onDeploy?: boolean;
}

/** Whether `host` only listens on this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/**
 * Why local mode must not start here, or undefined when it may. Local mode is
 * the default for a person on their own machine; on a host (Deno Deploy, or
 * listening beyond loopback) it would serve a faucet and a facilitator to the
 * world, so there it starts only when `SERVICE_MODE=local` is set explicitly.
 */
export function localModeRefusal(facts: HostingFacts): string | undefined {
  if (facts.modeSetting !== undefined) return undefined;
  const where = facts.onDeploy
    ? "on Deno Deploy (DENO_DEPLOY or DENO_DEPLOYMENT_ID is set)"
    : facts.host !== undefined && !isLoopbackHost(facts.host)
    ? `listening on HOST "${facts.host}", beyond this machine`
    : undefined;
  if (!where) return undefined;
  return `SERVICE_MODE is not set and the service runs ${where}: local mode (throwaway chains, a public ` +
    "faucet and facilitator) is not started on a host by default. Set SERVICE_MODE=devnet or " +
    "SERVICE_MODE=mainnet with PAY_TO_SOLANA (and PAY_TO_EVM, or ALT_ROUTES=off), FACILITATOR_URL and " +
    "SOLANA_RPC_URL (required on mainnet) and PUBLIC_URL; or set SERVICE_MODE=local to run local mode anyway";
}

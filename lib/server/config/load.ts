/**
 * The service's configuration, read from the environment once and checked as
 * a whole: a missing or malformed value stops start-up with a message naming
 * it. `SETTINGS` lists every variable it reads, with its default and meaning,
 * and the docs are checked against that list. Every caller reads the
 * configuration through here; each concern is read in a module of its own:
 * the mode and its networks (`networks.ts`), where the service listens and
 * by which names (`addresses.ts`), the claim store (`claim_settings.ts`) and
 * the products within the memory budget (`product_settings.ts`).
 *
 * @module
 */
import { ConfigError, type Env, processEnv, reader } from "./env.ts";
import { onDenoDeploy, telemetryExported } from "./hosting.ts";
import { type AddressSettings, readAddresses } from "./addresses.ts";
import { type ClaimSettings, readClaimSettings } from "./claim_settings.ts";
import { type LocalEvmSettings, type NetworkSettings, readLocalEvm, readNetworks } from "./networks.ts";
import { type ProductSettings, readProductSettings } from "./product_settings.ts";

export { DEFAULT_DEVNET_FACILITATOR, type Setting, SETTINGS } from "./settings.ts";
export { ConfigError, type Env } from "./env.ts";
export type { LocalEvmSettings, ServiceMode } from "./networks.ts";
export type { PdfSettings } from "./product_settings.ts";

/** The service's configuration. */
export interface Config extends NetworkSettings, AddressSettings, ClaimSettings, ProductSettings {
  /** Time budget of one request's work, in milliseconds. */
  readonly requestTimeoutMs: number;
  /** Whether the service runs on Deno Deploy (`DENO_DEPLOY=true` or `DENO_DEPLOYMENT_ID` set). */
  readonly onDeploy: boolean;
  /** Whether Deno exports OpenTelemetry data (`OTEL_DENO=true`, or on Deploy): logs then go through the console. */
  readonly telemetry: boolean;
  /** Options of local mode's embedded EVM chain. */
  readonly localEvm: LocalEvmSettings;
}

/**
 * Reads the configuration from `env` (default: the process environment).
 *
 * @throws {ConfigError} listing every missing or malformed variable
 */
export function loadConfig(env: Env = processEnv()): Config {
  const settings = reader(env);
  const onDeploy = onDenoDeploy(env);
  const networks = readNetworks(settings, onDeploy);
  const addresses = readAddresses(settings, networks);
  const requestTimeoutMs = settings.whole("REQUEST_TIMEOUT_MS", 30_000, 1000);
  const products = readProductSettings(settings, onDeploy);
  const localEvm = readLocalEvm(settings);
  const claims = readClaimSettings(settings);
  if (settings.problems.length > 0 || networks === undefined) throw new ConfigError(settings.problems);
  return Object.freeze({
    ...networks,
    ...addresses,
    ...claims,
    ...products,
    requestTimeoutMs,
    onDeploy,
    telemetry: telemetryExported(env),
    localEvm: Object.freeze(localEvm),
  });
}

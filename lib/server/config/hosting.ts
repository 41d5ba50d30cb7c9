/**
 * What the variables a host sets say about where the service runs: Deno
 * Deploy sets `DENO_DEPLOY=true` in every context (builds included) and
 * `DENO_DEPLOYMENT_ID` wherever the app serves; and whether Deno exports
 * telemetry (`OTEL_DENO=true`, always on Deploy), in which case log lines go
 * through the console API, the one Deno exports and correlates with traces.
 *
 * @module
 */
import { type Env, processEnv } from "./env.ts";

/** Whether the service runs on Deno Deploy: either of its predefined variables is set. */
export function onDenoDeploy(env: Env = processEnv()): boolean {
  return (env.DENO_DEPLOYMENT_ID?.trim() ?? "") !== "" || env.DENO_DEPLOY?.trim().toLowerCase() === "true";
}

/** Whether Deno exports OpenTelemetry data here (then logs are written through the console API). */
export function telemetryExported(env: Env = processEnv()): boolean {
  return onDenoDeploy(env) || ["true", "1"].includes(env.OTEL_DENO?.trim().toLowerCase() ?? "");
}

/** The port to listen on when the configuration could not be read: `PORT` if it is one, else 8000. */
export function fallbackPort(env: Env = processEnv()): number {
  const port = Number(env.PORT?.trim() || "8000");
  return Number.isInteger(port) && port >= 0 && port <= 65535 ? port : 8000;
}

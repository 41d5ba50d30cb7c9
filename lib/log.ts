/**
 * Structured logs as JSON lines: one object per event with its `type`
 * (`access`, `settlement`, `error`, `start`). Request bodies are never logged.
 *
 * @module
 */

/** Writes one log event. */
export type Logger = (event: { type: string } & Record<string, unknown>) => void;

/** A logger writing JSON lines to `write` (default: standard output). */
export function jsonLogger(write: (line: string) => void = console.log): Logger {
  return function log(event) {
    write(JSON.stringify({ time: new Date().toISOString(), ...event }));
  };
}

/** A logger that drops every event (tests, benchmarks). */
export const silentLogger: Logger = () => {};

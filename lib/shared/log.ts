/**
 * Structured logs as JSON lines: one object per event with its `type`
 * (`access`, `settlement`, `error`, `start`). Request bodies are never logged.
 * Lines go to standard output in bursts ({@linkcode bufferedStdout}), or,
 * where Deno exports telemetry, one by one through the console API
 * ({@linkcode consoleLines}): Deno sends those as OpenTelemetry log records
 * carrying the trace id of the span active when each was written.
 *
 * @module
 */
import { setImmediate } from "node:timers";
import { isoNow } from "./iso_now.ts";

/** Writes one log event. */
export type Logger = (event: { type: string } & Record<string, unknown>) => void;

/**
 * A logger writing JSON lines to `write`, by default to standard output
 * through {@linkcode bufferedStdout} (one write per burst of lines, not one
 * per request).
 */
export function jsonLogger(write: (line: string) => void = bufferedStdout()): Logger {
  return function log(event) {
    // The same line as `JSON.stringify({ time, ...event })`, without copying the event into a new object.
    write(
      "time" in event
        ? JSON.stringify({ time: isoNow(), ...event })
        : `{"time":"${isoNow()}",${JSON.stringify(event).slice(1)}`,
    );
  };
}

/**
 * Collects lines and writes them to standard output together, at the end of
 * the current burst of work or once 64 KiB have gathered; whatever is pending
 * is written synchronously when the process exits.
 */
export function bufferedStdout(): (line: string) => void {
  const encoder = new TextEncoder();
  let pending: string[] = [];
  let size = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const bytes = encoder.encode(pending.join("\n") + "\n");
    pending = [];
    size = 0;
    for (let offset = 0; offset < bytes.length;) offset += Deno.stdout.writeSync(bytes.subarray(offset));
  };
  globalThis.addEventListener("unload", flush);
  return function write(line) {
    pending.push(line);
    size += line.length;
    if (size >= 65_536) flush();
    else if (!scheduled) {
      scheduled = true;
      // Once the work ready now is done; a zero-delay timer costs the runtime's timer queue more per line.
      setImmediate(flush);
    }
  };
}

/**
 * Writes each line at once through `console.log`, in the span where it was
 * logged, so that Deno's OpenTelemetry export (and Deno Deploy's log capture)
 * receives it with that span's trace id; still one JSON object a line.
 */
export function consoleLines(line: string): void {
  console.log(line);
}

/** A logger that drops every event (tests, benchmarks). */
export const silentLogger: Logger = () => {};

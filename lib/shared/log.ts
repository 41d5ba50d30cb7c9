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

/**
 * Writes one log event. The event is not to be changed once logged: a line
 * written in a burst is made from it when the burst ends.
 */
export type Logger = (event: { type: string } & Record<string, unknown>) => void;

/** A log line, or how to make it: a buffered writer makes it once the burst's work is done. */
export type LogLine = string | (() => string);

/**
 * A logger writing JSON lines to `write`, by default to standard output
 * through {@linkcode bufferedStdout} (one write per burst of lines, not one
 * per request). The time is taken when the event is logged; the line is made
 * when `write` asks for it, so a buffered line costs the request that logs it
 * no encoding.
 */
export function jsonLogger(write: (line: LogLine) => void = bufferedStdout()): Logger {
  return function log(event) {
    const time = isoNow();
    write(() => {
      try {
        // The same line as `JSON.stringify({ time, ...event })`, without copying the event into a new object.
        return "time" in event
          ? JSON.stringify({ time, ...event })
          : `{"time":"${time}",${JSON.stringify(event).slice(1)}`;
      } catch (error) {
        // Made after the request that logged it, in the writer's own turn, a line that cannot be encoded (a
        // bigint, a cycle) must not throw there: that would end the process and lose the burst's other lines.
        return JSON.stringify({ time, type: event.type, logError: String(error) });
      }
    });
  };
}

/** Lines gathered before they are written without waiting for the burst's end. */
const MOST_PENDING_LINES = 512;

/** `line` as text. */
function made(line: LogLine): string {
  return typeof line === "string" ? line : line();
}

/**
 * Collects lines and writes them to standard output together, at the end of
 * the current burst of work or once {@linkcode MOST_PENDING_LINES} have
 * gathered, making each (see {@linkcode LogLine}) only then; whatever is
 * pending is written synchronously when the process exits.
 */
export function bufferedStdout(): (line: LogLine) => void {
  const encoder = new TextEncoder();
  let pending: LogLine[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const lines = pending;
    pending = [];
    const bytes = encoder.encode(lines.map(made).join("\n") + "\n");
    for (let offset = 0; offset < bytes.length;) offset += Deno.stdout.writeSync(bytes.subarray(offset));
  };
  globalThis.addEventListener("unload", flush);
  return function write(line) {
    pending.push(line);
    if (pending.length >= MOST_PENDING_LINES) flush();
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
export function consoleLines(line: LogLine): void {
  console.log(made(line));
}

/** A logger that drops every event (tests, benchmarks). */
export const silentLogger: Logger = () => {};

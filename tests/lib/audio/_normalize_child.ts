/**
 * Runs one normalisation in its own process for the file-system tests: reads
 * audio on stdin, touches two marker paths around the request (so a syscall
 * trace can tell the request from process start-up), prints a summary.
 *
 * @module
 */
import { DEFAULT_AUDIO_LIMITS } from "../../../lib/audio/limits.ts";
import { normalizeAudio } from "../../../lib/audio/normalize.ts";

/** Paths looked up (and not found) just before and just after the request. */
export const MARKERS = { start: "/__audio_request_start__", end: "/__audio_request_end__" } as const;

/** Looks up a path that does not exist, leaving a trace line. */
function mark(path: string): void {
  try {
    Deno.statSync(path);
  } catch {
    // Expected: the path exists only as a marker in the trace.
  }
}

if (import.meta.main) {
  const input = new Uint8Array(await new Response(Deno.stdin.readable).arrayBuffer());
  mark(MARKERS.start);
  const result = await normalizeAudio(input, {}, { limits: { ...DEFAULT_AUDIO_LIMITS } });
  mark(MARKERS.end);
  console.log(JSON.stringify({ type: result.normalizationType, bytes: result.audio.length }));
}

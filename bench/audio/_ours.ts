/**
 * One run of our normalisation in a fresh process, so its peak memory can be
 * read on its own: audio on stdin, the figures as JSON on stdout. Limits are
 * lifted so that long WAV inputs go through the library directly. With
 * `--warm`, two requests on the input's first minute go first, so the timed
 * one runs on code the JIT has already compiled, as in a service that has
 * served before (a fresh process pays for compiling on its first request).
 * Programmes long enough to be metered on worker threads gain nothing from
 * it: every such request starts its threads, and their JIT, afresh.
 *
 *     deno run -A bench/audio/_ours.ts [--warm] < input.wav
 *
 * @module
 */
import { DEFAULT_AUDIO_LIMITS } from "../../lib/audio/limits.ts";
import { normalizeAudio } from "../../lib/audio/normalize.ts";
import { measureIndependently } from "../../tests/_support/audio_material.ts";

/** A `Vm…` figure of this process from /proc, in bytes. */
function vm(field: "VmRSS" | "VmHWM"): number {
  const status = Deno.readTextFileSync("/proc/self/status");
  return Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"))?.[1] ?? 0) * 1024;
}

if (import.meta.main) {
  const before = vm("VmRSS");
  const input = new Uint8Array(await new Response(Deno.stdin.readable).arrayBuffer());
  const limits = { ...DEFAULT_AUDIO_LIMITS, maxBytes: 2 ** 31, maxSeconds: 4 * 3600, timeoutMs: 3_600_000 };
  if (Deno.args.includes("--warm")) {
    // The header and about a minute of 48 kHz stereo 16-bit samples; the WAV reader takes what is there.
    for (let i = 0; i < 2; i++) {
      await normalizeAudio(input.slice(0, 11_520_078), {}, { limits, reuseInput: true });
    }
  }
  // Reset the peak to the current size, so reading stdin (and warming up) does not count.
  Deno.writeTextFileSync("/proc/self/clear_refs", "5");
  const loaded = vm("VmRSS");
  const started = performance.now();
  const result = await normalizeAudio(input, {}, { limits, reuseInput: true });
  const wallMs = performance.now() - started;
  const peak = vm("VmHWM");
  const independent = await measureIndependently(result.audio);
  console.log(JSON.stringify({
    wallMs,
    baselineRss: before,
    loadedRss: loaded,
    peakRss: peak,
    inputBytes: input.length,
    outputBytes: result.audio.length,
    normalizationType: result.normalizationType,
    passes: result.passes,
    reported: result.output,
    input: result.input,
    independent,
  }));
}

/**
 * Probes ffmpeg from a process started with whatever permissions the test
 * chose, and prints what the probe and a real run found, as JSON.
 *
 *     deno run --allow-read tests/lib/audio/_probe_child.ts <ffmpeg path>
 *
 * @module
 */
import { runFfmpeg } from "../../../lib/audio/ffmpeg.ts";
import { probeFfmpeg } from "../../../lib/audio/ffmpeg_probe.ts";
import type { ServiceError } from "../../../lib/shared/errors.ts";

if (import.meta.main) {
  const path = Deno.args[0] ?? "ffmpeg";
  const probe = await probeFfmpeg(path);
  const run = await runFfmpeg(["-version"], { ffmpegPath: path, timeoutMs: 10_000, maxOutputBytes: 1 << 20 })
    .then(() => ({ ok: true }), (error: ServiceError) => ({
      ok: false,
      name: error.name,
      message: error.message,
      details: error.details,
    }));
  console.log(JSON.stringify({ probe, run }));
}

import assert from "node:assert/strict";
import operation from "../../../../routes/v1/audio/normalize.ts";
import { createAudioService } from "../../../../lib/audio/service.ts";
import {
  base64BodyCap,
  maxBodyBytesOf,
  type OperationContext,
  withBase64,
} from "../../../../lib/operation/mod.ts";
import { loadConfig } from "../../../../lib/server/config/load.ts";
import { buildServices } from "../../../../lib/server/services.ts";
import { createSolanaClient } from "../../../../lib/solana/rpc.ts";
import { makeAudio, measureIndependently } from "../../../_support/audio_material.ts";

/** One printed tenth of a dB, with room for floating-point sums of such figures. */
const TENTH = 0.1 + 1e-9;

/** A handler context with the given audio service (no Solana calls are made). */
function context(audio = createAudioService()): OperationContext {
  return {
    requestId: "test",
    signal: new AbortController().signal,
    services: { ...buildServices(loadConfig({}), createSolanaClient("http://127.0.0.1:9")), audio },
  };
}

function messages(input: Record<string, unknown>): string[] {
  const result = operation.input.safeParse({ audio: "AAAA", ...input });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

Deno.test("normalize_audio input names every out-of-range option", () => {
  assert.deepEqual(
    messages({ preset: "broadcast", i: -20, tp: -2, lra: 9, format: "flac", mode: "linear" }),
    [],
  );
  assert.deepEqual(messages({ i: -4 }), ["Invalid i: expected a number from -70 to -5"]);
  assert.deepEqual(messages({ tp: 1 }), ["Invalid tp: expected a number from -9 to 0"]);
  assert.deepEqual(messages({ lra: 0.5 }), ["Invalid lra: expected a number from 1 to 50"]);
  assert.deepEqual(messages({ format: "aac" }), [
    "Invalid format: expected one of wav, flac, mp3, opus, m4a",
  ]);
  assert.deepEqual(messages({ preset: "cinema" }), [
    "Invalid preset: expected one of podcast, streaming, broadcast, atsc",
  ]);
  assert.deepEqual(messages({ mode: "loud" }), ["Invalid mode: expected one of auto, linear, dynamic"]);
});

Deno.test("normalize_audio handler returns the audio's bytes on target, with figures that match them", async () => {
  const wav = await makeAudio("speech", { format: "wav", seconds: 6, gainDb: -10 });
  const output = await operation.handler({ audio: wav, preset: "broadcast" }, context());
  assert.ok(output.audio instanceof Uint8Array);
  const bytes = output.audio;
  // As JSON and MCP carry it: the schema's base64.
  const shown = operation.output.parse(await withBase64(operation, output));
  assert.deepEqual(Uint8Array.fromBase64(shown.audio), bytes);
  const independent = await measureIndependently(bytes);
  assert.ok(Math.abs(independent.i - -23) <= 0.5);
  assert.ok(independent.tp <= -1);
  assert.ok(Math.abs(output.output.integratedLufs - independent.i) <= TENTH);
  assert.equal(output.mimeType, "audio/wav");
  assert.equal(output.target.preset, "broadcast");

  const headers = operation.binaryOutput!.headers(output);
  assert.equal(headers["X-Loudness-Output-Integrated"], String(output.output.integratedLufs));
  assert.equal(headers["X-Loudness-Output-True-Peak"], String(output.output.truePeakDbtp));
  assert.equal(headers["X-Loudness-Input-Integrated"], String(output.input.integratedLufs));
  assert.equal(headers["X-Loudness-Target"], "I=-23;TP=-1;LRA=7");
  assert.equal(headers["X-Loudness-Normalization-Type"], "linear");
  assert.equal(headers["X-Loudness-Gain-Linear"], "true");
  assert.equal(headers["X-Loudness-Gain-Reason"], "peak_within_ceiling");
});

Deno.test("normalize_audio handler answers 503 when ffmpeg is missing and the input needs it", async () => {
  // A FLAC needs ffmpeg to decode; a PCM WAV with a plain gain would not.
  const flac = await makeAudio("speech", { format: "flac", seconds: 2 });
  const audio = createAudioService({ ffmpegPath: "/nonexistent/ffmpeg" });
  await assert.rejects(operation.handler({ audio: flac }, context(audio)), (error: Error) => {
    assert.equal(error.name, "UnavailableError");
    assert.match(error.message, /^Audio processing is unavailable: ffmpeg is not installed/);
    return true;
  });
});

Deno.test("normalize_audio handler answers 503 with Retry-After when its queue is full", async () => {
  const wav = await makeAudio("speech", { format: "wav", seconds: 3, gainDb: -6 });
  const audio = createAudioService({ concurrency: 1, queue: 0 });
  const running = operation.handler({ audio: wav }, context(audio));
  await assert.rejects(operation.handler({ audio: wav }, context(audio)), (error: Error) => {
    assert.equal(error.name, "UnavailableError");
    assert.equal((error as { retryAfterSeconds?: number }).retryAfterSeconds, 5);
    return true;
  });
  assert.equal((await running).normalizationType, "linear");
});

Deno.test("normalize_audio handler refuses a playlist body with a 400", async () => {
  const playlist = new TextEncoder().encode("#EXTM3U\n#EXTINF:1,\nfile:///etc/passwd\n");
  await assert.rejects(operation.handler({ audio: playlist }, context()), { name: "InvalidInputError" });
});

Deno.test("normalize_audio's body cap follows the configured AUDIO_MAX_BYTES", () => {
  const services = buildServices(
    loadConfig({ AUDIO_MAX_BYTES: "1048576" }),
    createSolanaClient("http://127.0.0.1:9"),
  );
  assert.equal(maxBodyBytesOf(operation, services), base64BodyCap(1048576));
  assert.ok(maxBodyBytesOf(operation, services) < maxBodyBytesOf(operation, context().services));
});

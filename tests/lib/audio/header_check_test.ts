import assert from "node:assert/strict";
import operation from "../../../routes/v1/audio/normalize.ts";
import { InvalidInputError } from "../../../lib/shared/errors.ts";
import { ffmpegStats } from "../../../lib/audio/ffmpeg.ts";
import { checkAudioHeader } from "../../../lib/audio/header_check.ts";
import { DEFAULT_AUDIO_LIMITS } from "../../../lib/audio/limits.ts";
import { precheckAudio } from "../../../lib/audio/precheck.ts";
import { createSolanaClient } from "../../../lib/solana/rpc.ts";
import { ffmpeg, makeAudio } from "../../_support/audio_material.ts";
import { loadConfig } from "../../../lib/server/config/load.ts";
import { buildServices } from "../../../lib/server/services.ts";

/** Where a chunk's header starts in a RIFF file. */
function chunkAt(bytes: Uint8Array, id: string): number {
  const at = new TextDecoder("latin1").decode(bytes).indexOf(id, 12);
  assert.ok(at > 0, `no ${id} chunk`);
  return at;
}

/** A copy of `bytes` with `edit` applied to a DataView of it. */
function edited(bytes: Uint8Array, edit: (view: DataView) => void): Uint8Array {
  const copy = bytes.slice();
  edit(new DataView(copy.buffer));
  return copy;
}

/** Asserts that the operation's precheck (run before any payment) refuses `bytes` with a 400 matching `message`. */
function refusedBeforePayment(bytes: Uint8Array, message: RegExp) {
  const services = buildServices(loadConfig({}), createSolanaClient("http://127.0.0.1:9"));
  const spawns = ffmpegStats.spawns;
  assert.throws(() => operation.precheck!({ audio: bytes } as never, services), (error) => {
    assert.ok(error instanceof InvalidInputError, String(error));
    assert.equal(error.kind, "invalid_input");
    assert.match(error.message, message);
    return true;
  });
  assert.equal(ffmpegStats.spawns, spawns, "ffmpeg never ran");
}

Deno.test("a WAV cut at 20 bytes is refused before payment as truncated", async () => {
  const wav = await makeAudio("speech", { seconds: 2 });
  refusedBeforePayment(
    wav.subarray(0, 20),
    /WAV header's fmt chunk is truncated \(the file ends at byte 20\)/,
  );
  // Cut after the fmt chunk but before any data chunk.
  const data = chunkAt(wav, "data");
  refusedBeforePayment(wav.subarray(0, data), /WAV \(no data chunk\) is truncated/);
  refusedBeforePayment(wav.subarray(0, data + 8), /holds no samples/);
});

Deno.test("a WAV declaring sample rate 0 or 0 channels is refused before payment", async () => {
  const wav = await makeAudio("speech", { seconds: 2 });
  const fmt = chunkAt(wav, "fmt ");
  refusedBeforePayment(edited(wav, (v) => v.setUint32(fmt + 12, 0, true)), /declares a sample rate of 0/);
  refusedBeforePayment(edited(wav, (v) => v.setUint16(fmt + 10, 0, true)), /declares 0 channels/);
});

Deno.test("AIFF and FLAC headers are held to the same rules", async () => {
  const run = await ffmpeg(["-f", "lavfi", "-i", "sine=d=2", "-c:a", "pcm_s16be", "-f", "aiff", "pipe:1"]);
  assert.equal(run.code, 0, run.stderr);
  const aiff = run.stdout;
  const comm = new TextDecoder("latin1").decode(aiff).indexOf("COMM");
  checkAudioHeader(aiff, "aiff");
  refusedBeforePayment(edited(aiff, (v) => v.setUint16(comm + 8, 0)), /AIFF header declares 0 channels/);
  refusedBeforePayment(
    edited(aiff, (v) => [16, 18, 22].forEach((at) => v.setUint16(comm + at, 0))),
    /AIFF header declares a sample rate of 0/,
  );
  refusedBeforePayment(aiff.subarray(0, comm + 12), /AIFF header's COMM chunk is truncated/);

  const flac = await makeAudio("music", { seconds: 2, format: "flac" });
  checkAudioHeader(flac, "flac");
  refusedBeforePayment(flac.subarray(0, 30), /FLAC header's STREAMINFO block is truncated/);
  const zeroRate = edited(flac, (v) => {
    v.setUint16(18, 0);
    v.setUint8(20, v.getUint8(20) & 0x0f);
  });
  refusedBeforePayment(zeroRate, /FLAC header declares a sample rate of 0/);
});

Deno.test("other containers cut to a few bytes are refused as too short", async () => {
  const opus = await makeAudio("music", { seconds: 2, format: "opus" });
  refusedBeforePayment(opus.subarray(0, 20), /20 bytes is too short for any OGG file/);
});

Deno.test("complete files of every format pass the header check", async () => {
  for (const format of ["wav", "wav24", "flac", "mp3", "opus", "m4a"] as const) {
    const bytes = await makeAudio("speech", { seconds: 1, format });
    const { kind } = precheckAudio(bytes, {}, DEFAULT_AUDIO_LIMITS);
    checkAudioHeader(bytes, kind);
  }
});

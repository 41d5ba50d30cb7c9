import assert from "node:assert/strict";
import { ffmpegStats } from "../../../lib/audio/ffmpeg.ts";
import { createGate } from "../../../lib/shared/concurrency.ts";
import { DEFAULT_AUDIO_LIMITS } from "../../../lib/audio/limits.ts";
import { normalizeAudio, type NormalizeRequest, type NormalizeResult } from "../../../lib/audio/normalize.ts";
import { resolveTarget } from "../../../lib/audio/presets.ts";
import type { OutputFormat } from "../../../lib/audio/formats.ts";
import {
  ffmpeg,
  makeAudio,
  type Material,
  type MaterialOptions,
  measureIndependently,
  wavBits,
} from "../../_support/audio_material.ts";

/** One printed tenth of a dB, with room for floating-point sums of such figures. */
const TENTH = 0.1 + 1e-9;

const limits = { ...DEFAULT_AUDIO_LIMITS };

interface Case {
  name: string;
  material: Material;
  options: MaterialOptions;
  request: NormalizeRequest;
  expectType: NormalizeResult["normalizationType"];
  expectFormat: OutputFormat;
}

const CASES: Case[] = [
  {
    name: "speech, stereo 48 kHz WAV, podcast",
    material: "speech",
    options: { format: "wav", gainDb: -8 },
    request: {},
    expectType: "linear",
    expectFormat: "wav",
  },
  {
    name: "music, stereo 44.1 kHz FLAC, streaming",
    material: "music",
    options: { format: "flac", rate: 44100, gainDb: -12 },
    request: { preset: "streaming" },
    expectType: "linear",
    expectFormat: "flac",
  },
  {
    name: "speech, mono 44.1 kHz MP3, broadcast",
    material: "speech",
    options: { format: "mp3", rate: 44100, channels: 1, gainDb: -2 },
    request: { preset: "broadcast" },
    expectType: "linear",
    expectFormat: "mp3",
  },
  {
    name: "music, stereo 48 kHz Opus, atsc",
    material: "music",
    options: { format: "opus", gainDb: -3 },
    request: { preset: "atsc" },
    expectType: "linear",
    expectFormat: "opus",
  },
  {
    name: "speech, stereo 48 kHz M4A with its index at the end, podcast",
    material: "speech",
    options: { format: "m4a", gainDb: -9 },
    request: {},
    expectType: "linear",
    expectFormat: "m4a",
  },
  {
    name: "peaky, mono 48 kHz 24-bit WAV, podcast: needs the limiter",
    material: "peaky",
    options: { format: "wav24", channels: 1, gainDb: -4 },
    request: {},
    expectType: "limited",
    expectFormat: "wav",
  },
  {
    name: "peaky, stereo 44.1 kHz WAV to MP3, explicit -18 LUFS / -1.5 dBTP",
    material: "peaky",
    options: { format: "wav", rate: 44100, gainDb: -6 },
    request: { i: -18, tp: -1.5, format: "mp3" },
    expectType: "limited",
    expectFormat: "mp3",
  },
];

/** Checks a result against an independent measurement of its bytes and against the target. */
async function verify(result: NormalizeResult, request: NormalizeRequest, label: string) {
  const target = resolveTarget(request);
  const independent = await measureIndependently(result.audio);
  assert.ok(Math.abs(independent.i - target.i) <= 0.5, `${label}: I ${independent.i} vs target ${target.i}`);
  assert.ok(independent.tp <= target.tp, `${label}: TP ${independent.tp} over ${target.tp}`);
  assert.ok(Math.abs(result.output.integratedLufs - independent.i) <= TENTH, `${label}: reported I`);
  assert.ok(Math.abs(result.output.truePeakDbtp - independent.tp) <= TENTH, `${label}: reported TP`);
  assert.ok(Math.abs(result.output.lra - independent.lra) <= 0.2, `${label}: reported LRA`);
  assert.equal(result.sampleRate, independent.rate, `${label}: sample rate`);
  assert.equal(result.channels, independent.channels, `${label}: channels`);
  assert.ok(Math.abs(result.durationSeconds - independent.seconds) <= TENTH, `${label}: duration`);
  return independent;
}

for (const c of CASES) {
  Deno.test(`normalizeAudio() brings ${c.name} within 0.5 LU of target under the ceiling`, async () => {
    const input = await makeAudio(c.material, c.options);
    const before = await measureIndependently(input);
    const result = await normalizeAudio(input, c.request, { limits });
    await verify(result, c.request, c.name);
    assert.equal(result.normalizationType, c.expectType);
    // The answer says whether the gain was linear or limited, and why, from the independent figures.
    const decision = result.gainDecision;
    assert.equal(decision.linear, c.expectType === "linear");
    const peakAtFullGain = before.tp + (resolveTarget(c.request).i - before.i);
    assert.ok(Math.abs(decision.peakAtFullGainDbtp - peakAtFullGain) <= 0.2, "peak at full gain");
    if (c.expectType === "linear") {
      assert.equal(decision.reason, "peak_within_ceiling");
      assert.ok(decision.peakAtFullGainDbtp <= decision.ceilingDbtp - decision.encoderHeadroomDb);
    } else {
      assert.ok(
        ["peak_over_ceiling", "encoded_peak_over_ceiling"].includes(decision.reason),
        decision.reason,
      );
      assert.match(decision.explanation, /^Limited: /);
    }
    assert.equal(result.format, c.expectFormat);
    assert.ok(Math.abs(result.input.integratedLufs - before.i) <= TENTH, "input I");
    assert.ok(Math.abs(result.input.truePeakDbtp - before.tp) <= TENTH, "input TP");
    const expectedRate = c.expectFormat === "opus" ? 48000 : c.options.rate ?? 48000;
    assert.equal(result.sampleRate, expectedRate);
    assert.equal(
      result.mimeType,
      {
        wav: "audio/wav",
        flac: "audio/flac",
        mp3: "audio/mpeg",
        opus: "audio/ogg",
        m4a: "audio/mp4",
      }[c.expectFormat],
    );
    if (c.expectFormat === "wav") assert.equal(wavBits(result.audio), c.options.format === "wav24" ? 24 : 16);
  });
}

Deno.test("normalizeAudio() applies exactly the measured gain in one pass when it fits", async () => {
  const input = await makeAudio("speech", { format: "wav", gainDb: -10 });
  const result = await normalizeAudio(input, {}, { limits });
  assert.equal(result.normalizationType, "linear");
  assert.equal(result.passes, 2);
  assert.ok(Math.abs(result.gainDb - (-16 - result.input.integratedLufs)) < 0.01);
  // Every figure moves by the gain, the loudness range stays: nothing but a gain was applied.
  const independent = await measureIndependently(result.audio);
  assert.ok(Math.abs(independent.i - (result.input.integratedLufs + result.gainDb)) <= TENTH);
  assert.ok(Math.abs(independent.tp - (result.input.truePeakDbtp + result.gainDb)) <= TENTH);
  assert.ok(Math.abs(independent.lra - result.input.lra) <= TENTH);
  assert.ok(Math.abs(result.output.integratedLufs - independent.i) <= TENTH, "reported I");
  assert.ok(Math.abs(result.output.truePeakDbtp - independent.tp) <= TENTH, "reported TP");
});

Deno.test("normalizeAudio() lowers the target in linear mode instead of limiting", async () => {
  const input = await makeAudio("peaky", { format: "wav", gainDb: -6 });
  const result = await normalizeAudio(input, { mode: "linear" }, { limits });
  assert.equal(result.normalizationType, "linear_lowered");
  const independent = await measureIndependently(result.audio);
  assert.equal(result.gainDecision.linear, true);
  assert.equal(result.gainDecision.reason, "peak_over_ceiling");
  assert.ok(result.gainDecision.peakAtFullGainDbtp > -1, "the full gain would have clipped");
  assert.ok(Math.abs(result.gainDecision.belowTargetLu - (-16 - independent.i)) <= 0.2, "shortfall reported");
  assert.ok(independent.tp <= -1);
  assert.ok(independent.tp >= -1.5, `peak ${independent.tp} should sit just under the ceiling`);
  assert.ok(independent.i < -16.5, "quieter than the target");
  assert.ok(Math.abs(independent.i - (result.input.integratedLufs + result.gainDb)) <= TENTH);
});

Deno.test("normalizeAudio() uses loudnorm's dynamic mode on request and keeps the sample rate", async () => {
  const input = await makeAudio("speech", { format: "wav", rate: 44100, gainDb: -6 });
  const request: NormalizeRequest = { mode: "dynamic", lra: 7 };
  const result = await normalizeAudio(input, request, { limits });
  assert.equal(result.normalizationType, "dynamic");
  assert.deepEqual([result.gainDecision.linear, result.gainDecision.reason], [
    false,
    "dynamic_mode_requested",
  ]);
  assert.equal(result.sampleRate, 44100);
  await verify(result, request, "dynamic");
});

Deno.test("normalizeAudio() converts to the requested format", async () => {
  const input = await makeAudio("music", { format: "flac", gainDb: -10 });
  for (const format of ["wav", "m4a", "opus"] as const) {
    const result = await normalizeAudio(input, { format }, { limits });
    assert.equal(result.format, format);
    await verify(result, {}, format);
  }
});

Deno.test("normalizeAudio() refuses silence and too-short audio with a 422", async () => {
  const silence = await makeAudio("silence", { format: "flac", seconds: 5 });
  await assert.rejects(normalizeAudio(silence, {}, { limits }), {
    name: "UnprocessableError",
    message: "Audio is silent: integrated loudness is at or below -70 LUFS",
  });
  const short = await makeAudio("speech", { format: "wav", seconds: 0.5 });
  await assert.rejects(normalizeAudio(short, {}, { limits }), {
    name: "UnprocessableError",
    message: 'Audio is too short: "0.5" s, at least 1 s is needed',
  });
});

Deno.test("normalizeAudio() refuses hostile bodies before running ffmpeg", async () => {
  const text = (value: string) => new TextEncoder().encode(value);
  const bodies = {
    hls: text("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n"),
    ffconcat: text("ffconcat version 1.0\nfile /etc/passwd\n"),
    fileReferences: text("file:///etc/passwd\nfile:///proc/self/environ\n"),
    random: crypto.getRandomValues(new Uint8Array(65536)),
    empty: new Uint8Array(),
  };
  const spawns = ffmpegStats.spawns;
  for (const [name, body] of Object.entries(bodies)) {
    await assert.rejects(normalizeAudio(body, {}, { limits }), (error: Error) => {
      assert.equal(error.name, "InvalidInputError", name);
      assert.match(error.message, name === "empty" ? /body is empty/ : /^Unsupported audio format/);
      return true;
    });
  }
  assert.equal(ffmpegStats.spawns, spawns, "ffmpeg never ran");
});

Deno.test("normalizeAudio() refuses audio over the size and duration caps with a 413", async () => {
  const small = { ...limits, maxBytes: 100 * 1024 };
  const wav = await makeAudio("speech", { format: "wav", seconds: 2 });
  await assert.rejects(normalizeAudio(wav, {}, { limits: small }), {
    name: "PayloadTooLargeError",
    message: "Audio is larger than the 100 KB limit",
  });
  // Opus declares no duration: the decoder stops just past the cap.
  const spawns = ffmpegStats.spawns;
  const long = await makeAudio("speech", { format: "opus", seconds: 8 });
  await assert.rejects(normalizeAudio(long, {}, { limits: { ...limits, maxSeconds: 5 } }), {
    name: "PayloadTooLargeError",
    message: "Audio is longer than the 5 s limit",
  });
  assert.equal(ffmpegStats.spawns, spawns + 1, "one measuring pass, nothing more");
});

Deno.test("normalizeAudio() refuses a WAV whose header declares too long a duration without decoding it", async () => {
  const wav = await makeAudio("speech", { format: "wav", seconds: 1 });
  const view = new DataView(wav.buffer, wav.byteOffset);
  view.setUint32(4, 36 + 48000 * 4 * 1000, true);
  const data = new TextDecoder().decode(wav).indexOf("data");
  view.setUint32(data + 4, 48000 * 4 * 1000, true); // 1000 s of 48 kHz stereo 16-bit
  const spawns = ffmpegStats.spawns;
  await assert.rejects(normalizeAudio(wav, {}, { limits }), {
    name: "PayloadTooLargeError",
    message: "Audio is longer than the 15 min limit",
  });
  assert.equal(ffmpegStats.spawns, spawns);
});

Deno.test("normalizeAudio() refuses a container without an audio stream with a 422", async () => {
  const video = await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc=d=1:s=64x64",
    "-c:v",
    "mpeg4",
    "-f",
    "matroska",
    "pipe:1",
  ]);
  await assert.rejects(normalizeAudio(video.stdout, {}, { limits }), {
    name: "UnprocessableError",
    message: "Cannot process audio: the file has no audio stream",
  });
});

Deno.test("normalizeAudio() answers 503 without ffmpeg and 504 past its time budget", async () => {
  const flac = await makeAudio("speech", { format: "flac", seconds: 2 });
  await assert.rejects(
    normalizeAudio(flac, {}, { limits: { ...limits, ffmpegPath: "/nonexistent/ffmpeg" } }),
    {
      name: "UnavailableError",
    },
  );
  for (const format of ["flac", "wav"] as const) {
    const audio = await makeAudio("speech", { format, seconds: 2 });
    await assert.rejects(normalizeAudio(audio, {}, { limits: { ...limits, timeoutMs: 1 } }), {
      name: "UpstreamTimeoutError",
      message: "Audio processing took longer than 0.001 s: try a shorter file",
    }, format);
  }
});

Deno.test("normalizeAudio() needs no ffmpeg for a plain gain on a PCM WAV", async () => {
  const wav = await makeAudio("speech", { format: "wav", seconds: 3, gainDb: -6 });
  const spawns = ffmpegStats.spawns;
  const result = await normalizeAudio(wav, {}, {
    limits: { ...limits, ffmpegPath: "/nonexistent/ffmpeg" },
  });
  assert.equal(ffmpegStats.spawns, spawns, "ffmpeg never ran");
  assert.equal(result.normalizationType, "linear");
  const check = await measureIndependently(result.audio);
  assert.ok(Math.abs(check.i - result.target.i) <= 0.5, `${check.i} LUFS`);
  assert.ok(check.tp <= result.target.tp, `${check.tp} dBTP`);
});

Deno.test("normalizeAudio() waits in the gate and refuses past its queue with a 503", async () => {
  const gate = createGate({ concurrency: 1, queue: 1, name: "audio normalisation" });
  const wav = await makeAudio("speech", { format: "wav", seconds: 3, gainDb: -6 });
  const first = normalizeAudio(wav, {}, { limits, gate });
  const second = normalizeAudio(wav, {}, { limits, gate });
  await assert.rejects(normalizeAudio(wav, {}, { limits, gate }), {
    name: "UnavailableError",
    message: "Too many requests for audio normalisation: try again shortly",
  });
  const results = await Promise.all([first, second]);
  assert.deepEqual(results.map((r) => r.normalizationType), ["linear", "linear"]);
  assert.deepEqual(gate.load, { running: 0, waiting: 0 });
});

import assert from "node:assert/strict";
import { ffmpegStats } from "../../../lib/audio/ffmpeg.ts";
import { parseInputStream } from "../../../lib/audio/ffmpeg_log.ts";
import { DEFAULT_AUDIO_LIMITS } from "../../../lib/audio/limits.ts";
import { normalizeAudio } from "../../../lib/audio/normalize.ts";
import { floatByteViews } from "../../../lib/audio/pcm.ts";
import { wavChunks, wavPcm, wavStream } from "../../../lib/audio/wav_pcm.ts";
import { ffmpeg, measureIndependently } from "../../_support/audio_material.ts";

const limits = { ...DEFAULT_AUDIO_LIMITS };
const SPEECH = "0.5*sin(2*PI*(140+30*sin(2*PI*0.5*t))*t)*pow(0.5+0.5*sin(2*PI*4*t),2)+0.004*(2*random(0)-1)";

/** `seconds` of speech-like audio in `layout`, as ffmpeg writes a WAV with `codec`. */
async function generated(codec: string, layout: string, seconds = 4): Promise<Uint8Array> {
  const source = `aevalsrc=exprs='${SPEECH.replaceAll(",", "\\,")}':s=48000:d=${seconds}:c=${layout}`;
  const run = await ffmpeg(["-f", "lavfi", "-i", source, "-c:a", codec, "-f", "wav", "pipe:1"]);
  assert.equal(run.code, 0, run.stderr);
  return run.stdout;
}

/** ffmpeg's description of a WAV's stream. */
async function ffmpegSees(bytes: Uint8Array) {
  const run = await ffmpeg(["-f", "wav", "-i", "pipe:0", "-f", "null", "-"], bytes);
  return { ok: run.code === 0, stream: parseInputStream(run.stderr) };
}

/** A RIFF chunk: id, little-endian size, body and a pad byte when the size is odd. */
function chunk(id: string, body: Uint8Array, size = body.length): Uint8Array {
  const out = new Uint8Array(8 + body.length + (body.length & 1));
  out.set(new TextEncoder().encode(id));
  new DataView(out.buffer).setUint32(4, size, true);
  out.set(body, 8);
  return out;
}

/** A WAV of `chunks` (after "WAVE"), with the RIFF size filled in. */
function riff(chunks: Uint8Array[]): Uint8Array {
  const body = chunks.reduce((length, part) => length + part.length, 4);
  const out = new Uint8Array(8 + body);
  out.set(new TextEncoder().encode("RIFF"));
  new DataView(out.buffer).setUint32(4, body, true);
  out.set(new TextEncoder().encode("WAVE"), 8);
  let at = 12;
  for (const part of chunks) out.set(part, at), at += part.length;
  return out;
}

/** A `fmt ` body: plain (16 or 18 bytes) or extensible (40 bytes) with a speaker mask. */
function fmt(shape: { tag: number; channels: number; bits: number; mask?: number; cbSize?: boolean }) {
  const extensible = shape.mask !== undefined;
  const body = new Uint8Array(extensible ? 40 : shape.cbSize ? 18 : 16);
  const view = new DataView(body.buffer);
  const align = shape.channels * shape.bits / 8;
  view.setUint16(0, extensible ? 0xfffe : shape.tag, true);
  view.setUint16(2, shape.channels, true);
  view.setUint32(4, 48000, true);
  view.setUint32(8, 48000 * align, true);
  view.setUint16(12, align, true);
  view.setUint16(14, shape.bits, true);
  if (extensible) {
    view.setUint16(16, 22, true);
    view.setUint16(18, shape.bits, true);
    view.setUint32(20, shape.mask!, true);
    body.set([shape.tag, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xaa, 0, 0x38, 0x9b, 0x71], 24);
  }
  return body;
}

/** The samples of a WAV ffmpeg wrote. */
function samplesOf(bytes: Uint8Array): Uint8Array {
  const wav = wavPcm(bytes)!;
  return bytes.subarray(wav.offset, wav.offset + wav.frames * wav.channels * wav.bits / 8);
}

Deno.test("wavStream() describes WAV variants exactly as ffmpeg does", async () => {
  const variants: Array<[string, string, string]> = [
    ["pcm_s16le", "mono", "16-bit mono"],
    ["pcm_s16le", "stereo", "16-bit stereo"],
    ["pcm_s24le", "stereo", "24-bit stereo (extensible)"],
    ["pcm_s32le", "stereo", "32-bit integer stereo"],
    ["pcm_f32le", "stereo", "32-bit float stereo"],
    ["pcm_s16le", "5.1", "16-bit 5.1 (extensible)"],
    ["pcm_s24le", "5.1(side)", "24-bit 5.1(side) (extensible)"],
    ["pcm_f32le", "quad", "float quad (extensible)"],
  ];
  for (const [codec, layout, label] of variants) {
    const bytes = await generated(codec, layout, 2);
    const wav = wavPcm(bytes);
    assert.ok(wav, label);
    assert.deepEqual(wavStream(wav), (await ffmpegSees(bytes)).stream, label);
  }
});

Deno.test("wavPcm() finds the samples past odd chunk layouts, as ffmpeg does", async () => {
  const samples = samplesOf(await generated("pcm_s16le", "stereo", 2));
  const list = chunk("LIST", new TextEncoder().encode("INFOISFT\x05\x00\x00\x00abcde")); // odd size, padded
  const variants: Record<string, Uint8Array> = {
    "metadata before fmt, odd-sized": riff([
      list,
      chunk("fmt ", fmt({ tag: 1, channels: 2, bits: 16 })),
      chunk("data", samples),
    ]),
    "18-byte fmt, JUNK before data": riff([
      chunk("fmt ", fmt({ tag: 1, channels: 2, bits: 16, cbSize: true })),
      chunk("JUNK", new Uint8Array(27)),
      chunk("data", samples),
    ]),
    "trailing chunk after data": riff([
      chunk("fmt ", fmt({ tag: 1, channels: 2, bits: 16 })),
      chunk("data", samples),
      chunk("id3 ", new Uint8Array(11)),
    ]),
    "extensible stereo mask": riff([
      chunk("fmt ", fmt({ tag: 1, channels: 2, bits: 16, mask: 3 })),
      chunk("data", samples),
    ]),
    "data size past the end (cut short)": riff([
      chunk("fmt ", fmt({ tag: 1, channels: 2, bits: 16 })),
      chunk("data", samples, samples.length * 4),
    ]),
    "data size 0xFFFFFFFF (streamed)": riff([
      chunk("fmt ", fmt({ tag: 1, channels: 2, bits: 16 })),
      chunk("data", samples, 0xffffffff),
    ]),
  };
  for (const [label, bytes] of Object.entries(variants)) {
    const wav = wavPcm(bytes);
    assert.ok(wav, label);
    assert.deepEqual(bytes.subarray(wav.offset, wav.offset + 4), samples.subarray(0, 4), label);
    assert.equal(wav.frames, samples.length / 4, label);
    const seen = await ffmpegSees(bytes);
    assert.ok(seen.ok, label);
    assert.deepEqual(wavStream(wav), seen.stream, label);
  }
});

Deno.test("normalizeAudio() measures WAV variants in process as ebur128 does and lands on target", async () => {
  const variants: Array<[string, string]> = [
    ["pcm_s16le", "mono"],
    ["pcm_s24le", "stereo"],
    ["pcm_f32le", "stereo"],
    ["pcm_s32le", "stereo"],
    ["pcm_s16le", "5.1"],
  ];
  for (const [codec, layout] of variants) {
    const label = `${codec} ${layout}`;
    const bytes = await generated(codec, layout);
    const reference = await measureIndependently(bytes);
    const spawns = ffmpegStats.spawns;
    const result = await normalizeAudio(bytes, { format: "wav" }, { limits });
    assert.ok(
      Math.abs(result.input.integratedLufs - reference.i) <= 0.1,
      `${label}: I ${result.input.integratedLufs}`,
    );
    assert.ok(
      Math.abs(result.input.truePeakDbtp - reference.tp) <= 0.1,
      `${label}: TP ${result.input.truePeakDbtp}`,
    );
    assert.ok(Math.abs(result.input.lra - reference.lra) <= 0.2, `${label}: LRA ${result.input.lra}`);
    // 5.1 is written by ffmpeg (a WAV needs a channel mask); mono and stereo in process.
    assert.equal(ffmpegStats.spawns - spawns, layout === "5.1" ? 1 : 0, label);
    const check = await measureIndependently(result.audio);
    assert.ok(Math.abs(check.i - result.target.i) <= 0.5, `${label}: result ${check.i} LUFS`);
    assert.ok(check.tp <= result.target.tp, `${label}: result ${check.tp} dBTP`);
    assert.equal(check.channels, reference.channels, label);
  }
});

Deno.test("normalizeAudio() hands WAV headers it cannot read in place to ffmpeg, or refuses them with a 4xx", async () => {
  const samples = samplesOf(await generated("pcm_s16le", "stereo", 2));
  const odd = (shape: Parameters<typeof fmt>[0], edit?: (view: DataView) => void) => {
    const body = fmt(shape);
    edit?.(new DataView(body.buffer));
    return riff([chunk("fmt ", body), chunk("data", samples)]);
  };
  // Each case and how it ends: normalised by way of ffmpeg's decoding ("ok"), or the error refusing it.
  const cases: Array<[string, Uint8Array, string]> = [
    [
      "block align disagreeing with the channels",
      odd({ tag: 1, channels: 2, bits: 16 }, (v) => v.setUint16(12, 3, true)),
      "ok",
    ],
    ["mask naming three speakers for two channels", odd({ tag: 1, channels: 2, bits: 16, mask: 7 }), "ok"],
    [
      "a second fmt chunk",
      riff([
        chunk("fmt ", fmt({ tag: 1, channels: 2, bits: 16 })),
        chunk("fmt ", fmt({ tag: 1, channels: 1, bits: 16 })),
        chunk("data", samples),
      ]),
      "ok",
    ],
    ["unknown subformat", odd({ tag: 0x55, channels: 2, bits: 16, mask: 3 }), "UnprocessableError"],
    ["nine channels", odd({ tag: 1, channels: 9, bits: 16 }), "UnprocessableError"],
    [
      "sample rate of 4 Hz",
      odd({ tag: 1, channels: 2, bits: 16 }, (v) => (v.setUint32(4, 4, true), v.setUint32(8, 16, true))),
      "PayloadTooLargeError",
    ],
    [
      "chunk size running past the end before fmt",
      riff([chunk("LIST", new Uint8Array(4), 0xfffffff0)]),
      "InvalidInputError",
    ],
    ["truncated fmt", riff([chunk("fmt ", new Uint8Array(10))]), "InvalidInputError"],
  ];
  for (const [label, bytes, expected] of cases) {
    const spawns = ffmpegStats.spawns;
    const outcome = await normalizeAudio(bytes, { format: "wav" }, { limits }).catch((error: Error) => error);
    if (outcome instanceof Error) {
      assert.equal(outcome.name, expected, `${label}: ${outcome}`);
      continue;
    }
    assert.equal(expected, "ok", label);
    assert.ok(ffmpegStats.spawns > spawns, `${label}: decoded by ffmpeg, not read in place`);
    const check = await measureIndependently(outcome.audio);
    assert.ok(Math.abs(check.i - outcome.target.i) <= 0.5, `${label}: ${check.i} LUFS`);
    assert.ok(check.tp <= outcome.target.tp, `${label}: ${check.tp} dBTP`);
  }
});

Deno.test("floatByteViews() hands a WAV's floats to ffmpeg from one buffer, not a fresh copy a chunk", async () => {
  const bytes = await generated("pcm_s16le", "stereo");
  const wav = wavPcm(bytes)!;
  const samples = new Int16Array(bytes.slice(wav.offset, wav.offset + wav.frames * 4).buffer);
  const buffers = new Set<ArrayBufferLike>();
  let at = 0;
  let wrong = 0;
  // Each chunk is read before the next is asked for, as ffmpeg's feeder awaits each write.
  for await (const chunk of floatByteViews(wavChunks(bytes, wav))) {
    buffers.add(chunk.buffer);
    const floats = new Float32Array(chunk.slice().buffer);
    for (const value of floats) if (value !== samples[at++]! / 32768) wrong++;
  }
  assert.equal(at, samples.length);
  assert.equal(wrong, 0);
  // Four seconds are 12 chunks: copied, each was a fresh buffer of twice its input bytes.
  assert.equal(buffers.size, 1);
});

import assert from "node:assert/strict";
import {
  parseInputStream,
  parseLoudnessSummary,
  parseProcessedSeconds,
} from "../../../lib/audio/ffmpeg_log.ts";
import { ffmpeg } from "../../_support/audio_material.ts";

/** Runs ebur128 over a generated signal and returns ffmpeg's log. */
async function measureLog(source: string, extra: string[] = []): Promise<string> {
  const run = await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    source,
    ...extra,
    "-af",
    "ebur128=peak=true:framelog=verbose",
    "-f",
    "null",
    "-",
  ]);
  assert.equal(run.code, 0, run.stderr);
  return run.stderr;
}

Deno.test("parseLoudnessSummary() reads the calibration figures of a 997 Hz sine", async () => {
  // BS.1770: a 997 Hz sine at 0 dBFS peak in one channel reads -3.01 LUFS, so -20 dBFS reads -23.
  const log = await measureLog("aevalsrc=exprs='0.1*sin(2*PI*997*t)':s=48000:d=10");
  const loudness = parseLoudnessSummary(log);
  assert.ok(loudness);
  assert.ok(Math.abs(loudness.integratedLufs - -23) <= 0.1, `I ${loudness.integratedLufs}`);
  assert.ok(Math.abs(loudness.truePeakDbtp - -20) <= 0.1, `TP ${loudness.truePeakDbtp}`);
  assert.equal(loudness.lra, 0);
  assert.ok(Math.abs(loudness.threshold - (loudness.integratedLufs - 10)) <= 0.1 + 1e-9);
});

Deno.test("parseLoudnessSummary() reads silence as -70 LUFS and an -inf peak", async () => {
  const loudness = parseLoudnessSummary(await measureLog("anullsrc=d=3"));
  assert.deepEqual(loudness, { integratedLufs: -70, truePeakDbtp: -Infinity, lra: 0, threshold: 0 });
});

Deno.test("parseLoudnessSummary() returns undefined for a log without a complete summary", () => {
  assert.equal(parseLoudnessSummary("size=N/A time=00:00:01.00"), undefined);
  assert.equal(parseLoudnessSummary("Summary:\n  Integrated loudness:\n    I: -20.0 LUFS\n"), undefined);
});

Deno.test("parseInputStream() reads rate, channels, layout and depth of real inputs", async () => {
  const cases = [
    { codec: ["-c:a", "pcm_s16le", "-f", "wav"], layout: "stereo", bits: 16, expected: "pcm_s16le" },
    { codec: ["-c:a", "pcm_s24le", "-f", "wav"], layout: "mono", bits: 24, expected: "pcm_s24le" },
    {
      codec: ["-c:a", "flac", "-sample_fmt", "s32", "-f", "flac"],
      layout: "5.1",
      bits: 24,
      expected: "flac",
    },
    { codec: ["-c:a", "libmp3lame", "-f", "mp3"], layout: "stereo", bits: undefined, expected: "mp3" },
    { codec: ["-c:a", "libopus", "-f", "ogg"], layout: "mono", bits: undefined, expected: "opus" },
  ];
  for (const { codec, layout, bits, expected } of cases) {
    const encoded = await ffmpeg([
      "-f",
      "lavfi",
      "-i",
      `sine=d=1:sample_rate=48000,aformat=channel_layouts=${layout}`,
      ...codec,
      "pipe:1",
    ]);
    assert.equal(encoded.code, 0, encoded.stderr);
    const decoded = await ffmpeg(["-i", "pipe:0", "-f", "null", "-"], encoded.stdout);
    const stream = parseInputStream(decoded.stderr);
    assert.ok(stream, decoded.stderr);
    assert.equal(stream.codec, expected);
    assert.equal(stream.sampleRate, 48000);
    assert.equal(stream.layout, layout);
    assert.equal(stream.channels, { mono: 1, stereo: 2, "5.1": 6 }[layout]);
    assert.equal(stream.bits, bits, expected);
  }
});

Deno.test("parseInputStream() names a default layout for a WAV that only counts its channels", async () => {
  // A plain PCM WAV header has no channel mask: ffmpeg prints "2 channels".
  const encoded = await ffmpeg(["-f", "lavfi", "-i", "sine=d=1", "-ac", "2", "-f", "wav", "pipe:1"]);
  const decoded = await ffmpeg(["-guess_layout_max", "0", "-i", "pipe:0", "-f", "null", "-"], encoded.stdout);
  assert.match(decoded.stderr, /2 channels/);
  assert.deepEqual(parseInputStream(decoded.stderr), {
    codec: "pcm_s16le",
    sampleRate: 44100,
    channels: 2,
    layout: "stereo",
    bits: 16,
  });
});

Deno.test("parseProcessedSeconds() reads the decoded duration from the final progress line", async () => {
  const log = await measureLog("sine=d=7.25:sample_rate=44100");
  assert.equal(parseProcessedSeconds(log), 7.25);
  assert.equal(parseProcessedSeconds("no progress here"), undefined);
  assert.equal(parseProcessedSeconds("size=N/A time=01:02:03.50 bitrate=N/A"), 3723.5);
});

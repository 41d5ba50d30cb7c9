import assert from "node:assert/strict";
import { ffmpegAvailable, ffmpegFailureReason, runFfmpeg } from "../../../lib/audio/ffmpeg.ts";
import {
  PayloadTooLargeError,
  UnavailableError,
  UnprocessableError,
  UpstreamTimeoutError,
} from "../../../lib/shared/errors.ts";
import { makeAudio } from "../../_support/audio_material.ts";
import { until } from "../../_support/until.ts";

const FFMPEG = "ffmpeg";
/** A source that never ends: only a kill stops it. */
const ENDLESS = ["-hide_banner", "-nostdin", "-re", "-f", "lavfi", "-i", "anullsrc", "-f", "null", "-"];

/** Whether a process with `pid` still exists. */
async function alive(pid: number): Promise<boolean> {
  try {
    const status = await Deno.readTextFile(`/proc/${pid}/status`);
    return !/^State:\s+Z/m.test(status);
  } catch {
    return false;
  }
}

/** Pids of running ffmpeg processes that are children of this test. */
async function ourFfmpegs(): Promise<number[]> {
  const pids: number[] = [];
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const stat = await Deno.readTextFile(`/proc/${entry.name}/stat`).catch(() => "");
    const match = stat.match(/^\d+ \((.*)\) \S+ (\d+)/);
    if (match?.[1] === "ffmpeg" && Number(match[2]) === Deno.pid) pids.push(Number(entry.name));
  }
  return pids;
}

Deno.test("runFfmpeg() pipes bytes through ffmpeg and returns stdout and the log", async () => {
  const wav = await makeAudio("speech", { seconds: 2, format: "wav" });
  const { stdout, stderr } = await runFfmpeg(
    ["-hide_banner", "-nostdin", "-f", "wav", "-i", "pipe:0", "-c:a", "copy", "-f", "s16le", "pipe:1"],
    { ffmpegPath: FFMPEG, stdin: wav, timeoutMs: 30_000, maxOutputBytes: wav.length },
  );
  assert.equal(stdout.length, 2 * 48000 * 2 * 2);
  assert.deepEqual(
    stdout.subarray(0, 64),
    wav.subarray(wav.length - stdout.length, wav.length - stdout.length + 64),
  );
  assert.match(stderr, /Input #0, wav, from 'pipe:0'/);
});

Deno.test("runFfmpeg() kills ffmpeg when the time budget ends and reports a 504", async () => {
  const started = performance.now();
  await assert.rejects(runFfmpeg(ENDLESS, { ffmpegPath: FFMPEG, timeoutMs: 300 }), (error) => {
    assert.ok(error instanceof UpstreamTimeoutError);
    assert.match(error.message, /^Audio processing took longer than 300 ms: try a shorter file$/);
    return true;
  });
  assert.ok(performance.now() - started < 10_000);
  assert.deepEqual(await ourFfmpegs(), []);
});

Deno.test("runFfmpeg() kills ffmpeg when the caller aborts and rethrows the reason", async () => {
  const controller = new AbortController();
  const running = runFfmpeg(ENDLESS, { ffmpegPath: FFMPEG, timeoutMs: 60_000, signal: controller.signal });
  // Found once it runs: a cold machine's first ffmpeg can take a while to start.
  await until(async () => (await ourFfmpegs()).length > 0, "ffmpeg to start", {
    timeoutMs: 20_000,
    everyMs: 50,
  });
  const [pid] = await ourFfmpegs();
  assert.ok(pid !== undefined && await alive(pid), "ffmpeg started");
  const reason = new Error("client went away");
  controller.abort(reason);
  await assert.rejects(running, (error) => error === reason);
  assert.equal(await alive(pid), false);
});

Deno.test("runFfmpeg() stops at the output cap with a 413", async () => {
  const args = ["-hide_banner", "-f", "lavfi", "-i", "sine=d=30", "-f", "s16le", "pipe:1"];
  await assert.rejects(
    runFfmpeg(args, { ffmpegPath: FFMPEG, timeoutMs: 30_000, maxOutputBytes: 100_000 }),
    PayloadTooLargeError,
  );
});

Deno.test("runFfmpeg() maps a failed decode to a 422 naming ffmpeg's reason", async () => {
  const garbage = new TextEncoder().encode("RIFF\0\0\0\0WAVEnot really a wave file at all");
  const args = ["-hide_banner", "-nostdin", "-f", "wav", "-i", "pipe:0", "-f", "null", "-"];
  await assert.rejects(
    runFfmpeg(args, { ffmpegPath: FFMPEG, stdin: garbage, timeoutMs: 30_000 }),
    (error) => {
      assert.ok(error instanceof UnprocessableError);
      assert.match(error.message, /^Cannot process audio: .*(invalid|error|fail)/i);
      assert.doesNotMatch(error.message, /@ 0x/);
      return true;
    },
  );
});

Deno.test("runFfmpeg() is not upset when ffmpeg stops reading stdin early", async () => {
  const long = await makeAudio("music", { seconds: 20, format: "wav" });
  const args = ["-hide_banner", "-nostdin", "-f", "wav", "-t", "1", "-i", "pipe:0", "-f", "s16le", "pipe:1"];
  const { stdout } = await runFfmpeg(args, {
    ffmpegPath: FFMPEG,
    stdin: long,
    timeoutMs: 30_000,
    maxOutputBytes: long.length,
  });
  assert.equal(stdout.length, 48000 * 2 * 2);
});

Deno.test("runFfmpeg() answers 503 when the ffmpeg executable is missing", async () => {
  await assert.rejects(
    runFfmpeg(["-version"], { ffmpegPath: "/nonexistent/ffmpeg", timeoutMs: 1000 }),
    (error) => {
      assert.ok(error instanceof UnavailableError);
      assert.match(error.message, /ffmpeg is not installed/);
      assert.ok((error.retryAfterSeconds ?? 0) > 0);
      return true;
    },
  );
});

Deno.test("ffmpegAvailable() reports the installed version and a missing executable", async () => {
  const found = await ffmpegAvailable();
  assert.equal(found.ok, true);
  assert.match(found.version ?? "", /^\d+\.\d+/);
  assert.equal(await ffmpegAvailable(), await ffmpegAvailable());
  const missing = await ffmpegAvailable("/nonexistent/ffmpeg");
  assert.equal(missing.ok, false);
  assert.match(missing.error ?? "", /not installed/);
});

Deno.test("ffmpegFailureReason() picks the telling line without component prefixes", () => {
  const log = "Input #0, wav, from 'pipe:0':\n[wav @ 0x55d0c0a0] invalid start code in RIFF header\n" +
    "pipe:0: Invalid data found when processing input\nConversion failed!\n";
  assert.equal(ffmpegFailureReason(log), "Invalid data found when processing input");
  assert.equal(ffmpegFailureReason(""), "no output");
});

import assert from "node:assert/strict";
import {
  audioLimitsFromEnv,
  createAudioService,
  DEFAULT_AUDIO_LIMITS,
  formatBytes,
  formatSeconds,
} from "../../../lib/audio/limits.ts";

const NAMES = [
  "AUDIO_MAX_BYTES",
  "AUDIO_MAX_SECONDS",
  "AUDIO_CONCURRENCY",
  "AUDIO_QUEUE",
  "AUDIO_TIMEOUT_MS",
  "FFMPEG_PATH",
];

/** Runs `fn` with the given variables set, restoring the environment after. */
function withEnv(values: Record<string, string>, fn: () => void): void {
  const saved = Object.fromEntries(NAMES.map((name) => [name, Deno.env.get(name)]));
  try {
    for (const name of NAMES) Deno.env.delete(name);
    for (const [name, value] of Object.entries(values)) Deno.env.set(name, value);
    fn();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) Deno.env.delete(name);
      else Deno.env.set(name, value);
    }
  }
}

Deno.test("audioLimitsFromEnv() defaults to 50 MB, 15 minutes and two jobs at once", () => {
  withEnv({}, () => assert.deepEqual(audioLimitsFromEnv(), DEFAULT_AUDIO_LIMITS));
  assert.equal(DEFAULT_AUDIO_LIMITS.maxBytes, 50 * 1024 * 1024);
  assert.equal(DEFAULT_AUDIO_LIMITS.maxSeconds, 900);
});

Deno.test("audioLimitsFromEnv() takes overrides from the environment", () => {
  withEnv({
    AUDIO_MAX_BYTES: "1048576",
    AUDIO_MAX_SECONDS: "60",
    AUDIO_CONCURRENCY: "3",
    AUDIO_QUEUE: "0",
    AUDIO_TIMEOUT_MS: "5000",
    FFMPEG_PATH: "/opt/ffmpeg/bin/ffmpeg",
  }, () => {
    assert.deepEqual(audioLimitsFromEnv(), {
      maxBytes: 1048576,
      maxSeconds: 60,
      concurrency: 3,
      queue: 0,
      timeoutMs: 5000,
      ffmpegPath: "/opt/ffmpeg/bin/ffmpeg",
    });
  });
});

Deno.test("audioLimitsFromEnv() refuses a malformed value by name", () => {
  withEnv({ AUDIO_MAX_SECONDS: "ten" }, () => {
    assert.throws(
      () => audioLimitsFromEnv(),
      /Invalid AUDIO_MAX_SECONDS "ten": expected a number of at least 1/,
    );
  });
  withEnv({ AUDIO_CONCURRENCY: "0" }, () => assert.throws(() => audioLimitsFromEnv(), RangeError));
});

Deno.test("createAudioService() applies overrides and gates with them", () => {
  const service = createAudioService({ concurrency: 1, queue: 2, maxSeconds: 5 });
  assert.equal(service.limits.maxSeconds, 5);
  assert.deepEqual(service.gate.load, { running: 0, waiting: 0 });
});

Deno.test("formatBytes() and formatSeconds() word limits for messages", () => {
  assert.equal(formatBytes(50 * 1024 * 1024), "50 MB");
  assert.equal(formatBytes(100 * 1024), "100 KB");
  assert.equal(formatSeconds(900), "15 min");
  assert.equal(formatSeconds(90), "90 s");
});

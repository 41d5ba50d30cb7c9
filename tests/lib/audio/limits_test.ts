import assert from "node:assert/strict";
import {
  createAudioService,
  DEFAULT_AUDIO_LIMITS,
  formatBytes,
  formatSeconds,
} from "../../../lib/audio/limits.ts";

Deno.test("createAudioService() applies overrides over 50 MB and 15 minutes, and gates with them", () => {
  assert.deepEqual(createAudioService().limits, DEFAULT_AUDIO_LIMITS);
  assert.equal(DEFAULT_AUDIO_LIMITS.maxBytes, 50 * 1024 * 1024);
  assert.equal(DEFAULT_AUDIO_LIMITS.maxSeconds, 900);
  const service = createAudioService({ concurrency: 1, queue: 2, maxSeconds: 5 });
  assert.equal(service.limits.maxSeconds, 5);
  assert.equal(service.limits.maxBytes, DEFAULT_AUDIO_LIMITS.maxBytes);
  assert.deepEqual(service.gate.load, { running: 0, waiting: 0 });
});

Deno.test("formatBytes() and formatSeconds() word limits for messages", () => {
  assert.equal(formatBytes(50 * 1024 * 1024), "50 MB");
  assert.equal(formatBytes(100 * 1024), "100 KB");
  assert.equal(formatSeconds(900), "15 min");
  assert.equal(formatSeconds(90), "90 s");
});

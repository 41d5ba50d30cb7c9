import assert from "node:assert/strict";
import { DEFAULT_AUDIO_LIMITS } from "../../../lib/audio/limits.ts";
import { createAudioService } from "../../../lib/audio/service.ts";

Deno.test("createAudioService() applies overrides over 384 MB and 15 minutes, and gates with them", () => {
  assert.deepEqual(createAudioService().limits, DEFAULT_AUDIO_LIMITS);
  assert.equal(DEFAULT_AUDIO_LIMITS.maxBytes, 384 * 1024 * 1024);
  assert.equal(DEFAULT_AUDIO_LIMITS.maxSeconds, 900);
  const service = createAudioService({ concurrency: 1, queue: 2, maxSeconds: 5 });
  assert.equal(service.limits.maxSeconds, 5);
  assert.equal(service.limits.maxBytes, DEFAULT_AUDIO_LIMITS.maxBytes);
  assert.deepEqual(service.gate.load, { running: 0, waiting: 0 });
});

import assert from "node:assert/strict";
import { ffmpegAvailable } from "../../../lib/audio/ffmpeg.ts";
import { probeFfmpeg } from "../../../lib/audio/ffmpeg_probe.ts";

const CHILD = new URL("./_probe_child.ts", import.meta.url).pathname;

/** Runs the probe in a fresh `deno run` with `permissions`, returning what it printed. */
async function probeIn(permissions: string[], ffmpegPath: string) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", ...permissions, CHILD, ffmpegPath],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  assert.ok(output.success, stderr);
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

Deno.test("probeFfmpeg() in a runtime without --allow-run reports the missing permission, not a missing binary", async () => {
  const { probe, run } = await probeIn(["--allow-read"], "ffmpeg");
  assert.equal(probe.available, false);
  assert.equal(probe.reason, "missing_permission");
  assert.match(probe.detail, /--allow-run/);
  // A run in the same runtime is a clear 503 naming the permission, not a crash.
  assert.deepEqual(run, {
    ok: false,
    name: "UnavailableError",
    message: "Audio processing is unavailable: this server is not permitted to run ffmpeg",
    details: { reason: "missing_permission" },
  });
});

Deno.test("probeFfmpeg() in a runtime allowed to run ffmpeg finds its version", async () => {
  const { probe, run } = await probeIn(["--allow-read", "--allow-run=ffmpeg"], "ffmpeg");
  assert.equal(probe.available, true);
  assert.match(probe.version, /^\d+\.\d+/);
  assert.deepEqual(run, { ok: true });
});

Deno.test("probeFfmpeg() tells a missing binary from one that cannot be executed", async () => {
  const missing = await probeIn(["--allow-read", "--allow-run"], "/nonexistent/bin/ffmpeg");
  assert.equal(missing.probe.reason, "missing_binary");
  assert.equal(missing.run.details.reason, "missing_binary");
  assert.match(missing.run.message, /ffmpeg is not installed/);

  const notExecutable = await Deno.makeTempFile({ prefix: "ffmpeg-" });
  const failing = await Deno.makeTempFile({ prefix: "ffmpeg-" });
  try {
    await Deno.writeTextFile(notExecutable, "#!/bin/sh\necho ffmpeg version 9\n");
    await Deno.chmod(notExecutable, 0o644);
    const denied = await probeFfmpeg(notExecutable);
    assert.equal(denied.available, false);
    assert.equal(denied.available === false && denied.reason, "not_runnable");

    await Deno.writeTextFile(failing, "#!/bin/sh\necho 'broken install' >&2\nexit 3\n");
    await Deno.chmod(failing, 0o755);
    const broken = await probeFfmpeg(failing);
    assert.equal(broken.available === false && broken.reason, "not_runnable");
    assert.match(broken.available === false ? broken.detail : "", /exited with code 3: broken install/);
  } finally {
    await Deno.remove(notExecutable);
    await Deno.remove(failing);
  }
});

Deno.test("ffmpegAvailable() carries the probe's reason for /healthz", async () => {
  const missing = await ffmpegAvailable("/nonexistent/bin/ffmpeg-for-health");
  assert.equal(missing.ok, false);
  assert.equal(missing.reason, "missing_binary");
});

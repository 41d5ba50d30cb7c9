import assert from "node:assert/strict";
import { makeAudio } from "../../_support/audio_material.ts";
import { MARKERS } from "./_normalize_child.ts";

const CHILD = new URL("./_normalize_child.ts", import.meta.url).pathname;

/** File-system calls that create, change or remove something. */
const WRITES =
  /^\s*(\d+\s+)?(creat|mkdir|mkdirat|rename|renameat2?|unlink|unlinkat|link|linkat|symlink|symlinkat|truncate|mknod|mknodat)\(|O_WRONLY|O_RDWR|O_CREAT|O_TRUNC/;

async function straceAvailable(): Promise<boolean> {
  try {
    return (await new Deno.Command("strace", { args: ["-V"], stdout: "null", stderr: "null" }).output())
      .success;
  } catch {
    return false;
  }
}

/** Runs the child with `input` on stdin, from `cwd`, optionally under `prefix` (a tracer). */
async function runChild(input: Uint8Array, cwd: string, prefix: string[] = []) {
  const [command, ...args] = [...prefix, Deno.execPath(), "run", "-A", CHILD];
  const child = new Deno.Command(command!, { args, cwd, stdin: "piped", stdout: "piped", stderr: "piped" })
    .spawn();
  const writer = child.stdin.getWriter();
  await writer.write(input);
  await writer.close();
  const { success, stdout, stderr } = await child.output();
  assert.ok(success, new TextDecoder().decode(stderr));
  return JSON.parse(new TextDecoder().decode(stdout));
}

/** The trace lines of the request made by the child on `input`. */
async function traceRequest(input: Uint8Array): Promise<string[]> {
  const log = await Deno.makeTempFile({ suffix: ".strace" });
  try {
    const summary = await runChild(input, Deno.cwd(), [
      "strace",
      "-f",
      "-qq",
      "-e",
      "trace=%file,creat",
      "-o",
      log,
    ]);
    assert.equal(summary.type, "linear");
    const lines = (await Deno.readTextFile(log)).split("\n");
    const start = lines.findIndex((line) => line.includes(MARKERS.start));
    const end = lines.findIndex((line) => line.includes(MARKERS.end));
    assert.ok(start >= 0 && end > start, "both markers traced");
    return lines.slice(start, end + 1);
  } finally {
    await Deno.remove(log);
  }
}

Deno.test({
  name: "normalizeAudio() opens no file for writing anywhere during a request (syscall trace)",
  ignore: !(await straceAvailable()),
  async fn() {
    // FLAC goes through ffmpeg twice (decode, then gain and encode); a WAV with a plain gain not at all.
    for (const format of ["flac", "wav"] as const) {
      const input = await makeAudio("speech", { format, seconds: 5, gainDb: -6 });
      const request = await traceRequest(input);
      const ffmpegs = request.filter((line) => /execve\("[^"]*ffmpeg"/.test(line));
      if (format === "wav") assert.equal(ffmpegs.length, 0, "a WAV is measured and written in process");
      else assert.ok(ffmpegs.length >= 1, "ffmpeg ran under the trace");
      for (const line of ffmpegs) assert.match(line, /"-protocol_whitelist", "pipe"/);
      const writes = request.filter((line) => WRITES.test(line) && !/ENOENT/.test(line));
      assert.deepEqual(writes, [], format);
    }
  },
});

Deno.test("normalizeAudio() leaves its working directory and the root directory untouched", async () => {
  const input = await makeAudio("music", { format: "flac", seconds: 5, gainDb: -10 });
  const cwd = await Deno.makeTempDir();
  const events: string[] = [];
  const watchers = [Deno.watchFs(cwd, { recursive: true }), Deno.watchFs("/", { recursive: false })];
  const collecting = watchers.map(async (watcher) => {
    for await (const event of watcher) events.push(`${event.kind} ${event.paths.join(", ")}`);
  });
  try {
    const summary = await runChild(input, cwd);
    assert.equal(summary.type, "linear");
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    for (const watcher of watchers) watcher.close();
    await Promise.all(collecting);
    await Deno.remove(cwd, { recursive: true });
  }
  assert.deepEqual(events, []);
  assert.equal([...Deno.readDirSync("/")].some((entry) => entry.name.startsWith("__audio_request")), false);
});

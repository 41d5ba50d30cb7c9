/**
 * A process whose PDF pool is left idle exits as soon as its work is done:
 * the idle threads, their retirement timers and the timer that starts a
 * helper once the pool is quiet never hold it open. The conversion it awaited
 * did hold it (the pool tests await warm-ups and conversions with nothing
 * else pending).
 */
import assert from "node:assert/strict";

/** The idle time of the child's pool; the scanner keeps its idle thread as long (30 s). */
const IDLE_MS = 30_000;
/**
 * How long the child's pool waits before it looks for a quiet moment to start
 * its helper. Far longer than any exit takes, even on a loaded machine, so the
 * helper starts only if its timer held the process; the pool's default (1 s)
 * is shorter than a loaded machine may take to wind a process down.
 */
const QUIET_MS = 15_000;

Deno.test("a process that converted a PDF exits within its pool's idle time, not after it", async () => {
  const script = new URL("./_convert_and_idle.ts", import.meta.url).pathname;
  const pdf = new URL("./fixtures/multipage.pdf", import.meta.url).pathname;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-env", script, pdf, String(IDLE_MS), String(QUIET_MS)],
    cwd: new URL("../../../", import.meta.url).pathname,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const lines = readLines(child.stdout);
  const converted = await lines.next();
  // The child printed its result: it has nothing left to do but wait for its idle threads' timers.
  const printedAt = performance.now();
  let killed = false;
  const guard = setTimeout(() => {
    killed = true;
    child.kill("SIGKILL");
  }, IDLE_MS);
  const status = await child.status;
  clearTimeout(guard);
  const waited = Math.round(performance.now() - printedAt);
  assert.ok(!killed, `the process was still running ${IDLE_MS} ms after its conversion`);
  assert.ok(status.success, `exit code ${status.code}: ${await stderr}`);
  const result = JSON.parse(converted.value!);
  assert.equal(result.pages, 14);
  // Its pool had a worker alive, idle, when the script ended.
  assert.equal(result.stats.live, 1, JSON.stringify(result.stats));
  // It left without waiting for the look for a quiet moment: the helper due then never started.
  const atExit = JSON.parse((await lines.next()).value!);
  assert.equal(atExit.stats.started, 1, JSON.stringify(atExit.stats));
  console.log(`exited ${waited} ms after its conversion (idle time ${IDLE_MS} ms)`);
});

/** The lines `stream` carries, each as soon as it has come (the stream itself ends when the process exits). */
async function* readLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let text = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    text += chunk;
    for (let cut = text.indexOf("\n"); cut >= 0; cut = text.indexOf("\n")) {
      yield text.slice(0, cut);
      text = text.slice(cut + 1);
    }
  }
  if (text) yield text;
}

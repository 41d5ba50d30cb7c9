import assert from "node:assert/strict";
import { onDeadline } from "../../../lib/shared/deadline_queue.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

Deno.test("onDeadline() calls each deadline once it falls due, in order, and never an ended one", async () => {
  const started = performance.now();
  const fired: [string, number][] = [];
  const at = (name: string) => () => fired.push([name, performance.now() - started]);
  const endFirst = onDeadline(40, at("first"));
  await sleep(10);
  onDeadline(40, at("second"));
  onDeadline(15, at("shorter"));
  await sleep(10);
  onDeadline(40, at("third"));
  // The first of its queue, the one its timer is set for, ended: the second still falls due at its own time.
  endFirst();
  await sleep(90);
  assert.deepEqual(fired.map(([name]) => name), ["shorter", "second", "third"]);
  const when = Object.fromEntries(fired);
  assert.ok(when.shorter! >= 25, `shorter fired at ${when.shorter} ms, set at 10 for 15`);
  assert.ok(when.second! >= 50, `second fired at ${when.second} ms, set at 10 for 40`);
  assert.ok(when.third! >= 60, `third fired at ${when.third} ms, set at 20 for 40`);
});

Deno.test("onDeadline(): a deadline set after its queue's timer fired for nothing is still called", async () => {
  let fired = 0;
  onDeadline(20, () => fired++)();
  await sleep(40); // the queue's timer fires with nothing due and the queue is gone
  onDeadline(20, () => fired++);
  await sleep(50);
  assert.equal(fired, 1);
});

Deno.test("onDeadline(): one deadline that throws does not keep the others of its queue from being called", async () => {
  const reported: unknown[] = [];
  const onError = (event: ErrorEvent) => {
    event.preventDefault();
    reported.push(event.error);
  };
  globalThis.addEventListener("error", onError);
  try {
    let called = false;
    onDeadline(10, () => {
      throw new Error("first fails");
    });
    onDeadline(10, () => called = true);
    await sleep(40);
    assert.equal(called, true);
    assert.equal((reported[0] as Error).message, "first fails");
  } finally {
    globalThis.removeEventListener("error", onError);
  }
});

/** The standard output of a child Deno process that imports `onDeadline` and runs `code`. */
async function childRunning(code: string): Promise<string> {
  const module = new URL("../../../lib/shared/deadline_queue.ts", import.meta.url).href;
  const { stdout, success } = await new Deno.Command(Deno.execPath(), {
    args: ["eval", `import { onDeadline } from "${module}";\n${code}`],
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.ok(success);
  return new TextDecoder().decode(stdout).trim();
}

Deno.test("onDeadline({ keepsAlive }) holds the process open until it falls due; by default nothing does", async () => {
  // With nothing else pending, a process exits without waiting for a deadline that does not hold it open.
  const run = (keepsAlive: boolean) =>
    childRunning(`onDeadline(50, () => console.log("fired"), { keepsAlive: ${keepsAlive} });`);
  assert.equal(await run(true), "fired");
  assert.equal(await run(false), "");
});

Deno.test("onDeadline({ keepsAlive }) ended lets the process go at once, its queue's timer still set", async () => {
  const lived = Number(
    await childRunning(
      `const started = performance.now();\n` +
        `onDeadline(5000, () => console.log("fired"), { keepsAlive: true })();\n` +
        `globalThis.addEventListener("unload", () => console.log(Math.round(performance.now() - started)));`,
    ),
  );
  assert.ok(lived < 2000, `the process lived ${lived} ms after its only deadline was ended`);
});

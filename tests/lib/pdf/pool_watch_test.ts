/**
 * The watch over a conversion lets go of its time budget when the conversion
 * settles: a budget left running would keep the conversion's signals, and
 * whatever listens to them, for the budget's whole length.
 */
import assert from "node:assert/strict";
import { DEFAULT_PDF_LIMITS } from "../../../lib/pdf/limits.ts";
import { watchConversion } from "../../../lib/pdf/pool_watch.ts";
import { UnprocessableError } from "../../../lib/shared/errors.ts";

const limits = (timeBudgetMs: number) => ({ ...DEFAULT_PDF_LIMITS, timeBudgetMs });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

Deno.test("a detached watch's budget is ended: its signal never aborts", async () => {
  const watch = watchConversion({ limits: limits(30) }, []);
  watch.stopped.catch(() => {});
  watch.detach();
  await pause(80);
  assert.equal(watch.signal.aborted, false);
});

Deno.test("a spent budget stops the threads and names the budget", async () => {
  let terminated = 0;
  const thread = { terminate: () => terminated++ } as unknown as Parameters<
    typeof watchConversion
  >[1][number];
  const watch = watchConversion({ limits: limits(20) }, [thread]);
  // The budget's timer does not keep the process alive (a service's listener does): this pause does.
  const alive = pause(200);
  await assert.rejects(watch.stopped, (error: Error) => {
    assert.ok(error instanceof UnprocessableError);
    assert.match(error.message, /0\.02 s budget/);
    return true;
  });
  assert.equal(terminated, 1);
  watch.detach();
  await alive;
});

Deno.test("a caller who leaves stops the conversion with the caller's reason", async () => {
  const caller = new AbortController();
  const watch = watchConversion({ limits: limits(60_000), signal: caller.signal }, []);
  caller.abort(new Error("gone"));
  await assert.rejects(watch.stopped, /cancelled/);
  watch.detach();
});

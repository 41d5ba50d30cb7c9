/**
 * A pool worker thread answers the requests sent to it in the order they were
 * sent, even when a second is sent before the first is answered (a warm-up
 * still loading pdf.js when a conversion takes the thread), and holds the
 * process open while one is unanswered.
 */
import assert from "node:assert/strict";
import { DEFAULT_PDF_LIMITS } from "../../../lib/pdf/limits.ts";
import { startThread } from "../../../lib/pdf/pool_thread.ts";

const fixture = (name: string) => Deno.readFile(new URL(`./fixtures/${name}`, import.meta.url));

Deno.test("a worker thread answers requests sent before the previous one was answered, in order", async () => {
  // Nothing else is pending while the requests are awaited: a thread with a request unanswered holds the process.
  const thread = startThread(256, () => {});
  try {
    const limits = { ...DEFAULT_PDF_LIMITS, timeBudgetMs: Number.MAX_SAFE_INTEGER };
    const fields = { limits, startedAt: Date.now() };
    const order: string[] = [];
    const note = <T>(name: string, promise: Promise<T>) =>
      promise.then((answer) => (order.push(name), answer));
    const warm = note("warm", thread.request({ type: "warm" }));
    const plan = note(
      "plan",
      thread.request({ type: "plan", options: {}, ...fields }, await fixture("multipage.pdf")),
    );
    assert.equal(thread.busy, true);
    const planned = await plan;
    await warm;
    assert.deepEqual(order, ["warm", "plan"]);
    assert.equal(planned.reply.type, "plan");
    assert.equal((planned.reply as { plan: { numPages: number } }).plan.numPages, 14);
    assert.equal(thread.busy, false);
    // Three at once: the outline is read before the finish closes the document, as they were sent.
    const outline = thread.request({ type: "outline" });
    const again = thread.request({ type: "warm" });
    const finished = await thread.request({ type: "finish", lengths: [], includePageBreaks: false });
    assert.equal(finished.reply.type, "result");
    assert.equal((await outline).reply.type, "done");
    assert.equal((await again).reply.type, "done");
  } finally {
    thread.terminate();
  }
});

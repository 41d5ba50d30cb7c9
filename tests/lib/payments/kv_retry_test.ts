/** A busy shared KV file is retried, then answered with a 503; other errors pass through at once. */
import assert from "node:assert/strict";
import { UnavailableError } from "../../../lib/shared/errors.ts";
import { retryWhileBusy } from "../../../lib/payments/kv_retry.ts";

Deno.test("retryWhileBusy() retries 'database is locked' until the write goes through", async () => {
  let calls = 0;
  const result = await retryWhileBusy(() => {
    calls++;
    return calls < 4 ? Promise.reject(new TypeError("database is locked")) : Promise.resolve("done");
  });
  assert.equal(result, "done");
  assert.equal(calls, 4);
});

Deno.test("retryWhileBusy() gives up past its budget with a 503, and passes other errors at once", async () => {
  await assert.rejects(
    retryWhileBusy(() => Promise.reject(new TypeError("database is locked")), 50),
    (error: unknown) => error instanceof UnavailableError && error.retryAfterSeconds === 1,
  );
  let calls = 0;
  await assert.rejects(
    retryWhileBusy(() => {
      calls++;
      return Promise.reject(new RangeError("value too large"));
    }),
    RangeError,
  );
  assert.equal(calls, 1);
});

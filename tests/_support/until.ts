/**
 * Waiting in tests for something the code under test does in its own time:
 * the condition is checked until it holds, and a test that waits too long
 * fails naming what never came, instead of sleeping a fixed time that a
 * slow machine can outrun.
 *
 * @module
 */
import assert from "node:assert/strict";

/** How long {@linkcode until} waits, and how often it checks. */
export interface UntilOptions {
  /** Milliseconds before the wait fails (default 10,000). */
  timeoutMs?: number;
  /** Milliseconds between checks (default 20). */
  everyMs?: number;
}

/** Resolves once `condition()` holds; fails with "timed out waiting for `what`" past the timeout. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 10_000, everyMs = 20 }: UntilOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

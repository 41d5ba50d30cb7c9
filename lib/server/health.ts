/**
 * Dependency checks for `/healthz`, cached and bounded so that health checks
 * never make the endpoint slow: each check has a time budget, and its result
 * is reused for a while.
 *
 * @module
 */

/** The outcome of one dependency check. */
export interface CheckResult {
  ok: boolean;
  detail?: string;
}

/** A named dependency check. */
export interface HealthCheck {
  name: string;
  /** Whether a failure makes the service degraded (true) or only limits a feature (false). */
  critical: boolean;
  run(signal: AbortSignal): Promise<CheckResult>;
}

/** Options for {@linkcode createHealth}. */
export interface HealthOptions {
  /** Time budget of one check (default 1 s). */
  timeoutMs?: number;
  /** How long a result is reused (default 10 s). */
  ttlMs?: number;
}

/** Runs the checks, at most once per `ttlMs`, each within `timeoutMs`. */
export function createHealth(checks: HealthCheck[], options: HealthOptions = {}) {
  const { timeoutMs = 1_000, ttlMs = 10_000 } = options;
  let cached:
    | { at: number; results: Promise<Record<string, CheckResult & { critical: boolean }>> }
    | undefined;

  async function runOne(check: HealthCheck): Promise<CheckResult> {
    const signal = AbortSignal.timeout(timeoutMs);
    const timedOut = new Promise<CheckResult>((resolve) =>
      signal.addEventListener(
        "abort",
        () => resolve({ ok: false, detail: `no answer within ${timeoutMs} ms` }),
      )
    );
    try {
      return await Promise.race([check.run(signal), timedOut]);
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  /** The latest results, refreshed when older than the TTL. */
  return function results(): Promise<Record<string, CheckResult & { critical: boolean }>> {
    if (!cached || Date.now() - cached.at > ttlMs) {
      cached = {
        at: Date.now(),
        results: Promise.all(
          checks.map(async (check) =>
            [check.name, { ...(await runOne(check)), critical: check.critical }] as const
          ),
        )
          .then(Object.fromEntries),
      };
    }
    return cached.results;
  };
}

/**
 * The outcome of a `getSlot` answer: healthy only when it is a slot number
 * (a non-negative integer), whatever else an RPC may send back.
 */
export function slotCheck(slot: unknown): CheckResult {
  const valid = (typeof slot === "bigint" && slot >= 0n) ||
    (typeof slot === "number" && Number.isSafeInteger(slot) && slot >= 0);
  return valid
    ? { ok: true, detail: `slot ${slot}` }
    : { ok: false, detail: `malformed getSlot answer: expected a slot number, got ${describeValue(slot)}` };
}

function describeValue(value: unknown): string {
  const text = typeof value === "bigint" ? `${value}` : JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

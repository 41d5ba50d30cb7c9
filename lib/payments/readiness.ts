/**
 * Whether the facilitator has been reached: the resource server learns what
 * the facilitator supports once, every rail's network must be among it, and
 * while that fails every paid call is refused with a 503 (fail closed). Failed
 * attempts are retried at most once per `retryMs`, so an unreachable
 * facilitator is not hammered by every request; each attempt is bounded by
 * `attemptTimeoutMs`, so a facilitator that accepts connections and never
 * answers holds no caller longer than that. {@linkcode FacilitatorReadiness.start}
 * keeps trying in the background, the pause doubling up to `retryMaxMs`, so
 * the service becomes ready without a request and without a restart.
 *
 * @module
 */
import type { x402ResourceServer } from "@x402/core/server";
import { UnavailableError } from "../shared/errors.ts";
import type { PaymentRail } from "./rails.ts";
import { withinTime } from "./within_time.ts";

/** Bounds of reaching the facilitator. */
export interface ReadinessTiming {
  /** Time budget of one attempt, in ms (default 3 s). */
  attemptTimeoutMs?: number;
  /** Longest pause between background attempts, in ms (default 30 s). */
  retryMaxMs?: number;
}

/** A change of readiness, for the log. */
export type ReadinessChange =
  | { readonly ready: true }
  | { readonly ready: false; readonly error: string; readonly retryInMs: number };

/** The facilitator's reachability, for one resource server and its rails. */
export class FacilitatorReadiness {
  readonly #server: x402ResourceServer;
  readonly #rails: PaymentRail[];
  readonly #retryMs: number;
  readonly #attemptTimeoutMs: number;
  readonly #retryMaxMs: number;
  #ready = false;
  #initializing?: Promise<void>;
  #lastFailure = 0;
  #lastError = "not contacted yet";
  #timer?: ReturnType<typeof setTimeout>;
  #stopped = false;

  constructor(
    server: x402ResourceServer,
    rails: PaymentRail[],
    retryMs: number,
    timing: ReadinessTiming = {},
  ) {
    this.#server = server;
    this.#rails = rails;
    this.#retryMs = retryMs;
    this.#attemptTimeoutMs = timing.attemptTimeoutMs ?? 3_000;
    this.#retryMaxMs = Math.max(retryMs, timing.retryMaxMs ?? 30_000);
  }

  /**
   * Tries to reach the facilitator now and, while it fails, again after a
   * pause of `retryMs` doubled at each failure up to `retryMaxMs`; `onChange`
   * hears each failure and the success. Never waits on the caller.
   */
  start(onChange: (change: ReadinessChange) => void = () => {}): void {
    const attempt = (pauseMs: number) => {
      this.#timer = undefined;
      if (this.#stopped) return;
      this.ready().then(
        () => onChange({ ready: true }),
        () => {
          if (this.#stopped || this.#ready) return;
          onChange({ ready: false, error: this.#lastError, retryInMs: pauseMs });
          const timer = setTimeout(() => attempt(Math.min(pauseMs * 2, this.#retryMaxMs)), pauseMs);
          // A pending attempt never keeps the process alive.
          Deno.unrefTimer(timer);
          this.#timer = timer;
        },
      );
    };
    attempt(this.#retryMs);
  }

  /** Stops the background attempts (an attempt under way finishes on its own, within its time budget). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  /** Whether the facilitator has been reached, and the last error if not. */
  get status(): { ready: boolean; error?: string } {
    return this.#ready ? { ready: true } : { ready: false, error: this.#lastError };
  }

  /** Reaches the facilitator once; throws {@linkcode UnavailableError} while it cannot be reached. */
  async ready(): Promise<void> {
    if (this.#ready) return;
    if (!this.#initializing) {
      if (Date.now() - this.#lastFailure < this.#retryMs) throw this.#unavailable();
      this.#initializing = this.#initialize().finally(() => this.#initializing = undefined);
    }
    await this.#initializing;
  }

  async #initialize(): Promise<void> {
    try {
      await withinTime(this.#server.initialize(), this.#attemptTimeoutMs, "supported");
      const missing = this.#rails.filter((rail) => !this.#server.getSupportedKind(2, rail.network, "exact"));
      if (missing.length > 0) {
        throw new Error(
          `facilitator does not support ${missing.map((rail) => `"${rail.network}"`).join(", ")}`,
        );
      }
      this.#ready = true;
    } catch (error) {
      this.#lastFailure = Date.now();
      this.#lastError = error instanceof Error ? error.message : String(error);
      throw this.#unavailable(error);
    }
  }

  #unavailable(cause?: unknown): UnavailableError {
    return new UnavailableError(
      "Payment facilitator is unreachable: paid requests are refused until it answers",
      {
        cause,
        retryAfterSeconds: Math.ceil(this.#retryMs / 1000) + 1,
      },
    );
  }
}

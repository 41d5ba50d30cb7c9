/**
 * Whether the facilitator has been reached: the resource server learns what
 * the facilitator supports once, every rail's network must be among it, and
 * while that fails every paid call is refused with a 503 (fail closed). Failed
 * attempts are retried at most once per `retryMs`, so an unreachable
 * facilitator is not hammered by every request.
 *
 * @module
 */
import type { x402ResourceServer } from "@x402/core/server";
import { UnavailableError } from "../shared/errors.ts";
import type { PaymentRail } from "./rails.ts";

/** The facilitator's reachability, for one resource server and its rails. */
export class FacilitatorReadiness {
  readonly #server: x402ResourceServer;
  readonly #rails: PaymentRail[];
  readonly #retryMs: number;
  #ready = false;
  #initializing?: Promise<void>;
  #lastFailure = 0;
  #lastError = "not contacted yet";

  constructor(server: x402ResourceServer, rails: PaymentRail[], retryMs: number) {
    this.#server = server;
    this.#rails = rails;
    this.#retryMs = retryMs;
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
      await this.#server.initialize();
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

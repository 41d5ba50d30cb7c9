import assert from "node:assert/strict";
import { x402ResourceServer } from "@x402/core/server";
import type { FacilitatorClient } from "@x402/core/server";
import type { Network, SupportedResponse } from "@x402/core/types";
import { UnavailableError } from "../../../lib/shared/errors.ts";
import { FacilitatorReadiness } from "../../../lib/payments/readiness.ts";
import { NETWORKS, type PaymentRail, solanaRail } from "../../../lib/payments/rails.ts";

const NETWORK = NETWORKS.solanaDevnet.network;
const FEE_PAYER = "FeePayer11111111111111111111111111111111111";

/**
 * A facilitator whose `getSupported` the test scripts: each answer is taken
 * from `answers` in turn (the last one repeats); an Error is thrown, a list of
 * networks is returned as the `exact` kinds supported, and a gate, when set,
 * holds every answer until it is opened.
 */
function fakeFacilitator(answers: Array<Error | Network[]>): FacilitatorClient & {
  calls: number;
  gate?: PromiseWithResolvers<void>;
} {
  const fake = {
    calls: 0,
    gate: undefined as PromiseWithResolvers<void> | undefined,
    async getSupported(): Promise<SupportedResponse> {
      const answer = answers[Math.min(fake.calls, answers.length - 1)]!;
      fake.calls++;
      await fake.gate?.promise;
      if (answer instanceof Error) throw answer;
      return {
        kinds: answer.map((network) => ({
          x402Version: 2,
          scheme: "exact",
          network,
          extra: { feePayer: FEE_PAYER },
        })),
        extensions: [],
        signers: {},
      };
    },
    verify: () => Promise.reject(new Error("not used")),
    settle: () => Promise.reject(new Error("not used")),
  };
  return fake;
}

/** Readiness for one Solana rail on a real resource server over `facilitator`. */
function readinessOf(facilitator: FacilitatorClient, retryMs: number): FacilitatorReadiness {
  const rail: PaymentRail = solanaRail({
    network: NETWORK,
    asset: NETWORKS.solanaDevnet.usdc,
    payTo: FEE_PAYER,
  });
  const server = new x402ResourceServer(facilitator);
  return new FacilitatorReadiness(server, [rail], retryMs);
}

/** The error `ready()` rejects with. */
async function refusal(readiness: FacilitatorReadiness): Promise<UnavailableError> {
  const error = await readiness.ready().then(() => undefined, (error: unknown) => error);
  assert.ok(error instanceof UnavailableError, `expected UnavailableError, got ${error}`);
  return error;
}

/** The chain of causes below `error`. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let cause = (error as Error).cause; cause !== undefined; cause = (cause as Error).cause) {
    chain.push(cause);
  }
  return chain;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The resource server warns on the console for each failed attempt; keep the test output readable.
function quietly(body: () => Promise<void>): () => Promise<void> {
  return async () => {
    const warn = console.warn;
    console.warn = () => {};
    try {
      await body();
    } finally {
      console.warn = warn;
    }
  };
}

Deno.test("FacilitatorReadiness: not ready before the facilitator is contacted", () => {
  const facilitator = fakeFacilitator([[NETWORK]]);
  assert.deepEqual(readinessOf(facilitator, 1_000).status, { ready: false, error: "not contacted yet" });
  assert.equal(facilitator.calls, 0, "nothing is contacted at construction");
});

Deno.test("FacilitatorReadiness: becomes ready once the facilitator answers, and asks only once", async () => {
  const facilitator = fakeFacilitator([[NETWORK]]);
  const readiness = readinessOf(facilitator, 1_000);
  await readiness.ready();
  assert.deepEqual(readiness.status, { ready: true });
  await readiness.ready();
  await readiness.ready();
  assert.equal(facilitator.calls, 1);
});

Deno.test(
  "FacilitatorReadiness: an unreachable facilitator is refused with a 503-kind error naming a retry, and reported",
  quietly(async () => {
    const down = new Error("connect ECONNREFUSED 127.0.0.1:9");
    const readiness = readinessOf(fakeFacilitator([down]), 2_500);
    const error = await refusal(readiness);
    assert.equal(error.kind, "unavailable");
    assert.match(error.message, /facilitator is unreachable/);
    assert.equal(error.retryAfterSeconds, 4, "the pause in whole seconds, rounded up, plus one");
    assert.ok(causes(error).includes(down), "the facilitator's own error is kept as the cause");
    const status = readiness.status;
    assert.equal(status.ready, false);
    assert.notEqual(status.error, "not contacted yet");
    assert.ok(status.error && status.error.length > 0);
  }),
);

Deno.test(
  "FacilitatorReadiness: after a failure it waits its pause before asking again",
  quietly(async () => {
    const facilitator = fakeFacilitator([new Error("down")]);
    const readiness = readinessOf(facilitator, 1_000);
    await refusal(readiness);
    assert.equal(facilitator.calls, 1);
    for (let i = 0; i < 5; i++) await refusal(readiness);
    assert.equal(facilitator.calls, 1, "refused within the pause without contacting the facilitator");
    await sleep(1_050);
    await refusal(readiness);
    assert.equal(facilitator.calls, 2, "asked again once the pause is over");
  }),
);

Deno.test(
  "FacilitatorReadiness: a facilitator that answers on the third attempt makes it ready for good",
  quietly(async () => {
    const facilitator = fakeFacilitator([new Error("down"), new Error("still down"), [NETWORK]]);
    const readiness = readinessOf(facilitator, 50);
    let attempts = 0;
    while (!readiness.status.ready && attempts < 100) {
      attempts++;
      await readiness.ready().catch(() => sleep(60));
    }
    assert.deepEqual(readiness.status, { ready: true });
    assert.equal(facilitator.calls, 3);
    await sleep(60);
    await readiness.ready();
    assert.equal(facilitator.calls, 3, "a ready facilitator is not asked again");
  }),
);

Deno.test("FacilitatorReadiness: callers arriving while a slow facilitator answers share one attempt", async () => {
  const facilitator = fakeFacilitator([[NETWORK]]);
  facilitator.gate = Promise.withResolvers<void>();
  const readiness = readinessOf(facilitator, 1_000);
  const waiting = Array.from({ length: 10 }, () => readiness.ready());
  await sleep(20);
  assert.equal(readiness.status.ready, false, "not ready while the answer is pending");
  facilitator.gate.resolve();
  await Promise.all(waiting);
  assert.equal(facilitator.calls, 1);
  assert.deepEqual(readiness.status, { ready: true });
});

Deno.test(
  "FacilitatorReadiness: callers sharing a slow attempt that fails are all refused",
  quietly(async () => {
    const facilitator = fakeFacilitator([new Error("down")]);
    facilitator.gate = Promise.withResolvers<void>();
    const readiness = readinessOf(facilitator, 1_000);
    const waiting = Array.from({ length: 5 }, () => readiness.ready().then(() => "ready", (e) => e));
    facilitator.gate.resolve();
    const outcomes = await Promise.all(waiting);
    assert.ok(outcomes.every((outcome) => outcome instanceof UnavailableError));
    assert.equal(facilitator.calls, 1);
  }),
);

Deno.test("FacilitatorReadiness: a facilitator that does not support a rail's network is not ready", async () => {
  const facilitator = fakeFacilitator([[NETWORKS.solanaMainnet.network]]);
  const readiness = readinessOf(facilitator, 1_000);
  await refusal(readiness);
  const status = readiness.status;
  assert.equal(status.ready, false);
  assert.equal(status.error, `facilitator does not support "${NETWORK}"`);
});

Deno.test(
  "FacilitatorReadiness: a facilitator that never answers is refused once the attempt's time budget is spent",
  quietly(async () => {
    const facilitator = fakeFacilitator([[NETWORK]]);
    facilitator.gate = Promise.withResolvers<void>();
    const rail = solanaRail({ network: NETWORK, asset: NETWORKS.solanaDevnet.usdc, payTo: FEE_PAYER });
    const readiness = new FacilitatorReadiness(new x402ResourceServer(facilitator), [rail], 1_000, {
      attemptTimeoutMs: 100,
    });
    const started = performance.now();
    const error = await refusal(readiness);
    assert.ok(performance.now() - started < 1_000, "refused after the 100 ms budget, not the client's 90 s");
    assert.match(readiness.status.error!, /no supported answer within 100 ms/);
    assert.ok(causes(error).length > 0);
    facilitator.gate.resolve();
  }),
);

Deno.test(
  "FacilitatorReadiness: start() keeps trying in the background, pausing longer each time, until it is ready",
  quietly(async () => {
    const facilitator = fakeFacilitator([new Error("down"), new Error("still down"), [NETWORK]]);
    const readiness = readinessOf(facilitator, 20);
    const changes: unknown[] = [];
    readiness.start((change) => changes.push(change));
    for (let i = 0; i < 100 && !readiness.status.ready; i++) await sleep(10);
    readiness.stop();
    assert.deepEqual(readiness.status, { ready: true });
    assert.equal(facilitator.calls, 3, "no request was needed");
    assert.deepEqual(
      changes.map((change) => (change as { retryInMs?: number }).retryInMs ?? "ready"),
      [20, 40, "ready"],
    );
  }),
);

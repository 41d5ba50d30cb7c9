/**
 * x402 payment as middleware, in front of an operation's handler and behind
 * its input validation (nobody pays for a request that cannot succeed).
 *
 * No `PAYMENT-SIGNATURE` → 402 with the requirement. A payment → verified and
 * claimed (or only claimed, for an operation verified by its settlement: see
 * `lib/payments/authorization.ts`) → the handler runs → settled only when the
 * handler answered 2xx, and then the response carries `PAYMENT-RESPONSE`. A failed handler releases the
 * claim and charges nothing; a failed settlement replaces the output with a 402.
 * Nor is a payment settled for a response nobody can receive: a HEAD request
 * (served by the GET route, without a body) always gets the requirement with
 * its payment left untouched, and when the client is gone by the time the work
 * is done (its request aborted, or its connection closed: see
 * `lib/shared/client_presence.ts`) the claim is released, not settled. A settled
 * answer whose delivery then fails is reported to the settlement log.
 * A browser (a GET preferring HTML) gets the 402 as a page a person can pay
 * from (`paywall.ts`), with the same status and `PAYMENT-REQUIRED` header. Like the official middleware, a 402 is `Cache-Control: no-store` and a
 * paid answer `private`.
 *
 * @module
 */
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { PaymentPayload, PaymentRequired, SettleResponse } from "@x402/core/types";
import { InvalidInputError } from "../lib/shared/errors.ts";
import {
  type Authorization,
  decodePaymentSignature,
  encodePaymentResponse,
  type PaymentGateway,
  type PaymentRail,
  type PricedResource,
  throwIfUnavailable,
} from "../lib/payments/mod.ts";
import { LruCache } from "../lib/shared/lru.ts";
import { prefersMedia } from "../lib/operation/mod.ts";
import { connectionPresence } from "../lib/shared/client_presence.ts";
import { baseUrl, envelope, publicRequestUrl, serveInfo, setHeader } from "./context.ts";
import { workSignal } from "./admission.ts";
import { traced } from "../lib/shared/telemetry.ts";
import { type HtmlDocument, htmlResponse } from "./html_document.ts";
import { challengeResponse, prepareChallenge, type PreparedChallenge } from "./challenge.ts";
import { keepResponse, revivedResponse } from "./kept_response.ts";

/** The status logged for a request whose client left before its answer (nginx's convention). */
const CLIENT_CLOSED_REQUEST = 499 as ContentfulStatusCode;

/** Options for {@linkcode requirePayment}. */
export interface RequirePaymentOptions {
  gateway: PaymentGateway;
  rail: PaymentRail;
  /** The priced resource for this request (its URL depends on the request). */
  resource: (url: string) => PricedResource;
  /** The HTML 402 page for a browser (a GET preferring `text/html`), when there is one. */
  page?: (required: PaymentRequired, baseUrl: string) => HtmlDocument;
}

/**
 * The payment header a request carries (`PAYMENT-SIGNATURE`, or v1's
 * `X-PAYMENT`); `undefined` for a HEAD, which is answered with the
 * requirement whatever it carries.
 */
export function carriedPayment(c: Context): string | undefined {
  return c.req.method === "HEAD" ? undefined : c.req.header("payment-signature") ?? c.req.header("x-payment");
}

/** Requires an x402 payment on `rail` before the rest of the chain runs. */
export function requirePayment(options: RequirePaymentOptions): MiddlewareHandler {
  const { gateway, rail } = options;
  const challenges: Challenges = {
    options,
    prepared: new LruCache(1024),
    prefersHtml: lastAnswerOf((accept: string | undefined) => prefersMedia(accept, "text/html")),
  };
  return async function requirePayment(c, next) {
    const url = publicRequestUrl(c);
    const header = carriedPayment(c);
    const method = c.req.method;
    const attributes = { "x402.network": rail.network, "http.route": c.req.routePath };
    if (!header) {
      // The 402: in its own span, so a trace shows the offer beside the paid call that follows it.
      return await traced("x402.payment_required", attributes, () => answerChallenge(c, challenges, url));
    }
    const payload = decodePayment(header);
    const authorization = await gateway.authorize(rail, options.resource(url), payload, method);
    const payer = "answer" in authorization ? authorization.settlement.payer : authorization.payer;
    if (payer) c.set("payer", payer);
    const info = serveInfo(c.env);
    let answer: Response | undefined;
    // An answer that is replaced is never read: its body is cancelled, so work that makes it as it is read
    // (a long audio result) stops and lets go of what it holds.
    const discard = () => answer?.body?.cancel().catch(() => {});
    const outcome = await gateway.settleOrRelease(authorization, {
      run: async () => (await traced("operation.handler", attributes, () => next()), answer = c.res),
      succeeded: (response) => response.status >= 200 && response.status < 300,
      presence: connectionPresence(workSignal(c), info?.remoteAddr, c.get("receivedAt")),
      keep: keepResponse,
      revive: revivedResponse,
    }).catch((error) => {
      discard();
      throw error;
    });
    // Work cut short because its buyer left (the runtime aborted the request's signal) failed as a 5xx; its
    // payment is released like any failure's, and the exchange ended with the buyer's leaving, not our fault.
    if (outcome.kind === "gone" || (outcome.kind === "unsuccessful" && cutShortByLeaving(c))) {
      discard();
      // Nobody reads this answer; it only closes the exchange.
      const body = envelope(c, { error: "Client gone before the answer was ready: nothing was charged" });
      c.res = c.json(body, CLIENT_CLOSED_REQUEST);
      return;
    }
    if (outcome.kind === "unsuccessful") return;
    const { settlement } = outcome;
    // A payment verified by its settlement alone names its payer only now.
    if (!payer && settlement.payer) c.set("payer", settlement.payer);
    if (outcome.replayed) {
      // A resend of a payment whose answer was kept: that answer, charged once already.
      c.res = outcome.result;
      markPaid(c, settlement);
      return;
    }
    markPaid(c, settlement);
    info?.completed?.catch((error) =>
      gateway.undelivered(authorization as Authorization, settlement, `answer not delivered: ${error}`)
    );
  };
}

/** The 402s of one payment middleware: the answers built so far, and how a browser is told apart. */
interface Challenges {
  options: RequirePaymentOptions;
  // The challenge differs only by URL: keep the answers of the URLs asked most, built once.
  // A prepared answer also remembers the rail's fresh fields it was built with, and is built again when they change.
  prepared: LruCache<string, PreparedChallenge & { fresh?: object }>;
  prefersHtml: (accept: string | undefined) => boolean;
}

/** The 402 for a request to `url` that carries no payment: a page for a browser, JSON for anyone else. */
async function answerChallenge(c: Context, challenges: Challenges, url: string): Promise<Response> {
  const { options, prepared } = challenges;
  const { gateway, rail } = options;
  let challenge = prepared.get(url);
  const fresh = rail.freshExtra?.();
  if (challenge === undefined || challenge.fresh !== fresh) {
    const required = await gateway.challenge(rail, options.resource(url));
    challenge = {
      ...prepareChallenge(required, required.error ?? "Payment required", baseUrl(c)),
      fresh,
    };
    prepared.set(url, challenge);
  } else {
    // What the gateway checks before answering from its own cache: a rail that cannot take payments now.
    throwIfUnavailable(rail);
  }
  if (options.page && c.req.method === "GET" && challenges.prefersHtml(c.req.header("accept"))) {
    c.header("PAYMENT-REQUIRED", challenge.header);
    c.header("Cache-Control", "no-store");
    return htmlResponse(c, options.page(challenge.required, baseUrl(c)), 402);
  }
  return challengeResponse(challenge, c.get("requestId"));
}

/** The payment payload a `PAYMENT-SIGNATURE` header carries; a clear 400 when it carries none. */
function decodePayment(header: string): PaymentPayload {
  try {
    return decodePaymentSignature(header);
  } catch {
    throw new InvalidInputError(
      "Malformed PAYMENT-SIGNATURE header: expected base64 of an x402 payment payload",
    );
  }
}

/**
 * Marks the answer paid: its settlement in `PAYMENT-RESPONSE`, and
 * `Cache-Control: private`, since a paid answer belongs to whoever paid and no
 * shared cache may serve it to anyone else.
 */
function markPaid(c: Context, settlement: SettleResponse) {
  setHeader(c, "PAYMENT-RESPONSE", encodePaymentResponse(settlement));
  setHeader(c, "Cache-Control", "private");
}

/** Whether the request's work failed (5xx) after its client left, rather than at the shutdown deadline. */
function cutShortByLeaving(c: Context): boolean {
  return c.res.status >= 500 && workSignal(c).aborted && !c.get("shutdownDeadline")?.aborted;
}

/**
 * `answer`, remembering its last question and answer: clients send the same
 * `Accept` again and again, so most calls are one comparison.
 */
function lastAnswerOf<Q, A>(answer: (question: Q) => A): (question: Q) => A {
  let last: { question: Q; answer: A } | undefined;
  return (question) => {
    if (last === undefined || last.question !== question) last = { question, answer: answer(question) };
    return last.answer;
  };
}

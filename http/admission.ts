/**
 * Admission of requests, before anything else reads them: the memory budget
 * of request bodies in flight (a body that does not fit is refused with 503
 * and `Retry-After` before a byte of it is read, on every route and the MCP
 * endpoints alike) and graceful shutdown (once draining, new requests get 503,
 * uploads still being read are cut short with 503, and at the grace deadline
 * work still running is aborted so its payment is released).
 *
 * Only a request with a body is rebuilt (a small one read whole, any other
 * wrapped so that shutdown can cut it short); any other passes as it came, and the signal that also stops
 * at the shutdown deadline is made only when work asks for it
 * ({@linkcode workSignal}), since building a `Request` and a combined signal
 * for every request costs more than the rest of a `/healthz`.
 *
 * @module
 */
import type { Context, MiddlewareHandler } from "hono";
import type { BodyBudget, GrowingReservation } from "../lib/server/body_budget.ts";
import { type Drain, followingDeadline } from "../lib/server/drain.ts";
import { UnavailableError } from "../lib/shared/errors.ts";
import { WHOLE_BODY_BYTES } from "../lib/shared/byte_pieces.ts";
import { formatBytes } from "../lib/shared/format.ts";
import { withEndOf } from "../lib/shared/stream_end.ts";
import { errorResponse } from "./errors.ts";
import { serveInfo } from "./context.ts";
import type { Logger } from "../lib/shared/log.ts";

/** Options for {@linkcode admission}. */
export interface AdmissionOptions {
  budget: BodyBudget;
  drain: Drain;
  /** The most a body may reserve: the largest any route accepts (a chunked body grows towards it as it arrives). */
  largestBodyBytes: number;
  log: Logger;
}

declare module "hono" {
  interface ContextVariableMap {
    /** Aborted when the client goes or at the shutdown deadline; made on first use by {@linkcode workSignal}. */
    workSignal: AbortSignal;
    /** The shutdown deadline, for {@linkcode workSignal}. */
    shutdownDeadline: AbortSignal;
    /** The drain whose deadline {@linkcode workSignal} stops at. */
    drain: Drain;
  }
}

/** What a chunked body reserves at a time as it arrives. */
const CHUNKED_STEP = 1024 * 1024;

/** The refusal of a body the budget cannot hold now. */
function bodiesFull(budget: BodyBudget): UnavailableError {
  return new UnavailableError(
    `Too many uploads in flight: the server's memory for request bodies (${
      formatBytes(budget.limitBytes)
    }) is in use; retry shortly`,
    { retryAfterSeconds: BUDGET_RETRY_SECONDS },
  );
}

/** Grows `reservation` with each chunk; the body fails with a 503 when the budget cannot hold more. */
function countedAsArriving(budget: BodyBudget, reservation: GrowingReservation) {
  let total = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      total += chunk.byteLength;
      if (!reservation.grow(total)) throw bodiesFull(budget);
      controller.enqueue(chunk);
    },
  });
}

/** Seconds a client refused for the body budget is asked to wait. */
const BUDGET_RETRY_SECONDS = 2;
/** Seconds a client refused during shutdown is asked to wait (another instance will answer). */
const SHUTDOWN_RETRY_SECONDS = 5;

function shuttingDown(): UnavailableError {
  return new UnavailableError("The server is shutting down: send the request again", {
    retryAfterSeconds: SHUTDOWN_RETRY_SECONDS,
  });
}

/** The admission middleware; mount it first. */
export function admission(options: AdmissionOptions): MiddlewareHandler {
  const { budget, drain, largestBodyBytes, log } = options;
  return async function admission(c, next) {
    if (drain.draining) throw shuttingDown();
    const raw = c.req.raw;
    c.set("shutdownDeadline", drain.deadline);
    c.set("drain", drain);
    let release: (() => void) | undefined;
    let interrupted = false;
    let body: ReadableStream<Uint8Array> | undefined;
    if (raw.body) {
      const declared = Number(raw.headers.get("content-length"));
      const known = Number.isFinite(declared) && raw.headers.has("content-length");
      // A chunked body reserves a step and is counted as it arrives, not at the largest body up front.
      const growing = known
        ? undefined
        : budget.tryReserveGrowing(Math.min(CHUNKED_STEP, largestBodyBytes), CHUNKED_STEP);
      release = growing ? growing.release : budget.tryReserve(Math.min(declared, largestBodyBytes));
      if (!release) throw bodiesFull(budget);
      const signal = untilDeadline(c, raw.signal, drain);
      if (known && declared <= WHOLE_BODY_BYTES) {
        c.req.raw = new Request(raw, { signal, body: await readSmallBody(raw, drain, release) });
      } else {
        body = cutShortOnDrain(raw.body, drain, () => interrupted = true);
        if (growing) body = body.pipeThrough(countedAsArriving(budget, growing));
        c.req.raw = new Request(raw, { signal, body, duplex: "half" } as RequestInit);
      }
      c.set("workSignal", c.req.raw.signal);
    }
    let held = false;
    try {
      await next();
      // An answer made as it is sent (a long audio result) needs its upload until the last byte is out.
      // (Reading `c.res.body` of any other answer would turn it into a stream and lose its length.)
      held = release !== undefined && ANSWERS_NEEDING_UPLOADS.has(c.res) && c.res.body !== null;
      if (held) c.res = new Response(withEndOf(c.res.body!, release!), c.res);
    } finally {
      if (!held) release?.();
    }
    // An upload cut short, or work stopped at the deadline (its payment released): say so, not a 500.
    const cut = interrupted && c.res.status >= 400;
    if (cut || (drain.deadline.aborted && c.res.status >= 500)) c.res = errorResponse(c, shuttingDown(), log);
  };
}

/**
 * `signal`, also stopped at `drain`'s deadline: heard by the drain until the
 * answer is sent (`completed`, from `Deno.serve`), or, served without it
 * (`app.fetch` called in process), combined with the deadline by the runtime.
 */
function untilDeadline(c: Context, signal: AbortSignal, drain: Drain): AbortSignal {
  const completed = serveInfo(c.env)?.completed;
  return completed ? followingDeadline(signal, drain, completed) : AbortSignal.any([signal, drain.deadline]);
}

/**
 * The whole of `raw`'s small body, or a 503 if shutdown begins first (the
 * same answer an upload cut short gets). `release` gives the body's
 * reservation back when it is refused here.
 */
async function readSmallBody(
  raw: Request,
  drain: Drain,
  release: () => void,
): Promise<Uint8Array<ArrayBuffer>> {
  const reading = raw.bytes();
  try {
    const read = drain.draining ? "drain" : await readOrDrain(drain, reading);
    if (read === "drain") throw shuttingDown();
    return read;
  } catch (error) {
    reading.catch(() => {});
    release();
    throw error;
  }
}

/**
 * Answer bodies made from the upload as they are sent: the upload's
 * reservation in the body budget is held until such a body ends (sent,
 * failed or cancelled), not given back when the handler returns.
 */
export const ANSWERS_NEEDING_UPLOADS: WeakSet<Response> = new WeakSet();

/**
 * The signal work done for this request must stop on: the client went away,
 * or shutdown reached its deadline. Made once per request, on first use.
 */
export function workSignal(c: Context): AbortSignal {
  let signal = c.get("workSignal");
  if (!signal) {
    const drain = c.get("drain");
    signal = drain ? untilDeadline(c, c.req.raw.signal, drain) : c.req.raw.signal;
    c.set("workSignal", signal);
  }
  return signal;
}

/** The request as work should see it: its `signal` is {@linkcode workSignal}. */
export function workRequest(c: Context): Request {
  const signal = workSignal(c);
  const raw = c.req.raw;
  return raw.signal === signal ? raw : new Request(raw, { signal });
}

/**
 * `body`, erroring with a 503 when shutdown begins before it has been read to
 * the end. A byte stream stays one: a reader's own buffer is filled straight
 * from the connection, so an upload read into one buffer leaves no pieces
 * behind to collect.
 */
function cutShortOnDrain(
  body: ReadableStream<Uint8Array>,
  drain: Drain,
  onInterrupt: () => void,
): ReadableStream<Uint8Array> {
  let bytes: ReadableStreamBYOBReader | undefined;
  try {
    bytes = body.getReader({ mode: "byob" });
  } catch {
    // Not a byte stream: forwarded piece by piece below.
  }
  const reader = bytes ?? body.getReader();
  const interrupt = (controller: ReadableStreamDefaultController | ReadableByteStreamController) => {
    onInterrupt();
    controller.error(shuttingDown());
    reader.cancel().catch(() => {});
  };
  const cancel = (reason: unknown) => reader.cancel(reason);
  if (!bytes) {
    const pieces = reader as ReadableStreamDefaultReader<Uint8Array>;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = drain.draining ? "drain" : await readOrDrain(drain, pieces.read());
        if (next === "drain") return interrupt(controller);
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel,
    });
  }
  const byob = bytes;
  return new ReadableStream({
    type: "bytes",
    autoAllocateChunkSize: CHUNK_BYTES,
    async pull(controller) {
      const request = controller.byobRequest!;
      const view = request.view!;
      const into = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
      const next = drain.draining ? "drain" : await readOrDrain(drain, byob.read(into));
      if (next === "drain") return interrupt(controller);
      if (next.done) {
        controller.close();
        if (next.value) request.respondWithNewView(next.value);
      } else request.respondWithNewView(next.value);
    },
    cancel,
  }) as ReadableStream<Uint8Array>;
}

/**
 * `read`'s result, or `"drain"` if shutdown begins first. The drain hears of
 * this read only while it lasts, so nothing of it (its piece of the upload)
 * stays reachable from the drain once it is over.
 */
async function readOrDrain<T>(drain: Drain, read: Promise<T>): Promise<T | "drain"> {
  const { promise: stopped, resolve } = Promise.withResolvers<"drain">();
  const forget = drain.onStart(() => resolve("drain"));
  try {
    return await Promise.race([read, stopped]);
  } finally {
    forget();
  }
}

/** The pieces a byte stream read without a buffer of the reader's own hands over. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Serves one registry operation over HTTP on one payment rail: validate the
 * input (400/413/415 before any payment), require payment, run the handler
 * within the request's time budget, check the output against its schema, and
 * answer JSON with the envelope (or raw bytes when the operation has a binary
 * result and the client prefers it).
 *
 * @module
 */
import type { Context, Hono, MiddlewareHandler } from "hono";
import { discoveryExtension } from "../lib/discovery/mod.ts";
import {
  type AnyOperation,
  binaryBytes,
  binaryField,
  type BinaryValue,
  type OperationDeps,
  precheck,
  prefersMedia,
  pricedResource,
  runOperation,
  streamBytes,
  streamJson,
  type UploadPrefix,
  type Withheld,
} from "../lib/operation/mod.ts";
import { UnavailableError } from "../lib/shared/errors.ts";
import { frozenDeep } from "../lib/shared/frozen_deep.ts";
import { reusesPieces } from "../lib/shared/send_ring.ts";
import type { PaymentRail } from "../lib/payments/mod.ts";
import { ANSWERS_NEEDING_UPLOADS, workSignal } from "./admission.ts";
import { envelope } from "./context.ts";
import { readOperationInput } from "./input.ts";
import { carriedPayment, requirePayment } from "./payment.ts";
import { answerOfBytes, answerOfReusedPieces } from "./kept_response.ts";
import { networkName } from "./network_names.ts";
import { paywallPage } from "./paywall.ts";
import type { ServiceMode } from "../lib/server/config/load.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The operation's validated input. */
    operationInput: Record<string, unknown>;
  }
}

/** Where and how an operation is sold. */
export interface OperationMount {
  operation: AnyOperation;
  /** The rail it is paid on. */
  rail: PaymentRail;
  /** `""` or `"/alt"`. */
  prefix: string;
  deps: OperationDeps;
  /** The service's mode, which names the network on the 402 page (local chains are the service's own). */
  mode: ServiceMode;
}

/** Mounts an operation at `prefix + operation.path`, paid on `rail`. */
export function mountOperation(app: Hono, mount: OperationMount): void {
  const { operation, rail, prefix, deps, mode } = mount;
  const extensions = discoveryExtension(operation, prefix);
  // The input of a GET without query or path parameters is always the same: parsed once, frozen to its
  // depths, and handed to every such request, answered with the requirement or paid (the handler reads it).
  const bareGet = operation.method === "GET" && !operation.path.includes(":");
  let bareInput: Readonly<Record<string, unknown>> | undefined;
  const validate: MiddlewareHandler = async function validateInput(c, next) {
    // A bare POST (no body, no payment) is a probe for the price: x402 crawlers send one to each listed
    // resource and register it only on a 402. It goes straight to the requirement; nothing can run.
    if (isBareProbe(c)) return await next();
    const unpaid = !carriedPayment(c);
    let input: Record<string, unknown>, upload: UploadPrefix | undefined;
    if (bareGet && !c.req.url.includes("?")) {
      input = bareInput ??= frozenDeep((await readOperationInput(c, operation, deps.services)).input);
    } else ({ input, upload } = await readOperationInput(c, operation, deps.services, unpaid));
    // The work signal (a listener on the request's own) is made only for work: most operations check
    // nothing here, and an unpaid request of theirs never asks for it.
    const checking = operation.precheck &&
      precheck(operation, input, deps.services, { signal: workSignal(c), upload });
    if (checking) await checking;
    // An upload read as its first bytes only gets the 402: the handler never sees it.
    if (!upload) c.set("operationInput", input);
    await next();
  };
  const payment = requirePayment({
    gateway: deps.gateway,
    rail,
    resource: (url) => pricedResource(operation, url, extensions),
    page: (required, baseUrl) =>
      paywallPage({
        title: operation.title,
        description: operation.description,
        price: operation.price,
        network: networkName(rail.network, mode),
        method: operation.method,
        path: prefix + operation.path,
        example: operation.example,
        baseUrl,
      }, required),
  });
  const handle = async (c: Context) => {
    const result = await runOperation(operation, c.get("operationInput"), {
      requestId: c.get("requestId"),
      signal: workSignal(c),
      services: deps.services,
      timeoutMs: deps.requestTimeoutMs,
    });
    if (operation.binaryOutput && prefersMedia(c.req.header("accept"), operation.binaryOutput.accept)) {
      return binaryResponse(c, operation, result);
    }
    const bytes = binaryBytes(operation, result);
    if (bytes) return streamedJson(c, operation.binaryOutput!.field, envelope(c, result), bytes);
    return jsonAnswer(c, envelope(c, result));
  };
  app.on(operation.method, prefix + operation.path, validate, payment, handle);
}

/** A POST without a body, a Content-Type or a payment. */
function isBareProbe(c: Context): boolean {
  const header = (name: string) => c.req.header(name);
  return c.req.method === "POST" && !header("payment-signature") && !header("x-payment") &&
    !header("content-type") && !header("transfer-encoding") && Number(header("content-length") ?? "0") === 0;
}

/**
 * Mounts an operation this runtime cannot run: its route answers 503 with the
 * reason, before any input is read or payment asked for.
 */
export function mountWithheld(app: Hono, withheld: Withheld): void {
  const { operation, prefix, reason } = withheld;
  app.on(operation.method, prefix + operation.path, () => {
    throw new UnavailableError(reason, { retryAfterSeconds: WITHHELD_RETRY_SECONDS });
  });
}

/** What a withheld operation suggests waiting: it comes back only with a restart on another runtime. */
const WITHHELD_RETRY_SECONDS = 3600;

/** The binary result as the body, its figures in headers. */
function binaryResponse(c: Context, operation: AnyOperation, output: Record<string, unknown>): Response {
  const binary = operation.binaryOutput!;
  const bytes = binaryField(operation, output);
  const headers = new Headers(binary.headers(output));
  headers.set("Content-Type", String(output[binary.mediaTypeField]));
  headers.set("Content-Length", String(bytes.byteLength));
  const answer = needingUpload(c.body(streamBytes(bytes), 200, Object.fromEntries(headers)), bytes);
  return bytes instanceof Uint8Array || !reusesPieces(bytes.byteLength)
    ? answer
    : answerOfReusedPieces(answer);
}

/**
 * The JSON answer as bytes with its `Content-Length`, as `c.json` would send
 * it: a paid answer that says its length can be kept for a resend of its
 * payment (see `kept_response.ts`; these bytes are what is kept).
 */
function jsonAnswer(c: Context, body: Record<string, unknown>): Response {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  return answerOfBytes(
    c.body(bytes, 200, {
      "Content-Type": "application/json",
      "Content-Length": String(bytes.byteLength),
    }),
    bytes,
  );
}

/**
 * The JSON answer with `bytes` as base64 in `field`, streamed: the same bytes
 * `c.json` would send, without the whole answer ever held as one string.
 */
function streamedJson(
  c: Context,
  field: string,
  body: Record<string, unknown>,
  bytes: BinaryValue,
): Response {
  const { stream, length } = streamJson(body, field, bytes);
  const answer = needingUpload(
    c.body(stream, 200, {
      "Content-Type": "application/json",
      "Content-Length": String(length),
    }),
    bytes,
  );
  // Its base64, or the stream it is read from, may be sent from reused pieces: such an answer is never kept.
  return reusesPieces(length) ? answerOfReusedPieces(answer) : answer;
}

/** `answer`, marked as needing its upload until sent when it is made from a {@linkcode BinaryValue} stream. */
function needingUpload(answer: Response, value: BinaryValue): Response {
  if (!(value instanceof Uint8Array)) ANSWERS_NEEDING_UPLOADS.add(answer);
  return answer;
}

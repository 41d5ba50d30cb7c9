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
import { Buffer } from "node:buffer";
import { type AnyOperation, type BinaryOutput, runOperation } from "../../lib/operation.ts";
import type { PaymentGateway } from "../../lib/payments/gateway.ts";
import type { PaymentRail } from "../../lib/payments/rails.ts";
import type { Services } from "../../lib/services.ts";
import { discoveryExtension } from "../_descriptors/bazaar.ts";
import { envelope } from "./context.ts";
import { readOperationInput } from "./input.ts";
import { requirePayment } from "./payment.ts";

declare module "hono" {
  interface ContextVariableMap {
    /** The operation's validated input. */
    operationInput: Record<string, unknown>;
  }
}

/** What serving an operation needs. */
export interface OperationDeps {
  gateway: PaymentGateway;
  services: Services;
  requestTimeoutMs: number;
}

/** Mounts `operation` at `prefix + operation.path`, paid on `rail`. */
export function mountOperation(
  app: Hono,
  operation: AnyOperation,
  rail: PaymentRail,
  prefix: string,
  deps: OperationDeps,
): void {
  const extensions = discoveryExtension(operation);
  const validate: MiddlewareHandler = async function validateInput(c, next) {
    const input = await readOperationInput(c, operation, deps.services);
    operation.precheck?.(input as never, deps.services);
    c.set("operationInput", input);
    await next();
  };
  const payment = requirePayment({
    gateway: deps.gateway,
    rail,
    resource: (url) => ({
      url,
      description: `${operation.title}: ${operation.summary}`,
      mimeType: "application/json",
      price: operation.price,
      extensions,
    }),
  });
  const handle = async (c: Context) => {
    const result = await runOperation(operation, c.get("operationInput"), {
      requestId: c.get("requestId"),
      signal: c.req.raw.signal,
      services: deps.services,
      timeoutMs: deps.requestTimeoutMs,
    });
    if (operation.binaryOutput && prefersMedia(c.req.header("accept"), operation.binaryOutput.accept)) {
      return binaryResponse(c, operation.binaryOutput, result);
    }
    return c.json(envelope(c, result));
  };
  app.on(operation.method, prefix + operation.path, validate, payment, handle);
}

function binaryResponse(c: Context, binary: BinaryOutput, output: Record<string, unknown>): Response {
  const bytes = Buffer.from(String(output[binary.field]), "base64");
  const headers = new Headers(binary.headers(output));
  headers.set("Content-Type", String(output[binary.mediaTypeField]));
  headers.set("Content-Length", String(bytes.byteLength));
  return c.body(new Uint8Array(bytes), 200, Object.fromEntries(headers));
}

/** Whether `accept` prefers a type in `range` (e.g. `audio/*`) over JSON. */
export function prefersMedia(accept: string | undefined, range: string): boolean {
  if (!accept) return false;
  const prefix = range.endsWith("/*") ? range.slice(0, -1) : range;
  let best = 0;
  let json = 0;
  for (const part of accept.split(",")) {
    const [type = "", ...params] = part.trim().toLowerCase().split(";");
    const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith("q="))?.slice(2) ?? "1");
    if (type === "application/json") json = Math.max(json, q);
    else if (type.startsWith(prefix) || type === range) best = Math.max(best, q);
  }
  return best > 0 && best > json;
}

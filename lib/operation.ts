/**
 * The operation contract. Each paid operation is declared once with
 * {@linkcode defineOperation}; HTTP routes, x402 prices, OpenAPI, MCP tools,
 * discovery metadata and docs are all derived from these declarations.
 *
 * @module
 */
import type { z } from "zod";
import { InvalidInputError, UpstreamTimeoutError } from "./errors.ts";
import type { Services } from "./services.ts";

/** What every handler receives besides its input. */
export interface OperationContext {
  /** The request's id, echoed in responses and logs. */
  requestId: string;
  /** Aborted when the caller goes away or the request's time budget ends. */
  signal: AbortSignal;
  /** Shared dependencies (RPC clients, caches, limits). */
  services: Services;
}

/** Hints for agents, as MCP tool annotations. */
export interface OperationAnnotations {
  readOnlyHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/**
 * A binary upload (PDF, audio). Over JSON and MCP the named input field carries
 * base64; over HTTP the body may also be the raw bytes or a multipart `file`.
 * Either way the handler receives the decoded bytes in that field.
 */
export interface BinaryInput {
  /** The input field that carries the bytes (base64 in the schema). */
  field: string;
  /** Media types accepted as a raw body, e.g. `["application/pdf"]`, `["audio/*"]`. */
  mediaTypes: string[];
}

/**
 * A binary result (audio). The named output field carries base64 in JSON and
 * MCP; an HTTP client that prefers the media type gets the raw bytes instead,
 * with the headers from `headers(output)`.
 */
export interface BinaryOutput {
  /** The output field with the base64 bytes. */
  field: string;
  /** The output field with the bytes' media type. */
  mediaTypeField: string;
  /** Media type range the client must prefer to get raw bytes, e.g. `"audio/*"`. */
  accept: string;
  /** Headers describing the result when raw bytes are sent. */
  headers(output: Record<string, unknown>): Record<string, string>;
}

/** Replaces a binary input's base64 field by its decoded bytes. */
export type HandlerInput<I, B extends BinaryInput | undefined> = B extends { field: infer F extends string }
  ? Omit<I, F> & { [K in F]: Uint8Array }
  : I;

/** The declaration of one operation. */
export interface Operation<
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodType = z.ZodType,
  B extends BinaryInput | undefined = BinaryInput | undefined,
> {
  /** Stable id, also the MCP tool name (e.g. `chain_priority_fees`). */
  id: string;
  /** Short human title. */
  title: string;
  /** One-line summary for OpenAPI and listings. */
  summary: string;
  /** What it does and when to use it (the price is appended where shown). */
  description: string;
  /** HTTP method. */
  method: "GET" | "POST";
  /** Path under the service root, Hono style: `/v1/transaction/:signature`. */
  path: string;
  /** Price in USD, e.g. `"$0.004"`. */
  price: `$${string}`;
  /** Also sold under `/alt` (paid on the alternate chain). */
  alt: boolean;
  /** Slug of the guide under `/guides/`. */
  guide: string;
  /** Input: path parameters and query (GET) or body fields (POST). */
  input: I;
  /** Output, without the `requestId`/`timestamp` envelope. */
  output: O;
  /** Agent hints. */
  annotations: OperationAnnotations;
  /** Present when the operation takes an uploaded file. */
  binary?: B;
  /** Present when the operation returns a file that may be sent raw. */
  binaryOutput?: BinaryOutput;
  /**
   * Largest accepted request body in bytes (default 64 KiB), or a function of
   * the services when it follows a configured limit.
   */
  maxBodyBytes?: number | ((services: Services) => number);
  /** An example input, for docs and discovery. */
  example?: Record<string, unknown>;
  /**
   * Cheap checks of the decoded input that need no network (file signatures,
   * declared durations, size caps). Every transport runs them before asking
   * for payment, so a request that cannot succeed is refused for free.
   * Throws the service's errors.
   */
  precheck?(input: HandlerInput<z.infer<I>, B>, services: Services): void;
  /** The work itself: knows nothing of HTTP, MCP or payment. */
  handler(input: HandlerInput<z.infer<I>, B>, ctx: OperationContext): Promise<z.infer<O>>;
}

/**
 * Declares an operation. An identity function that only supplies types.
 *
 * @example Declaring an operation
 * ```ts
 * export default defineOperation({ id: "chain_priority_fees", method: "GET", path: "/v1/fees/priority", ... });
 * ```
 */
export function defineOperation<
  I extends z.ZodObject,
  O extends z.ZodType,
  B extends BinaryInput | undefined = undefined,
>(operation: Operation<I, O, B>): Operation<I, O, B> {
  return operation;
}

/** Default cap on request bodies of operations that declare none. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** The largest request body `operation` accepts with these services. */
export function maxBodyBytesOf(operation: AnyOperation, services: Services): number {
  const cap = operation.maxBodyBytes;
  return typeof cap === "function" ? cap(services) : cap ?? DEFAULT_MAX_BODY_BYTES;
}

/**
 * A body cap with room for an upload of `maxBytes` as base64 in a JSON body,
 * plus its other fields; the decoded bytes are held to `maxBytes` itself.
 */
export function base64BodyCap(maxBytes: number): number {
  return Math.ceil(maxBytes * 4 / 3) + 64 * 1024;
}

/** Any operation, for registries and generators. */
// deno-lint-ignore no-explicit-any
export type AnyOperation = Operation<z.ZodObject, z.ZodType, any>;

/**
 * Replaces the base64 field of an operation's binary input by its bytes, for
 * inputs that arrive as JSON (an HTTP JSON body, MCP tool arguments). Standard
 * and URL-safe base64 are accepted; anything else is an
 * {@linkcode InvalidInputError} naming the field. Inputs of operations without
 * a binary input are returned as they are.
 */
export function decodeBinaryInput(
  operation: AnyOperation,
  input: Record<string, unknown>,
): Record<string, unknown> {
  const binary = operation.binary as BinaryInput | undefined;
  if (!binary) return input;
  const value = input[binary.field];
  if (typeof value !== "string") {
    throw new InvalidInputError(`Invalid input: "${binary.field}": expected a base64 string`);
  }
  return { ...input, [binary.field]: decodeBase64(value, binary.field) };
}

function decodeBase64(value: string, field: string): Uint8Array {
  try {
    return Uint8Array.fromBase64(value);
  } catch {
    try {
      return Uint8Array.fromBase64(value, { alphabet: "base64url" });
    } catch {
      throw new InvalidInputError(`Invalid input: "${field}": not valid base64`);
    }
  }
}

/** Options for {@linkcode runOperation}. */
export interface RunOptions {
  requestId: string;
  /** Aborted when the caller goes away. */
  signal: AbortSignal;
  services: Services;
  /** The work's time budget, in milliseconds. */
  timeoutMs: number;
}

/**
 * Runs an operation's handler on validated input within a time budget and
 * checks the output against its schema, whatever the transport. A handler
 * cut short by the budget is an {@linkcode UpstreamTimeoutError}; an output
 * that breaks the schema is a plain `Error` (a bug, reported as internal).
 */
export async function runOperation(
  operation: AnyOperation,
  input: Record<string, unknown>,
  options: RunOptions,
): Promise<Record<string, unknown>> {
  const budget = AbortSignal.timeout(options.timeoutMs);
  let output: unknown;
  try {
    const work = (async () =>
      await operation.handler(input as never, {
        requestId: options.requestId,
        signal: AbortSignal.any([options.signal, budget]),
        services: options.services,
      }))();
    // Work that ignores its signal still ends at the budget: it is never served (nor paid) late.
    work.catch(() => {});
    output = await Promise.race([work, aborted(budget)]);
  } catch (error) {
    if (budget.aborted && !(error instanceof UpstreamTimeoutError)) {
      throw new UpstreamTimeoutError(`Request took longer than its ${options.timeoutMs} ms budget`, {
        cause: error,
      });
    }
    throw error;
  }
  const checked = operation.output.safeParse(output);
  if (!checked.success) {
    throw new Error(`Output of "${operation.id}" breaks its schema: ${checked.error.message}`);
  }
  return output as Record<string, unknown>;
}

/** Rejects with the signal's reason once it aborts. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) =>
    signal.addEventListener("abort", () => reject(signal.reason), { once: true })
  );
}

/**
 * The operation contract. Each paid operation is declared once with
 * {@linkcode defineOperation}; HTTP routes, x402 prices, OpenAPI, MCP tools,
 * discovery metadata and docs are all derived from these declarations.
 *
 * @module
 */
import type { BinaryValue } from "./binary_value.ts";
import type { z } from "zod";
import type { Services } from "../server/services.ts";

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
  /**
   * When set, a raw upload sent without a payment is checked from its first
   * this many bytes (the rest counted, not held): the precheck then gets an
   * {@linkcode UploadPrefix} and refuses only what those bytes prove wrong.
   * The paid request is checked on the whole upload before it is charged.
   */
  unpaidPrefixBytes?: number;
}

/** Told to a precheck when the binary field holds only the first bytes of the upload. */
export interface UploadPrefix {
  /** The size of the whole upload. */
  totalBytes: number;
}

/** What a precheck is told besides its input and the services. */
export interface PrecheckOptions {
  /**
   * Aborted when the caller leaves: stops a check that runs on another
   * thread (and so is worth stopping). Absent where nobody can leave (tests).
   */
  signal?: AbortSignal;
  /**
   * Present when the binary field holds only the upload's first bytes (an
   * unpaid raw upload, see {@linkcode BinaryInput.unpaidPrefixBytes}): the
   * precheck refuses only what those bytes prove wrong.
   */
  upload?: UploadPrefix;
}

/**
 * A binary result (audio). The named output field carries base64 in JSON and
 * MCP; an HTTP client that prefers the media type gets the raw bytes instead,
 * with the headers from `headers(output)`.
 */
export interface BinaryOutput<F extends string = string> {
  /** The output field with the base64 bytes (the handler may return the bytes themselves). */
  field: F;
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

/**
 * An output whose binary field `F` (if any) may hold the bytes, or a stream
 * of them with its length known (`BinaryStream`), rather than their base64.
 */
export type HandlerOutput<T, F extends string> = [F] extends [never] ? T
  : { [K in keyof T]: K extends F ? T[K] | BinaryValue : T[K] };

/** The declaration of one operation, as its route file writes it: the path comes from the file's place. */
export interface OperationDeclaration<
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodType = z.ZodType,
  B extends BinaryInput | undefined = BinaryInput | undefined,
  F extends string = never,
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
  binaryOutput?: BinaryOutput<F>;
  /**
   * Largest accepted request body in bytes (default 64 KiB), or a function of
   * the services when it follows a configured limit.
   */
  maxBodyBytes?: number | ((services: Services) => number);
  /** An example input, for docs and discovery. */
  example?: Record<string, unknown>;
  /**
   * Skips the facilitator's verification before the handler on a rail whose
   * settlement verifies in full (Solana; see `PaymentRail.verifiesInSettlement`):
   * the payment is claimed, the handler runs, and the settlement verifies and
   * charges in one round trip; the answer is delivered only once settled.
   * Default: verify first. The price: a bad payment runs the handler before it
   * is refused (never delivered nor charged), so only a cheap handler that
   * spends nothing paid upstream may opt in (see docs/architecture.md).
   */
  verifyInSettlement?: boolean;
  /**
   * Cheap checks of the decoded input that need no network (file signatures,
   * declared durations, size caps). Every transport runs them before asking
   * for payment, so a request that cannot succeed is refused for free.
   * Throws (or rejects with) the service's errors; asynchronous to load the
   * code it checks with on first use, or to check on another thread (then
   * `options.signal` stops it; a binary field whose bytes went to that
   * thread is set to the bytes it handed back). See
   * {@linkcode PrecheckOptions} for what else it is told.
   */
  precheck?(
    input: HandlerInput<z.infer<I>, B>,
    services: Services,
    options?: PrecheckOptions,
  ): void | Promise<void>;
  /**
   * The work itself: knows nothing of HTTP, MCP or payment. With a
   * `binaryOutput`, its field may hold the bytes rather than their base64.
   */
  handler(input: HandlerInput<z.infer<I>, B>, ctx: OperationContext): Promise<HandlerOutput<z.infer<O>, F>>;
}

/** An operation as its route file exports it (see {@linkcode defineOperation}). */
export type DeclaredOperation<
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodType = z.ZodType,
  B extends BinaryInput | undefined = BinaryInput | undefined,
  F extends string = never,
> = OperationDeclaration<I, O, B, F> & { readonly kind: "operation" };

/** A registered operation: its declaration and the path its route file's place gives it. */
export type Operation<
  I extends z.ZodObject = z.ZodObject,
  O extends z.ZodType = z.ZodType,
  B extends BinaryInput | undefined = BinaryInput | undefined,
  F extends string = never,
> = DeclaredOperation<I, O, B, F> & {
  /** Path under the service root, Hono style (`/v1/transaction/:signature`), from the route file's place. */
  readonly path: string;
};

/**
 * Declares a paid operation, as the default export of a route file under
 * `routes/`: the file's place gives its path (`routes/v1/token/[mint].ts` is
 * `/v1/token/:mint`). Only marks the declaration and supplies types.
 *
 * @example Declaring an operation in `routes/v1/fees/priority.ts`
 * ```ts
 * export default defineOperation({ id: "chain_priority_fees", method: "GET", price: "$0.002", ... });
 * ```
 */
export function defineOperation<
  I extends z.ZodObject,
  O extends z.ZodType,
  B extends BinaryInput | undefined = undefined,
  F extends string = never,
>(operation: OperationDeclaration<I, O, B, F>): DeclaredOperation<I, O, B, F> {
  return { ...operation, kind: "operation" };
}

/** Any registered operation, for registries and generators. */
// deno-lint-ignore no-explicit-any
export type AnyOperation = Operation<z.ZodObject, z.ZodType, any, any>;

/** Any declared operation, as route files export them. */
// deno-lint-ignore no-explicit-any
export type AnyDeclaredOperation = DeclaredOperation<z.ZodObject, z.ZodType, any, any>;

/**
 * Turns an HTTP request into an operation's input and checks it against the
 * operation's schema before any payment is asked for: path parameters and
 * query for GET; a JSON body for POST; for uploads also the raw bytes or a
 * multipart `file`, with options from the query or the form. Bodies are read
 * with a size cap (413 naming it), unknown fields are refused, and every
 * problem is named in a 400.
 *
 * @module
 */
import type { Context } from "hono";
import type { z } from "zod";
import { InvalidInputError, ServiceError } from "../lib/shared/errors.ts";
import {
  type AnyOperation,
  type BinaryInput,
  coerceStrings,
  decodeBinaryInput,
  maxBodyBytesOf,
  parseInput,
  readBodyBytes,
  readBodyPrefix,
  readJsonObject,
  readJsonUpload,
  type UploadPrefix,
} from "../lib/operation/mod.ts";
import type { Services } from "../lib/server/services.ts";
import { HttpStatusError } from "./errors.ts";

/** An operation's input as read from a request. */
export interface ReadInput {
  input: Record<string, unknown>;
  /** Present when the binary field holds only the upload's first bytes. */
  upload?: UploadPrefix;
}

/**
 * Reads and validates the input of `operation` from the request. With
 * `unpaid`, a raw upload of an operation that declares
 * `binary.unpaidPrefixBytes` is read as its first bytes and its size (the
 * request only gets the 402: the upload is held once, when paid).
 */
export async function readOperationInput(
  c: Context,
  operation: AnyOperation,
  services: Services,
  unpaid = false,
): Promise<ReadInput> {
  return await readInput(c, operation, services, unpaid ? operation.binary?.unpaidPrefixBytes : undefined);
}

async function readInput(
  c: Context,
  operation: AnyOperation,
  services: Services,
  prefixBytes: number | undefined,
): Promise<ReadInput> {
  const params = c.req.param() as Record<string, string>;
  if (operation.method === "GET") {
    return { input: parseInput(operation.input, { ...fromSearchParams(c, operation.input), ...params }) };
  }
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const maxBytes = maxBodyBytesOf(operation, services);
  const binary = operation.binary as BinaryInput | undefined;
  if (type === "application/json" && binary) {
    return await readJsonWithFile(c, operation, maxBytes, prefixBytes);
  }
  if (type === "application/json" || (!binary && type === "")) {
    const body = await readJson(c, maxBytes);
    return { input: decodeBinaryInput(operation, parseInput(operation.input, { ...body, ...params })) };
  }
  if (!binary) {
    throw new HttpStatusError(
      "unsupported_media_type",
      `Unsupported Content-Type "${type}": send a JSON body (application/json)`,
    );
  }
  const rest = operation.input.omit({ [binary.field]: true } as Record<string, true>);
  if (type === "multipart/form-data") {
    const bytes = await readBody(c, maxBytes);
    const form = await new Response(bytes, { headers: { "content-type": c.req.header("content-type")! } })
      .formData().catch(() => {
        throw new InvalidInputError("Malformed multipart body: it could not be parsed");
      });
    const file = form.get("file");
    if (!(file instanceof File)) {
      throw new InvalidInputError('Missing multipart field "file": put the upload there');
    }
    const fields: Record<string, string[]> = {};
    for (const [name, value] of form) {
      if (name !== "file" && typeof value === "string") (fields[name] ??= []).push(value);
    }
    const input = parseInput(rest, { ...coerceStrings(rest, fields), ...params });
    return { input: { ...input, [binary.field]: new Uint8Array(await file.arrayBuffer()) } };
  }
  if (
    binary.mediaTypes.some((range) => mediaTypeMatches(type, range)) || type === "application/octet-stream"
  ) {
    const input = parseInput(rest, { ...fromSearchParams(c, rest), ...params });
    if (prefixBytes === undefined) {
      return { input: { ...input, [binary.field]: await readBody(c, maxBytes) } };
    }
    const { prefix, totalBytes } = await readBodyPrefix(c.req.raw, maxBytes, prefixBytes).catch(
      whenClientLeft,
    );
    return { input: { ...input, [binary.field]: prefix }, upload: { totalBytes } };
  }
  throw new HttpStatusError(
    "unsupported_media_type",
    `Unsupported Content-Type "${type}": send ${
      binary.mediaTypes.join(", ")
    }, multipart/form-data with a "file" ` +
      `field, or JSON with base64 "${binary.field}"`,
  );
}

/**
 * Reads a JSON body with the upload as base64, decoding it as it arrives
 * (`json_upload.ts`): the body is never held as text. With `prefixBytes`
 * (the request only gets the 402), only the upload's first bytes are kept,
 * the rest checked and counted.
 */
async function readJsonWithFile(
  c: Context,
  operation: AnyOperation,
  maxBytes: number,
  prefixBytes: number | undefined,
): Promise<ReadInput> {
  const field = operation.binary!.field;
  const params = c.req.param() as Record<string, string>;
  const { body, bytes, totalBytes } = await readJsonUpload(c.req.raw, maxBytes, field, prefixBytes)
    .catch(whenClientLeft);
  if (!bytes) {
    return { input: decodeBinaryInput(operation, parseInput(operation.input, { ...body, ...params })) };
  }
  // The schema checks every other field; the upload's own check (base64) was its decoding.
  const input = parseInput(operation.input, { ...body, [field]: "", ...params });
  input[field] = bytes;
  return prefixBytes === undefined ? { input } : { input, upload: { totalBytes: totalBytes! } };
}

/** Reads the body as bytes, refusing more than `maxBytes` (413). */
export function readBody(c: Context, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  return readBodyBytes(c.req.raw, maxBytes).catch(whenClientLeft);
}

/** Reads a JSON object body of at most `maxBytes` (400 when missing, malformed or not an object). */
export function readJson(c: Context, maxBytes: number): Promise<Record<string, unknown>> {
  return readJsonObject(c.req.raw, maxBytes).catch(whenClientLeft);
}

/**
 * Rethrows a body-reading failure: ours (413, 400) as they are; the
 * runtime's (the connection closed while the body was still coming in) as a
 * 499, so a client that hung up mid-upload is logged as gone, not as a
 * server fault. No payment is asked for or taken before the body is read.
 */
function whenClientLeft(error: unknown): never {
  if (error instanceof ServiceError) throw error;
  throw new HttpStatusError(
    "client_closed",
    "Client closed the connection before its request body was read: nothing was charged",
  );
}

function fromSearchParams(c: Context, schema: z.ZodObject): Record<string, unknown> {
  const url = new URL(c.req.url);
  const values: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) (values[name] ??= []).push(value);
  return coerceStrings(schema, values);
}

function mediaTypeMatches(type: string, range: string): boolean {
  if (range.endsWith("/*")) return type.startsWith(range.slice(0, -1));
  return type === range;
}

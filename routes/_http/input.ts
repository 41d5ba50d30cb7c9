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
import { z } from "zod";
import { InvalidInputError, PayloadTooLargeError } from "../../lib/errors.ts";
import {
  type AnyOperation,
  type BinaryInput,
  decodeBinaryInput,
  maxBodyBytesOf,
} from "../../lib/operation.ts";
import type { Services } from "../../lib/services.ts";
import { HttpStatusError } from "./errors.ts";

export { DEFAULT_MAX_BODY_BYTES } from "../../lib/operation.ts";

/** Reads and validates the input of `operation` from the request. */
export async function readOperationInput(
  c: Context,
  operation: AnyOperation,
  services: Services,
): Promise<Record<string, unknown>> {
  const params = c.req.param() as Record<string, string>;
  if (operation.method === "GET") {
    return parseInput(operation.input, { ...fromSearchParams(c, operation.input), ...params });
  }
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  const maxBytes = maxBodyBytesOf(operation, services);
  const binary = operation.binary as BinaryInput | undefined;
  if (type === "application/json" || (!binary && type === "")) {
    const body = await readJson(c, maxBytes);
    return decodeBinaryInput(operation, parseInput(operation.input, { ...body, ...params }));
  }
  if (!binary) {
    throw new HttpStatusError(415, `Unsupported Content-Type "${type}": send a JSON body (application/json)`);
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
    return { ...input, [binary.field]: new Uint8Array(await file.arrayBuffer()) };
  }
  if (
    binary.mediaTypes.some((range) => mediaTypeMatches(type, range)) || type === "application/octet-stream"
  ) {
    const input = parseInput(rest, { ...fromSearchParams(c, rest), ...params });
    return { ...input, [binary.field]: await readBody(c, maxBytes) };
  }
  throw new HttpStatusError(
    415,
    `Unsupported Content-Type "${type}": send ${
      binary.mediaTypes.join(", ")
    }, multipart/form-data with a "file" ` +
      `field, or JSON with base64 "${binary.field}"`,
  );
}

const strictSchemas = new WeakMap<z.ZodObject, z.ZodObject>();

/** Validates `value` against `schema`, refusing unknown fields, and names every problem. */
export function parseInput(schema: z.ZodObject, value: unknown): Record<string, unknown> {
  let strict = strictSchemas.get(schema);
  if (!strict) strictSchemas.set(schema, strict = schema.strict());
  const result = strict.safeParse(value);
  if (result.success) return result.data as Record<string, unknown>;
  throw new InvalidInputError(describeIssues(result.error));
}

/** One sentence listing every validation problem, each with the field it concerns. */
export function describeIssues(error: z.ZodError): string {
  const parts = error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
    }
    const path = issue.path.map((p, i) =>
      typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`
    )
      .join("");
    return path ? `"${path}": ${issue.message}` : issue.message;
  });
  return `Invalid input: ${parts.join("; ")}`;
}

/** Reads the body as bytes, refusing more than `maxBytes` (413). */
export async function readBody(c: Context, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(c.req.header("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads a JSON object body of at most `maxBytes` (400 when missing, malformed or not an object). */
export async function readJson(c: Context, maxBytes: number): Promise<Record<string, unknown>> {
  const bytes = await readBody(c, maxBytes);
  if (bytes.byteLength === 0) throw new InvalidInputError("Missing JSON body: send a JSON object");
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new InvalidInputError("Malformed JSON body: it could not be parsed");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new InvalidInputError("Invalid JSON body: expected an object");
  }
  return body as Record<string, unknown>;
}

function tooLarge(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`Request body too large: the limit is ${maxBytes} bytes`, {
    details: { limitBytes: maxBytes },
  });
}

function fromSearchParams(c: Context, schema: z.ZodObject): Record<string, unknown> {
  const url = new URL(c.req.url);
  const values: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) (values[name] ??= []).push(value);
  return coerceStrings(schema, values);
}

/**
 * Query and form values are strings: give each field the type its schema
 * wants (arrays for repeated keys, numbers, booleans), leaving anything that
 * does not convert as it is so validation names it.
 */
function coerceStrings(schema: z.ZodObject, values: Record<string, string[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, list] of Object.entries(values)) {
    const field = schema.shape[name] as z.ZodType | undefined;
    const kind = field ? baseType(field) : "unknown";
    if (kind === "array") out[name] = list;
    else if (list.length > 1) out[name] = list;
    else if (kind === "number" && list[0]!.trim() !== "" && !Number.isNaN(Number(list[0]))) {
      out[name] = Number(list[0]);
    } else if (kind === "boolean" && /^(true|false|1|0)$/.test(list[0]!)) {
      out[name] = list[0] === "true" || list[0] === "1";
    } else out[name] = list[0];
  }
  return out;
}

function baseType(schema: z.ZodType): string {
  let current = schema as unknown as { def: { type: string; innerType?: unknown; in?: unknown } };
  for (let depth = 0; depth < 8; depth++) {
    const { type, innerType } = current.def;
    if (
      ["optional", "default", "nullable", "readonly", "catch", "prefault", "nonoptional"].includes(type) &&
      innerType
    ) {
      current = innerType as typeof current;
    } else if (type === "pipe" && current.def.in) {
      current = current.def.in as typeof current;
    } else {
      return type;
    }
  }
  return "unknown";
}

function mediaTypeMatches(type: string, range: string): boolean {
  if (range.endsWith("/*")) return type.startsWith(range.slice(0, -1));
  return type === range;
}

/**
 * An operation's input as any transport hands it over (a JSON object, tool
 * arguments, query or form strings), checked strictly against the
 * operation's schema with every problem named, and binary fields decoded.
 *
 * @module
 */
import { z } from "zod";
import { InvalidInputError } from "../shared/errors.ts";
import type { Services } from "../server/services.ts";
import type { AnyOperation, BinaryInput, OperationDeclaration } from "./define.ts";

/** Default cap on request bodies of operations that declare none. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** The largest request body `operation` accepts with these services. */
export function maxBodyBytesOf(
  operation: Pick<OperationDeclaration, "maxBodyBytes">,
  services: Services,
): number {
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

/**
 * Query and form values are strings: give each field the type its schema
 * wants (arrays for repeated keys, numbers, booleans), leaving anything that
 * does not convert as it is so validation names it.
 */
export function coerceStrings(
  schema: z.ZodObject,
  values: Record<string, string[]>,
): Record<string, unknown> {
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

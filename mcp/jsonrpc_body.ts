/**
 * Reads and checks an MCP POST body as JSON-RPC 2.0 before the SDK's
 * transport sees it, so that each kind of bad message gets the code the
 * JSON-RPC spec gives it. The transport answers a message without
 * `"jsonrpc": "2.0"` as a parse error (-32700) though it parsed, an empty
 * batch with a bare 202, and a request whose params break the method's schema
 * (`arguments` as an array) as an internal error (-32603). Here: not JSON is
 * -32700, an object that is not a JSON-RPC message or an empty batch is
 * -32600 (Invalid Request), and a known method with malformed params is
 * -32602 (Invalid params) answered with the request's id.
 *
 * Requests the transport refuses before reading the body (wrong `Accept` or
 * `Content-Type`) are left to it, so its 406 and 415 answers are unchanged.
 *
 * @module
 */
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import {
  MAX_BATCH_SIZE,
  readRequestBody,
  requestBodyTooLargeMessage,
} from "@modelcontextprotocol/sdk/server/requestBody.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import { ClientRequestSchema, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";

/** The body to hand to the transport, or the answer to send instead. */
export type CheckedBody = { parsedBody: unknown } | { response: Response };

/** JSON-RPC error codes used here. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;

/** Schemas of the requests a client may send, by method. */
const REQUEST_SCHEMAS: ReadonlyMap<string, { safeParse(value: unknown): { success: boolean } }> = new Map(
  ClientRequestSchema.options.map((schema) => [String(schema.shape.method.value), schema]),
);

/**
 * Reads `request`'s body (at most `maxBytes`) and checks it as JSON-RPC.
 *
 * @returns The parsed body for the transport, `undefined` when the transport
 *   must answer the request itself, or the error response to send.
 */
export async function checkJsonRpcBody(request: Request, maxBytes: number): Promise<CheckedBody | undefined> {
  const accept = request.headers.get("accept") ?? "";
  if (!accept.includes("application/json") || !accept.includes("text/event-stream")) return undefined;
  if (!isJsonContentType(request.headers.get("content-type"))) return undefined;

  const body = await readRequestBody(request, maxBytes);
  if (body.tooLarge) {
    return { response: errorResponse(413, null, -32000, requestBodyTooLargeMessage(maxBytes)) };
  }
  let parsedBody: unknown;
  try {
    parsedBody = JSON.parse(body.text);
  } catch {
    return { response: errorResponse(400, null, PARSE_ERROR, "Parse error: the body is not JSON") };
  }
  const messages = Array.isArray(parsedBody) ? parsedBody : [parsedBody];
  if (Array.isArray(parsedBody) && parsedBody.length === 0) {
    return { response: errorResponse(400, null, INVALID_REQUEST, "Invalid Request: empty batch") };
  }
  if (messages.length > MAX_BATCH_SIZE) return { parsedBody };
  const errors = messages.map(problemOf).filter((error) => error !== undefined);
  if (errors.length === 0) return { parsedBody };
  const status = errors.every((error) => error.error.code === INVALID_PARAMS) ? 200 : 400;
  return { response: Response.json(Array.isArray(parsedBody) ? errors : errors[0], { status }) };
}

/** The error answer of one message, or `undefined` when it is fine. */
function problemOf(message: unknown): JsonRpcError | undefined {
  if (!message || typeof message !== "object" || Array.isArray(message)) {
    return errorObject(null, INVALID_REQUEST, "Invalid Request: a JSON-RPC message must be an object");
  }
  const { jsonrpc, id, method } = message as Record<string, unknown>;
  const replyId = typeof id === "string" || typeof id === "number" ? id : null;
  if (jsonrpc !== "2.0") {
    return errorObject(replyId, INVALID_REQUEST, 'Invalid Request: "jsonrpc" must be "2.0"');
  }
  if (!JSONRPCMessageSchema.safeParse(message).success) {
    return errorObject(
      replyId,
      INVALID_REQUEST,
      "Invalid Request: not a JSON-RPC request, notification or response",
    );
  }
  const schema = typeof method === "string" && "id" in message ? REQUEST_SCHEMAS.get(method) : undefined;
  if (schema && !schema.safeParse(message).success) {
    return errorObject(
      replyId,
      INVALID_PARAMS,
      `Invalid params: the params of "${method}" do not match its schema`,
    );
  }
  return undefined;
}

/** A JSON-RPC error response object. */
interface JsonRpcError {
  jsonrpc: "2.0";
  id: string | number | null;
  error: { code: number; message: string };
}

function errorObject(id: string | number | null, code: number, message: string): JsonRpcError {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

function errorResponse(status: number, id: string | number | null, code: number, message: string): Response {
  return Response.json(errorObject(id, code, message), { status });
}

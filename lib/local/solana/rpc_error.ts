/**
 * JSON-RPC errors of the local chain, with the codes and messages an Agave
 * validator uses (`-32602` invalid params, `-32002` preflight failure, …).
 *
 * @module
 */

/** A JSON-RPC error object as sent in a response. */
export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** A failure answered as a JSON-RPC error instead of a result. */
export class RpcError extends Error {
  /** JSON-RPC error code. */
  readonly code: number;
  /** Optional machine-readable detail (`data`). */
  readonly data?: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.name = "RpcError";
    this.code = code;
    if (data !== undefined) this.data = data;
  }

  /** The error as it appears in a response. */
  toJSON(): RpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/** Standard and Solana-specific JSON-RPC error codes. */
export const RPC_ERROR_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  sendTransactionPreflightFailure: -32002,
  transactionSignatureVerificationFailure: -32003,
  unsupportedTransactionVersion: -32015,
  minContextSlotNotReached: -32016,
} as const;

/** `-32602` with the validator's wording, e.g. `Invalid param: WrongSize`. */
export function invalidParams(message: string): RpcError {
  return new RpcError(RPC_ERROR_CODES.invalidParams, message);
}

/** The validator's answer to a transaction whose signatures do not verify. */
export function signatureVerificationFailure(): RpcError {
  return new RpcError(
    RPC_ERROR_CODES.transactionSignatureVerificationFailure,
    "Transaction signature verification failure",
  );
}

/** The validator's answer when a v0 transaction is read without `maxSupportedTransactionVersion`. */
export function unsupportedTransactionVersion(version: number): RpcError {
  return new RpcError(
    RPC_ERROR_CODES.unsupportedTransactionVersion,
    `Transaction version (${version}) is not supported by the requesting client. ` +
      "Please try the request again with the following configuration parameter: " +
      `"maxSupportedTransactionVersion": ${version}`,
  );
}

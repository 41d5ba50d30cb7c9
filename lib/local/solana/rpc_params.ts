/**
 * Parameter checks shared by the local RPC methods, worded as the validator
 * words them (`Invalid param: WrongSize`, "`params` should have at least 1
 * argument(s)", `Minimum context slot has not been reached`).
 *
 * @module
 */
import { getBase58Encoder, isAddress } from "@solana/kit";
import type { Address } from "@solana/kit";
import type { LocalChain } from "./chain.ts";
import { invalidParams, RPC_ERROR_CODES, RpcError } from "./rpc_error.ts";

/** The version of the Agave RPC whose shapes the local chain follows. */
export const API_VERSION = "3.1.8";

/** What every method receives. */
export interface MethodContext {
  chain: LocalChain;
}

/** A method: positional params in, result out; throws {@linkcode RpcError}. */
export type RpcMethod = (params: unknown[], context: MethodContext) => unknown;

/** The `context` of a response: the slot it reflects. */
export function responseContext(chain: LocalChain): { apiVersion: string; slot: number } {
  return { apiVersion: API_VERSION, slot: Number(chain.slot) };
}

/** Throws unless at least `count` params were given. */
export function requireParams(params: unknown[], count: number): void {
  if (params.length < count) throw invalidParams(`\`params\` should have at least ${count} argument(s)`);
}

/** A list param of at most `max` entries (`getMultipleAccounts`' addresses, a status query's signatures). */
export function listParam(value: unknown, max: number): unknown[] {
  if (!Array.isArray(value)) throw invalidParams("Invalid params: invalid type: expected a sequence.");
  if (value.length > max) throw invalidParams(`Too many inputs provided; max ${max}`);
  return value;
}

/** A config object param (absent or `null` → `{}`). */
export function configParam(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw invalidParams(`Invalid params: invalid type: ${describe(value)}, expected struct config.`);
  }
  return value as Record<string, unknown>;
}

/** A string param. */
export function stringParam(value: unknown): string {
  if (typeof value !== "string") {
    throw invalidParams(`Invalid params: invalid type: ${describe(value)}, expected a string.`);
  }
  return value;
}

/** A base58 address param. */
export function addressParam(value: unknown): Address {
  const text = stringParam(value);
  if (isAddress(text)) return text;
  throw invalidParams(`Invalid param: ${decodedLength(text) === null ? "Invalid" : "WrongSize"}`);
}

/** A base58 signature param. */
export function signatureParam(value: unknown): string {
  const text = stringParam(value);
  const length = decodedLength(text);
  if (length === 64) return text;
  throw invalidParams(`Invalid param: ${length === null ? "Invalid" : "WrongSize"}`);
}

/** A base58 32-byte hash param (`isBlockhashValid`). */
export function hashParam(value: unknown): string {
  const text = stringParam(value);
  const length = decodedLength(text);
  if (length === 32) return text;
  throw invalidParams(length === null ? "Invalid" : "WrongSize");
}

/** An optional non-negative integer field of a config. */
export function integerField(config: Record<string, unknown>, field: string): number | undefined {
  const value = config[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: invalid type: ${describe(value)}, expected u64.`);
  }
  return value;
}

/**
 * Applies `commitment` and `minContextSlot`. State is read at the newest slot
 * whatever the level: only transaction lookups honour a finality lag.
 */
export function checkContext(config: Record<string, unknown>, chain: LocalChain): void {
  const commitment = config.commitment;
  if (commitment !== undefined && !["processed", "confirmed", "finalized"].includes(String(commitment))) {
    throw invalidParams(
      `Invalid params: unknown variant \`${
        String(commitment)
      }\`, expected one of \`processed\`, \`confirmed\`, \`finalized\`.`,
    );
  }
  const minContextSlot = integerField(config, "minContextSlot");
  if (minContextSlot !== undefined && chain.slot < BigInt(minContextSlot)) {
    throw new RpcError(
      RPC_ERROR_CODES.minContextSlotNotReached,
      "Minimum context slot has not been reached",
      {
        contextSlot: Number(chain.slot),
      },
    );
  }
}

function decodedLength(text: string): number | null {
  try {
    return getBase58Encoder().encode(text).length;
  } catch {
    return null;
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "sequence";
  if (typeof value === "number") {
    return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``;
  }
  if (typeof value === "string") return `string "${value}"`;
  if (typeof value === "boolean") return `boolean \`${value}\``;
  return "map";
}

/**
 * Reads a Solana transaction error in any of the JSON shapes the RPC uses
 * (`meta.err`, simulation `value.err`, signature-status `err` or legacy
 * `status: {Err}`) into one flat record. Never throws: an unrecognised shape
 * comes back with `recognised: false`.
 *
 * Shapes (serde externally tagged enums): a unit variant is a bare string
 * (`"BlockhashNotFound"`); a one-field tuple variant is `{"DuplicateInstruction": 1}`;
 * the two-field `InstructionError` is `{"InstructionError": [2, {"Custom": 6001}]}`
 * or `[0, "IncorrectProgramId"]`; struct variants carry snake_case fields,
 * `{"InsufficientFundsForRent": {"account_index": 1}}`. Older nodes sent
 * `{"BorshIoError": "<text>"}`; newer ones a bare `"BorshIoError"`.
 *
 * @module
 */

/** A transaction error, flattened. */
export interface ParsedError {
  /** The TransactionError variant, e.g. `"BlockhashNotFound"` or `"InstructionError"`. */
  transactionError: string;
  /** The InstructionError variant for instruction failures, e.g. `"Custom"`; otherwise `null`. */
  instructionError: string | null;
  /** The failing top-level instruction (InstructionError) or the duplicated one (DuplicateInstruction). */
  instructionIndex: number | null;
  /** The program's own code for `Custom`. */
  customCode: number | null;
  /** The account a struct variant points at (`account_index`). */
  accountIndex: number | null;
  /** Any other payload, as text (e.g. an old BorshIoError message). */
  detail: string | null;
  /** False when the shape was not one of the documented ones. */
  recognised: boolean;
}

const MAX_DETAIL = 200;
/** A plausible variant name. */
const VARIANT = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * Parses an error value as the RPC returns it; `null` when it means success
 * (`null`, `undefined`, `{"Ok": null}`).
 *
 * @example
 * ```ts
 * parseTransactionError({ InstructionError: [2, { Custom: 6001 }] });
 * // { transactionError: "InstructionError", instructionError: "Custom", instructionIndex: 2, customCode: 6001, ... }
 * ```
 */
export function parseTransactionError(err: unknown): ParsedError | null {
  if (err === null || err === undefined) return null;
  if (typeof err === "string") return parseString(err);
  if (Array.isArray(err)) return parseInstructionTuple(err) ?? unrecognised(err);
  if (typeof err !== "object") return unrecognised(err);
  const entries = Object.entries(err as Record<string, unknown>);
  if (entries.length !== 1) return unrecognised(err);
  const [name, value] = entries[0]!;
  if (!VARIANT.test(name)) return unrecognised(err);
  if (name === "Ok") return null;
  if (name === "Err") return parseTransactionError(value) ?? unrecognised(err);
  if (name === "InstructionError") {
    return Array.isArray(value) ? parseInstructionTuple(value) ?? unrecognised(err) : unrecognised(err);
  }
  return { ...blank(name), ...payloadFields(name, value) };
}

function parseString(text: string): ParsedError {
  const trimmed = text.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return parseTransactionError(JSON.parse(trimmed)) ?? unrecognised(text);
    } catch {
      return unrecognised(text);
    }
  }
  return VARIANT.test(trimmed) ? blank(trimmed) : unrecognised(text);
}

/** `[index, instructionError]`, the payload of `InstructionError`. */
function parseInstructionTuple(tuple: unknown[]): ParsedError | null {
  if (tuple.length !== 2 || !isIndex(tuple[0])) return null;
  const index = tuple[0];
  const inner = tuple[1];
  const base = { ...blank("InstructionError"), instructionIndex: index };
  if (typeof inner === "string" && VARIANT.test(inner)) {
    return { ...base, instructionError: inner };
  }
  if (inner && typeof inner === "object" && !Array.isArray(inner)) {
    const entries = Object.entries(inner as Record<string, unknown>);
    if (entries.length === 1) {
      const [name, value] = entries[0]!;
      if (!VARIANT.test(name)) {
        return { ...base, instructionError: "Unknown", detail: describe(inner), recognised: false };
      }
      if (name === "Custom") {
        return isU32(value)
          ? { ...base, instructionError: "Custom", customCode: value }
          : { ...base, instructionError: "Custom", detail: describe(value), recognised: false };
      }
      return { ...base, instructionError: name, detail: describe(value) };
    }
  }
  return { ...base, instructionError: "Unknown", detail: describe(inner), recognised: false };
}

function payloadFields(name: string, value: unknown): Partial<ParsedError> {
  if (isIndex(value)) {
    return name === "DuplicateInstruction" ? { instructionIndex: value } : { detail: String(value) };
  }
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const accountIndex = record.account_index ?? record.accountIndex;
    if (isIndex(accountIndex)) return { accountIndex };
  }
  return { detail: describe(value) };
}

function blank(transactionError: string): ParsedError {
  return {
    transactionError,
    instructionError: null,
    instructionIndex: null,
    customCode: null,
    accountIndex: null,
    detail: null,
    recognised: true,
  };
}

function unrecognised(value: unknown): ParsedError {
  return { ...blank("Unknown"), detail: describe(value), recognised: false };
}

function describe(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  let text: string;
  try {
    text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 3)}...` : text;
}

function isIndex(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= 255;
}

function isU32(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= 0xffff_ffff;
}

/**
 * Custom error codes of the System program.
 *
 * @module
 */
import { errorRows, type ProgramErrorTable } from "./types.ts";

/** The System program's address. */
export const SYSTEM_PROGRAM = "11111111111111111111111111111111";

/** System program errors. */
export const SYSTEM_ERRORS: ProgramErrorTable = {
  program: SYSTEM_PROGRAM,
  programName: "System Program",
  anchor: false,
  confidence: "high",
  errors: errorRows([
    [0, "AccountAlreadyInUse", "The account to create already exists", "account_state"],
    [1, "ResultWithNegativeLamports", "The source account does not have enough SOL", "insufficient_funds"],
    [2, "InvalidProgramId", "The program id cannot be assigned", "invalid_transaction"],
    [
      3,
      "InvalidAccountDataLength",
      "The requested account data length is not allowed",
      "invalid_transaction",
    ],
    [4, "MaxSeedLengthExceeded", "A seed is longer than allowed", "invalid_transaction"],
    [
      5,
      "AddressWithSeedMismatch",
      "The address does not match the one derived from the seed",
      "invalid_transaction",
    ],
    [
      6,
      "NonceNoRecentBlockhashes",
      "The nonce cannot advance: no recent blockhash is available yet",
      "nonce",
      "retry_later",
    ],
    [
      7,
      "NonceBlockhashNotExpired",
      "The nonce already holds the current blockhash: wait a slot to advance it",
      "nonce",
      "retry_later",
    ],
    [
      8,
      "NonceUnexpectedBlockhashValue",
      "The nonce value in the transaction is not the nonce account's current value",
      "nonce",
    ],
  ]),
};

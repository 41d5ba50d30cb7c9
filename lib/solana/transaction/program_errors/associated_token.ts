/**
 * Custom error codes of the Associated Token Account program.
 *
 * @module
 */
import { errorRows, type ProgramErrorTable } from "./types.ts";

/** The Associated Token Account program's address. */
export const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";

/** Associated Token Account program errors. */
export const ASSOCIATED_TOKEN_ERRORS: ProgramErrorTable = {
  program: ASSOCIATED_TOKEN_PROGRAM,
  programName: "Associated Token Account Program",
  anchor: false,
  confidence: "high",
  errors: errorRows([
    [
      0,
      "InvalidOwner",
      "The owner does not match the one the associated token address was derived from",
      "invalid_transaction",
    ],
  ]),
};

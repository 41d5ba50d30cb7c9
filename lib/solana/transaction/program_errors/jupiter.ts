/**
 * Custom error codes of the Jupiter v6 aggregator (an Anchor program that
 * does not log its error names, so the table is the only source).
 *
 * @module
 */
import { errorRows, type ProgramErrorTable, sequentialRows } from "./types.ts";

/** Jupiter v6's address. */
export const JUPITER_V6_PROGRAM = "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4";

/** Jupiter v6 errors. */
export const JUPITER_V6_ERRORS: ProgramErrorTable = {
  program: JUPITER_V6_PROGRAM,
  programName: "Jupiter Aggregator v6",
  anchor: true,
  confidence: "high",
  errors: errorRows(sequentialRows(6000, [
    ["EmptyRoute", "The route is empty", "invalid_transaction"],
    [
      "SlippageToleranceExceeded",
      "The output fell below the minimum allowed by the slippage tolerance",
      "slippage",
    ],
    ["InvalidCalculation", "A route calculation failed", "program_error"],
    ["MissingPlatformFeeAccount", "The platform fee account is missing", "invalid_transaction"],
    ["InvalidSlippage", "The slippage setting is invalid", "invalid_transaction"],
    ["NotEnoughPercent", "The route split percentages do not add up to 100", "invalid_transaction"],
    ["InvalidInputIndex", "A route step has an invalid input index", "invalid_transaction"],
    ["InvalidOutputIndex", "A route step has an invalid output index", "invalid_transaction"],
    ["NotEnoughAccountKeys", "Not enough accounts were passed for the route", "invalid_transaction"],
    [
      "NonZeroMinimumOutAmountNotSupported",
      "A non-zero minimum output is not supported here",
      "invalid_transaction",
    ],
    ["InvalidRoutePlan", "The route plan is invalid", "invalid_transaction"],
    ["InvalidReferralAuthority", "The referral authority is invalid", "invalid_transaction"],
    ["LedgerTokenAccountDoesNotMatch", "The ledger token account does not match", "invalid_transaction"],
    ["InvalidTokenLedger", "The token ledger is invalid", "invalid_transaction"],
    ["IncorrectTokenProgramID", "A token account belongs to the wrong token program", "invalid_transaction"],
    ["TokenProgramNotProvided", "A token program account is missing", "invalid_transaction"],
    ["SwapNotSupported", "The swap is not supported", "invalid_transaction"],
    ["ExactOutAmountNotMatched", "The exact output amount was not met", "slippage"],
    [
      "SourceAndDestinationMintCannotBeTheSame",
      "The input and output mints are the same",
      "invalid_transaction",
    ],
    ["InvalidMint", "A mint is invalid", "invalid_transaction"],
    ["InvalidProgramAuthority", "The program authority is invalid", "invalid_transaction"],
    ["InvalidOutputTokenAccount", "The output token account is invalid", "invalid_transaction"],
    ["InvalidFeeWallet", "The fee wallet is invalid", "invalid_transaction"],
    ["InvalidAuthority", "The authority is invalid", "invalid_transaction"],
    ["InsufficientFunds", "The input token account holds less than the amount to swap", "insufficient_funds"],
    ["InvalidTokenAccount", "A token account is invalid", "invalid_transaction"],
    [
      "BondingCurveAlreadyCompleted",
      "The bonding curve of a route step has completed: the token moved to another pool",
      "account_state",
      "requote_and_rebuild",
    ],
  ])),
};

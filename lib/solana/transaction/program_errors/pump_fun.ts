/**
 * Custom error codes of the pump.fun bonding-curve program (Anchor), from its
 * widely published IDL. Newer deployments add codes; the AnchorError log line
 * names them when present.
 *
 * @module
 */
import { errorRows, type ProgramErrorTable, sequentialRows } from "./types.ts";

/** pump.fun's address. */
export const PUMP_FUN_PROGRAM = "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P";

/** pump.fun errors. */
export const PUMP_FUN_ERRORS: ProgramErrorTable = {
  program: PUMP_FUN_PROGRAM,
  programName: "pump.fun",
  anchor: true,
  confidence: "medium",
  errors: errorRows(sequentialRows(6000, [
    ["NotAuthorized", "The signer is not authorized for this instruction", "invalid_transaction"],
    ["AlreadyInitialized", "The program is already initialized", "account_state"],
    [
      "TooMuchSolRequired",
      "Buying that amount needs more SOL than the maximum allowed (buy slippage)",
      "slippage",
    ],
    [
      "TooLittleSolReceived",
      "Selling that amount returns less SOL than the minimum allowed (sell slippage)",
      "slippage",
    ],
    ["MintDoesNotMatchBondingCurve", "The mint does not match the bonding curve", "invalid_transaction"],
    [
      "BondingCurveComplete",
      "The bonding curve has completed and its liquidity migrated: trade on the new pool",
      "account_state",
      "requote_and_rebuild",
    ],
    ["BondingCurveNotComplete", "The bonding curve has not completed", "account_state"],
    ["NotInitialized", "The program is not initialized", "account_state"],
  ])),
};

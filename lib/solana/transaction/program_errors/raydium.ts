/**
 * Custom error codes of Raydium's AMM v4 (native, code = enum position),
 * CPMM and CLMM (Anchor, from 6000).
 *
 * CLMM renumbered its errors in 2026 (four variants removed); this table
 * keeps the long-standing mainnet numbering, so a decode from it is only of
 * medium confidence. The program logs the error name, which wins when present.
 *
 * @module
 */
import { errorRows, type ProgramErrorTable, sequentialRows } from "./types.ts";

/** Raydium AMM v4's address. */
export const RAYDIUM_AMM_V4_PROGRAM = "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8";
/** Raydium CPMM's address. */
export const RAYDIUM_CPMM_PROGRAM = "CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C";
/** Raydium CLMM's address. */
export const RAYDIUM_CLMM_PROGRAM = "CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK";

/** Raydium AMM v4 errors. */
export const RAYDIUM_AMM_V4_ERRORS: ProgramErrorTable = {
  program: RAYDIUM_AMM_V4_PROGRAM,
  programName: "Raydium AMM v4",
  anchor: false,
  confidence: "high",
  errors: errorRows(sequentialRows(0, [
    ["AlreadyInUse", "The account is already in use", "account_state"],
    ["InvalidProgramAddress", "The program address is invalid", "invalid_transaction"],
    ["ExpectedMint", "A mint account was expected", "invalid_transaction"],
    ["ExpectedAccount", "A token account was expected", "invalid_transaction"],
    ["InvalidCoinVault", "The coin vault is invalid", "invalid_transaction"],
    ["InvalidPCVault", "The PC vault is invalid", "invalid_transaction"],
    ["InvalidTokenLP", "The LP token is invalid", "invalid_transaction"],
    ["InvalidDestTokenCoin", "The destination coin token account is invalid", "invalid_transaction"],
    ["InvalidDestTokenPC", "The destination PC token account is invalid", "invalid_transaction"],
    ["InvalidPoolMint", "The pool mint is invalid", "invalid_transaction"],
    ["InvalidOpenOrders", "The open orders account is invalid", "invalid_transaction"],
    ["InvalidMarket", "The market is invalid", "invalid_transaction"],
    ["InvalidMarketProgram", "The market program is invalid", "invalid_transaction"],
    ["InvalidTargetOrders", "The target orders account is invalid", "invalid_transaction"],
    ["AccountNeedWriteable", "An account must be writable", "invalid_transaction"],
    ["AccountNeedReadOnly", "An account must be read-only", "invalid_transaction"],
    ["InvalidCoinMint", "The coin mint is invalid", "invalid_transaction"],
    ["InvalidPCMint", "The PC mint is invalid", "invalid_transaction"],
    ["InvalidOwner", "An owner is invalid", "invalid_transaction"],
    ["InvalidSupply", "The supply is invalid", "invalid_transaction"],
    ["InvalidDelegate", "A delegate is invalid", "invalid_transaction"],
    ["InvalidSignAccount", "A signing account is invalid", "signature"],
    ["InvalidStatus", "The pool's status does not allow this", "account_state"],
    ["InvalidInstruction", "The instruction is invalid", "invalid_transaction"],
    ["WrongAccountsNumber", "The number of accounts is wrong", "invalid_transaction"],
    ["InvalidTargetAccountOwner", "The target account's owner is invalid", "invalid_transaction"],
    ["InvalidTargetOwner", "The target owner is invalid", "invalid_transaction"],
    ["InvalidAmmAccountOwner", "The AMM account's owner is invalid", "invalid_transaction"],
    ["InvalidParamsSet", "The parameters are invalid", "invalid_transaction"],
    ["InvalidInput", "The input is invalid", "invalid_transaction"],
    ["ExceededSlippage", "The swap exceeds the slippage limit", "slippage"],
    ["CalculationExRateFailure", "The exchange rate calculation failed"],
    ["CheckedSubOverflow", "A subtraction overflowed"],
    ["CheckedAddOverflow", "An addition overflowed"],
    ["CheckedMulOverflow", "A multiplication overflowed"],
    ["CheckedDivOverflow", "A division overflowed"],
    ["CheckedEmptyFunds", "The funds are empty", "insufficient_funds"],
    ["CalcPnlError", "The P&L calculation failed"],
    ["InvalidSplTokenProgram", "The token program is invalid", "invalid_transaction"],
    ["TakePnlError", "Taking P&L failed"],
    ["InsufficientFunds", "The input token account holds less than the amount", "insufficient_funds"],
    ["ConversionFailure", "A conversion to u64 overflowed or underflowed"],
    ["InvalidUserToken", "The user's token account does not match the pool", "invalid_transaction"],
    ["InvalidSrmMint", "The SRM mint is invalid", "invalid_transaction"],
    ["InvalidSrmToken", "The SRM token account is invalid", "invalid_transaction"],
    ["TooManyOpenOrders", "There are too many open orders", "account_state"],
    ["OrderAtSlotIsPlaced", "An order is already placed at this slot", "account_state"],
    ["InvalidSysProgramAddress", "The System program address is invalid", "invalid_transaction"],
    ["InvalidFee", "The fee is invalid", "invalid_transaction"],
    ["RepeatCreateAmm", "An AMM already exists for this market", "account_state"],
    ["NotAllowZeroLP", "A zero LP amount is not allowed", "invalid_transaction"],
    ["InvalidCloseAuthority", "A token account has a close authority", "invalid_transaction"],
    ["InvalidFreezeAuthority", "The pool's token mint has a freeze authority", "token_restriction"],
    ["InvalidReferPCMint", "The referrer's PC mint is invalid", "invalid_transaction"],
    ["InvalidConfigAccount", "The configuration account is invalid", "invalid_transaction"],
    ["RepeatCreateConfigAccount", "The configuration account already exists", "account_state"],
    ["MarketLotSizeIsTooLarge", "The market lot size is too large", "invalid_transaction"],
    ["InitLpAmountTooLess", "The initial LP amount is too low", "invalid_transaction"],
    ["UnknownAmmError", "Unknown AMM error"],
    ["NotAllowed", "Not allowed: both sides use the same mint", "invalid_transaction"],
  ])),
};

/** Raydium CPMM errors. */
export const RAYDIUM_CPMM_ERRORS: ProgramErrorTable = {
  program: RAYDIUM_CPMM_PROGRAM,
  programName: "Raydium CPMM",
  anchor: true,
  confidence: "high",
  errors: errorRows(sequentialRows(6000, [
    ["NotApproved", "Not approved", "invalid_transaction"],
    ["InvalidOwner", "The input account's owner is not the program address", "invalid_transaction"],
    ["EmptySupply", "The input token account is empty", "insufficient_funds"],
    ["InvalidInput", "The input token is invalid for this swap", "invalid_transaction"],
    ["IncorrectLpMint", "The LP mint address is incorrect", "invalid_transaction"],
    ["ExceededSlippage", "The swap exceeds the slippage limit", "slippage"],
    ["ZeroTradingTokens", "The pool token amount gives zero trading tokens", "invalid_transaction"],
    ["NotSupportMint", "The mint's Token-2022 extensions are not supported", "token_restriction"],
  ])),
};

/** Raydium CLMM errors (long-standing mainnet numbering). */
export const RAYDIUM_CLMM_ERRORS: ProgramErrorTable = {
  program: RAYDIUM_CLMM_PROGRAM,
  programName: "Raydium CLMM",
  anchor: true,
  confidence: "medium",
  errors: errorRows(sequentialRows(6000, [
    ["LOK", "The pool is locked"],
    ["NotApproved", "Not approved", "invalid_transaction"],
    ["InvalidUpdateConfigFlag", "The config update flag is invalid", "invalid_transaction"],
    ["AccountLack", "An account is missing", "invalid_transaction"],
    [
      "ClosePositionErr",
      "Remove liquidity and collect fees and rewards before closing the position",
      "account_state",
    ],
    ["ZeroMintAmount", "The minting amount must be above zero", "invalid_transaction"],
    ["InvalidTickIndex", "The tick is out of range", "invalid_transaction"],
    ["TickInvalidOrder", "The lower tick must be below the upper tick", "invalid_transaction"],
    ["TickLowerOverflow", "The lower tick is below the minimum", "invalid_transaction"],
    ["TickUpperOverflow", "The upper tick is above the maximum", "invalid_transaction"],
    ["TickAndSpacingNotMatch", "The tick is not a multiple of the tick spacing", "invalid_transaction"],
    ["InvalidTickArray", "The tick array account is invalid", "invalid_transaction"],
    ["InvalidTickArrayBoundary", "The tick array boundary is invalid", "invalid_transaction"],
    ["SqrtPriceLimitOverflow", "The sqrt price limit overflowed", "invalid_transaction"],
    ["SqrtPriceX64", "The sqrt price is out of range", "invalid_transaction"],
    ["LiquiditySubValueErr", "The liquidity decrease is too large"],
    ["LiquidityAddValueErr", "The liquidity increase is invalid"],
    ["InvalidLiquidity", "The liquidity for the position update is invalid", "invalid_transaction"],
    ["ForbidBothZeroForSupplyLiquidity", "Both token amounts are zero", "invalid_transaction"],
    ["LiquidityInsufficient", "The pool's liquidity is insufficient", "slippage"],
    ["TransactionTooOld", "The transaction is past its deadline", "slippage"],
    ["PriceSlippageCheck", "The price moved past the slippage limit", "slippage"],
    ["TooLittleOutputReceived", "The output is below the minimum allowed", "slippage"],
    ["TooMuchInputPaid", "The input is above the maximum allowed", "slippage"],
    ["ZeroAmountSpecified", "The swap amount is zero", "invalid_transaction"],
    ["InvalidInputPoolVault", "The input pool vault is invalid", "invalid_transaction"],
    ["TooSmallInputOrOutputAmount", "The swap input or output is too small", "invalid_transaction"],
    ["NotEnoughTickArrayAccount", "Not enough tick array accounts for the price move", "slippage"],
    ["InvalidFirstTickArrayAccount", "The first tick array account is invalid", "slippage"],
    ["InvalidRewardIndex", "The reward index is invalid", "invalid_transaction"],
    ["FullRewardInfo", "The pool has the most rewards allowed", "account_state"],
    ["RewardTokenAlreadyInUse", "The reward token is already in use", "account_state"],
    ["ExceptPoolVaultMint", "The reward tokens must include a pool vault mint", "invalid_transaction"],
    ["InvalidRewardInitParam", "The reward parameters are invalid", "invalid_transaction"],
    ["InvalidRewardDesiredAmount", "The desired reward amount is invalid", "invalid_transaction"],
    ["InvalidRewardInputAccountNumber", "The number of reward accounts is invalid", "invalid_transaction"],
    ["InvalidRewardPeriod", "The reward period is invalid", "invalid_transaction"],
    [
      "NotApproveUpdateRewardEmissiones",
      "Emissions can only change within 72 hours of the cycle's end",
      "account_state",
    ],
    ["UnInitializedRewardInfo", "The reward info is not initialized", "account_state"],
    ["NotSupportMint", "The mint's Token-2022 extensions are not supported", "token_restriction"],
    [
      "MissingTickArrayBitmapExtensionAccount",
      "The tick array bitmap extension account is missing",
      "invalid_transaction",
    ],
    ["InsufficientLiquidityForDirection", "Not enough liquidity in this direction", "slippage"],
  ])),
};

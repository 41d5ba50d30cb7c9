import assert from "node:assert/strict";
import {
  causeLines,
  inferMeaning,
  ORACLE_RETRY_SECONDS,
  wordsOf,
} from "../../../../lib/solana/transaction/error_meaning.ts";

const CASES: Array<[text: string, expected: string | null]> = [
  // Slippage, minimum or maximum amounts, price limits.
  ["ExceededSlippage", "slippage"],
  ["ExceededAmountSlippageTolerance", "slippage"],
  ["SlippageToleranceExceeded", "slippage"],
  ["Program log: Error: exceeds desired slippage limit", "slippage"],
  ["TooLittleSolReceived", "slippage"],
  ["TooMuchSolRequired", "slippage"],
  ["AmountOutBelowMinimum", "slippage"],
  ["AmountInAboveMaximum", "slippage"],
  ["TokenMaxExceeded", "slippage"],
  ["TokenMinSubceeded", "slippage"],
  ["TooLittleOutputReceived", "slippage"],
  ["TooMuchInputPaid", "slippage"],
  ["PriceSlippageCheck", "slippage"],
  ["Minimum amount out not met", "slippage"],
  ["Price limit reached", "slippage"],
  // Stale or invalid oracles.
  ["StaleOracle", "oracle"],
  ["StaleReport", "oracle"],
  ["OraclePriceStale", "oracle"],
  ["InvalidOracle", "oracle"],
  ["Oracle price is too old", "oracle"],
  ["PriceFeedStale", "oracle"],
  // Account state.
  ["AccountNotInitialized", "account_state"],
  ["AlreadyInitialized", "account_state"],
  ["The program expected this account to be already initialized", "account_state"],
  ["WrongOwner", "account_state"],
  ["InvalidAccountOwner", "account_state"],
  // Funds.
  ["InsufficientFunds", "insufficient_funds"],
  ["Transfer: insufficient lamports 3919590, need 5947500", "insufficient_funds"],
  ["NotEnoughCollateral", "insufficient_funds"],
  ["Program log: Error: insufficient funds", "insufficient_funds"],
  // Signatures and authority.
  ["Unauthorized", "signature"],
  ["NotAuthorized", "signature"],
  ["MissingSigner", "signature"],
  ["Missing required signature", "signature"],
  // Frozen, paused, halted.
  ["AccountFrozen", "frozen"],
  ["Account is frozen", "frozen"],
  ["MarketPaused", "paused"],
  ["ExchangeHalted", "paused"],
  // Names that say nothing about a cause a caller can act on.
  ["NotEnoughAccountKeys", null],
  ["InsufficientLiquidity", null],
  ["InvalidCalculation", null],
  ["MathOverflow", null],
  ["ConstraintSeeds", null],
  ["InvalidRoutePlan", null],
  // Names from published IDLs that look like a cause but are a setting or a state of the protocol.
  ["InvalidSqrtPriceLimitDirection", null],
  ["FeeRateMaxExceeded", null],
  ["InvalidQuoteMint", null],
  ["InvalidPricePrecision", null],
  ["MissingOracle", null],
  ["InvalidFreezeAuthority", null],
  ["AssetIsNotFrozen", null],
  ["ProtocolNotPaused", null],
  ["InsufficientSample", null],
  ["RemainingAccountsInsufficient", null],
  ["InsufficientBalanceInProgram", null],
  ["InsufficientRealQuoteReserves", null],
  ["OracleMaxConfidenceExceeded", "oracle"],
  ["OracleStaleForMargin", "oracle"],
  ["BankPaused", "paused"],
  ["AssetIsFrozen", "frozen"],
];

Deno.test("inferMeaning() reads the cause from names, messages and log lines", () => {
  const wrong = CASES.flatMap(([text, expected]) => {
    const got = inferMeaning([text])?.rule ?? null;
    return got === expected ? [] : [`${text}: expected ${expected}, got ${got}`];
  });
  assert.deepEqual(wrong, []);
});

Deno.test("inferMeaning() gives each cause its class and action", () => {
  assert.deepEqual(
    (({ failureClass, action }) => ({ failureClass, action }))(inferMeaning(["ExceededSlippage"])!),
    { failureClass: "slippage", action: "requote_and_rebuild" },
  );
  const oracle = inferMeaning(["StaleOracle"])!;
  assert.equal(oracle.failureClass, "transient");
  assert.equal(oracle.action, "retry_later");
  assert.equal(oracle.retryAfterSeconds, ORACLE_RETRY_SECONDS);
  assert.equal(inferMeaning(["AccountFrozen"])!.failureClass, "token_restriction");
  assert.equal(inferMeaning(["MarketPaused"])!.failureClass, "transient");
  assert.equal(inferMeaning(["InsufficientFunds"])!.action, "add_funds");
  assert.equal(inferMeaning(["AccountNotInitialized"])!.failureClass, "account_state");
  assert.equal(inferMeaning(["Unauthorized"])!.failureClass, "signature");
});

Deno.test("inferMeaning() takes the first text that says something, and reports it", () => {
  const meaning = inferMeaning([
    null,
    "InvalidCalculation",
    "Program log: Error: exceeds desired slippage limit",
  ]);
  assert.equal(meaning?.rule, "slippage");
  assert.equal(meaning?.evidence, "Program log: Error: exceeds desired slippage limit");
  assert.equal(inferMeaning([]), null);
});

Deno.test("wordsOf() splits identifiers into words", () => {
  assert.equal(wordsOf("ExceededAmountSlippageTolerance"), "exceeded amount slippage tolerance");
  assert.equal(wordsOf("TOO_MUCH_SOL_REQUIRED"), "too much sol required");
  assert.equal(wordsOf("AMMSlippage"), "amm slippage");
});

Deno.test("causeLines() keeps the frame's own last words, newest first, without banners or event data", () => {
  assert.deepEqual(
    causeLines([
      "Program log: Instruction: Buy",
      "Program log: AnchorError occurred. Error Code: ExceededSlippage.",
      "Program log: Left: 115000000",
      "Program data: vdt/007mYe4=",
    ]),
    ["Program log: AnchorError occurred. Error Code: ExceededSlippage."],
  );
});

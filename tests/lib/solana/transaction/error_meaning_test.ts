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
  ["OraclePriceStale", "oracle"],
  ["InvalidOracle", "oracle"],
  ["Oracle price is too old", "oracle"],
  ["PriceFeedStale", "oracle"],
  // An update that lost to a newer one (Chainlink OCR2's StaleReport, recorded in the corpus; Pyth Push
  // Oracle's and Drift's UpdatesNotMonotonic, from their IDLs).
  ["StaleReport", "superseded"],
  [
    "Program log: AnchorError thrown in programs/ocr2/src/lib.rs:639. Error Code: StaleReport. Error Number: 6003. Error Message: Stale report.",
    "superseded",
  ],
  ["UpdatesNotMonotonic", "superseded"],
  ["Updates must be monotonically increasing", "superseded"],
  // Too soon: an interval, a cooldown or a lock-up not over (Kamino Vault, Kamino Farms, Marinade, Stake
  // program and Vote program messages, from their sources).
  ["InvestTooSoon", "too_soon"],
  ["Invest is called too soon after last invest", "too_soon"],
  ["UnstakeNotElapsed", "too_soon"],
  ["Ticket not ready. Wait a few hours and try again", "too_soon"],
  ["TooSoonToRedelegate", "too_soon"],
  ["Daily withdrawal limit exceeded: try again later", "too_soon"],
  // Already done (Squads v4, Pump.fun, Switchboard On-Demand, from their IDLs).
  ["Member already approved the transaction", "already_done"],
  ["Bonding curve has already migrated", "already_done"],
  ["RewardAlreadyPaid", "already_done"],
  // Full accounts and queues (Serum DEX and OpenBook v2 error enums, Drift and MarginFi IDLs).
  ["TooManyOpenOrders", "capacity"],
  ["No free order index in open orders account", "capacity"],
  ["Max number of orders taken", "capacity"],
  ["Lending account balance slots are full", "capacity"],
  ["RequestQueueFull", "queue_full"],
  ["EventQueueFull", "queue_full"],
  // Past a deadline (Jupiter Limit Order IDL).
  ["OrderExpired", "expired"],
  ["OrderNotExpired", null],
  // Beyond a size or a cap (Drift and MarginFi IDLs).
  ["TradeSizeTooLarge", "exceeds"],
  ["Bank deposit capacity exceeded", "exceeds"],
  ["FeeBasisPointsExceedsMaximum", null],
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
  // An order book's code (Serum DEX's DexErrorCode::InsufficientFunds, named by its table).
  ["InsufficientFunds", "insufficient_funds"],
  ["Amount exceeds your available balance", "insufficient_funds"],
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
  // Zeta, recorded in the corpus.
  [
    "Program log: AnchorError thrown in programs/zeta/src/account.rs:741. Error Code: ZetaHalted. Error Number: 6136. Error Message: Zeta exchange is halted.",
    "paused",
  ],
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

/**
 * Hand-made labels for the failures of the whole recorded blocks in the
 * evaluation corpus, one per kind of failure: the innermost program that
 * failed and the line it failed with (`custom program error: 0x1771`, or the
 * transaction error when no program failed). Each was judged from what the
 * transactions of that kind say in their logs; `unstated` marks kinds whose
 * record does not decide the cause, with every class a careful reader could
 * give accepted.
 *
 * @module
 */

/** A label for every failure of one kind. */
export interface KindLabel {
  classes: string[];
  cause: "stated" | "unstated";
  why: string;
}

const UNSTATED_BOT: KindLabel = {
  classes: ["program_error", "unknown"],
  cause: "unstated",
  why:
    "A trading program with no published table fails with a bare custom code and no log line naming the cause",
};

const NOT_PROFITABLE: KindLabel = {
  classes: ["program_error", "slippage"],
  cause: "unstated",
  why:
    "An arbitrage program's own profit check ('No profitable arbitrage opportunity found' / NotProfitable): " +
    "the record does not say whether prices moved or the route never paid",
};

/** A label for a kind whose logs state the cause. */
function stated(classes: string[], why: string): KindLabel {
  return { classes, cause: "stated", why };
}

/** Labels keyed by `<innermost failing program> <failure line>`. */
export const KIND_LABELS: Record<string, KindLabel> = {
  "11111111111111111111111111111111 custom program error: 0x1": {
    classes: ["insufficient_funds"],
    cause: "stated",
    why: "System transfer logs 'Transfer: insufficient lamports 0, need 2039280'",
  },
  "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4 custom program error: 0x1771": {
    classes: ["slippage"],
    cause: "stated",
    why:
      "Jupiter v6 custom 6001, SlippageToleranceExceeded in its published IDL, raised after the route's legs succeeded",
  },
  "cjg3oHmg9uuPsP8D6g29NWvhySJkdYdAo9D25PRbKXJ custom program error: 0x1773": {
    classes: ["already_processed"],
    cause: "stated",
    why:
      "Chainlink OCR2 logs 'Error Code: StaleReport ... Stale report': a report not newer than the feed's " +
      "last, so a newer one already landed; resending it cannot succeed and nothing is missing",
  },
  "PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu custom program error: 0x1773": {
    classes: ["transient"],
    cause: "stated",
    why: "Jupiter perpetuals logs 'Error Code: StaleOraclePrice ... Stale oracle price'",
  },
  "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P custom program error: 0x1772": {
    classes: ["slippage"],
    cause: "stated",
    why: "pump.fun logs 'Error Code: TooMuchSolRequired ... slippage: Too much SOL required'",
  },
  "pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA custom program error: 0x1774": {
    classes: ["slippage"],
    cause: "stated",
    why: "PumpSwap logs 'Error Code: ExceededSlippage'",
  },
  "LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo custom program error: 0x1773": {
    classes: ["slippage"],
    cause: "stated",
    why: "Meteora DLMM logs 'Error Code: ExceededAmountSlippageTolerance'",
  },
  "LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo custom program error: 0x1797": {
    classes: ["slippage"],
    cause: "stated",
    why: "Meteora DLMM logs 'Error Code: InsufficientOutAmount ... Insufficient amount in for minimum out'",
  },
  "LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo custom program error: 0x1772": {
    classes: ["invalid_transaction", "program_error"],
    cause: "stated",
    why:
      "Meteora DLMM logs 'Error Code: InvalidInput ... Invalid input data' (called by an arbitrage program)",
  },
  "CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK custom program error: 0x178b": {
    classes: ["slippage", "invalid_transaction", "program_error"],
    cause: "stated",
    why:
      "Raydium CLMM logs 'Error Code: NotEnoughTickArrayAccount': the swap crossed more tick arrays than it was " +
      "given, which a price move since the quote causes and a fresh quote (new tick arrays) mends",
  },
  "ZETAxsqBRek56DhiGXrn75yj2NHU3aYUnxvHXpkf3aD custom program error: 0x17f8": {
    classes: ["transient"],
    cause: "stated",
    why: "Zeta logs 'Error Code: ZetaHalted ... Zeta exchange is halted'",
  },
  "dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH custom program error: 0x1891": {
    classes: ["program_error", "slippage"],
    cause: "unstated",
    why:
      "Drift logs PlaceAndTakeOrderSuccessConditionFailed ('no partial fill'): the order's fill condition was not met, " +
      "the record does not say whether the price moved",
  },
  "AddressLookupTab1e1111111111111111111111111 Computational budget exceeded": {
    classes: ["compute_exceeded"],
    cause: "stated",
    why: "Address Lookup Table ExtendLookupTable used all 9700 units it was given",
  },
  '- {"InsufficientFundsForRent":{"account_index":14}}': {
    classes: ["insufficient_funds"],
    cause: "stated",
    why: "Transaction error InsufficientFundsForRent: an account would be left below rent exemption",
  },
  "GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp custom program error: 0x12c": {
    classes: ["program_error", "invalid_transaction", "transient", "unknown"],
    cause: "unstated",
    why: "Logs 'Sequence out of order': a program's own sequencing rule, no class word",
  },
  "8BR3zs8zSXetpnDjCtHWnkpSkNSydWb3PTTDuVKku2uu custom program error: 0x2": {
    classes: ["program_error", "transient", "unknown"],
    cause: "unstated",
    why: "Logs 'Error: Delay transaction', which does not say why",
  },
  "kekX5aetitYKr515ay2noNvSHPpdfhLpTgsHT2HgdZH custom program error: 0x1770": {
    classes: ["program_error", "unknown"],
    cause: "unstated",
    why: "An AMM proxy logs 'Error Code: Err1 ... err.', which names no cause",
  },
  "MEViEnscUm6tsQRoGd9h6nLQaQspKj7DB2M5FwM3Xvz custom program error: 0x1": NOT_PROFITABLE,
  "bVpNJmSbtgB5DAUhkNrhrpMb8a1podaV4eSUwuiasSa custom program error: 0x1": NOT_PROFITABLE,
  "Dd5uZwHr4bZYnkSzHwRaaq5BEvS5NHsJZErKJu7YSjhg custom program error: 0x1770": NOT_PROFITABLE,
  "King7ki4SKMBPb3iupnQwTyjsq294jaXsgLmJo8cb7T custom program error: 0x1770": NOT_PROFITABLE,
  "SoLFiHG9TfgtdUXUjWAxi3LtvYuFyDLVhBWxdMZxyCe custom program error: 0x17": {
    classes: ["program_error", "unknown"],
    cause: "unstated",
    why: "SolFi fails with custom 0x17 and no log line",
  },
  // The whole block of March 2024 (slot 254170887).
  "4ngnN8dA9sAf1sbz3m6qwquxbHkyzgXVpeTYcxKPtZuf custom program error: 0x0": {
    ...NOT_PROFITABLE,
    why:
      "An arbitrage program logs 'ERR: Balance decreased: <before> -> <after>' after its legs ran: its own " +
      "profit check",
  },
  "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8 custom program error: 0x16": stated(
    ["account_state", "transient", "program_error"],
    "Raydium AMM v4 logs 'Error: InvalidStatus': the pool's status does not allow swaps yet (a pool " +
      "swapped before it opens)",
  ),
  "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8 custom program error: 0x1b": stated(
    ["invalid_transaction", "account_state"],
    "Raydium AMM v4 logs 'The amm account owner is not match with this program': the account passed as " +
      "the pool is not one of its pools",
  ),
  "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8 custom program error: 0x1d": stated([
    "invalid_transaction",
    "program_error",
  ], "Raydium AMM v4 logs 'Error: InvalidInput' after its ray_log: the swap's amounts are not accepted"),
  "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8 custom program error: 0x26": stated(
    ["invalid_transaction"],
    "Raydium AMM v4 logs 'Error: InvalidSplTokenProgram': the token program passed is not the one it takes",
  ),
  "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8 custom program error: 0x28": stated(
    ["insufficient_funds"],
    "Raydium AMM v4 logs 'Error: insufficient funds'; its ray_log gives the amount in and the source balance",
  ),
  "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8 custom program error: 0x1e": stated(
    ["slippage"],
    "Raydium AMM v4 logs 'Error: exceeds desired slippage limit'; its ray_log gives the minimum out and " +
      "the amount out",
  ),
  "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL Provided owner is not allowed": stated(
    ["invalid_transaction", "account_state", "already_processed"],
    "Associated Token Create (not idempotent) fails with IllegalOwner: the associated account already " +
      "exists, owned by the token program",
  ),
  "CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK custom program error: 0x1783": stated(
    ["slippage", "program_error"],
    "Raydium CLMM logs 'Error Code: LiquidityInsufficient' inside a Jupiter route: the pool cannot fill " +
      "the amount at this price; a fresh quote routes elsewhere",
  ),
  "EMnmGvrgKJhYCk2HCbUQfSXLDjdCjv3FAfdKcNz8A9Kr custom program error: 0x1770": UNSTATED_BOT,
  "JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB custom program error: 0x1771": stated(
    ["slippage"],
    "Jupiter v4 logs 'Error Code: SlippageToleranceExceeded' after the route's legs ran",
  ),
  "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4 SBF program panicked": stated(
    ["program_error", "invalid_transaction"],
    "Jupiter v6 logs 'Error: memory allocation failed, out of memory' and panics: the route is too large " +
      "for the program's heap",
  ),
  "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA custom program error: 0x177d": stated(
    ["program_error", "already_processed", "account_state"],
    "MarginFi logs 'Account not unhealthy' and IllegalLiquidation: the account is healthy (or already " +
      "liquidated) when the liquidation runs",
  ),
  "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA custom program error: 0x1781": stated(
    ["transient"],
    "MarginFi logs 'Feed has not been updated in 343 seconds!' and StaleOracle",
  ),
  "PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu custom program error: 0xbc4": stated(
    ["account_state", "already_processed", "program_error"],
    "Jupiter perpetuals ClosePositionRequest logs AccountNotInitialized for position_request: the request " +
      "account is gone (already executed or closed)",
  ),
  "SAGEqqFewepDHH6hMDcmWy7yjHPpyKLDnRXKb3Ki8e6 custom program error: 0x17a0": stated(
    ["account_state", "program_error", "invalid_transaction"],
    "Star Atlas SAGE DepositCargoToFleet logs the fleet's state (Idle in a sector) and InvalidState: the " +
      "fleet is not where the instruction needs it",
  ),
  "Stake11111111111111111111111111111111111111 insufficient funds for instruction": {
    classes: ["program_error", "insufficient_funds", "slippage", "unknown"],
    cause: "unstated",
    why:
      "The Stake program fails a withdrawal a stake pool makes inside a swap via stake: the pool's stake " +
      "could not cover it; the sender's own funds are not what is short",
  },
  "routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS custom program error: 0x26": stated(
    ["slippage"],
    "Raydium's route program logs '4965886 -> 1082063' and 'exceeds desired slippage limit'",
  ),
  "whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc custom program error: 0x1787": stated(
    ["slippage", "invalid_transaction", "program_error"],
    "Orca Whirlpool logs 'Error Code: InvalidTickArraySequence' for a swap an arbitrage program made: " +
      "the tick arrays passed do not follow the current price",
  ),
  "zDEXqXEG7gAyxb1Kg9mK5fPnUdENCGKzWrM21RMdWRq custom program error: 0x42": {
    classes: ["program_error", "unknown"],
    cause: "unstated",
    why:
      "Zeta's order book (a Serum fork) fails with custom 0x42 inside PlacePerpOrderV4 and no line naming it",
  },
  // The whole block of February 2021 (slot 64800004).
  "EUqojwWA2rd19FZrzeBncJsm38Jm1hEhE3zsmX3bRc2o custom program error: 0x29": {
    classes: ["already_processed", "account_state", "program_error", "unknown"],
    cause: "unstated",
    why: "Serum DEX v2 fails with a bare 0x29, ClientIdNotFound in its published error enum: no open order " +
      "has that client id (already filled or cancelled)",
  },
  "2A6m4MBgk3xL6a8SBMdKmAmFc85tTLh4Ds6wy7dBxBxb custom program error: 0x0": UNSTATED_BOT,
  "79vAmHd6SZAWLYnrJqCUkMKE55QsTwk5SDKDsYGMBWPj custom program error: 0x0": UNSTATED_BOT,
  "7WSohvZ4GS9WSn6akRY8A7a1qfzSvGKfEvhLbypA3n8x custom program error: 0x3eb": UNSTATED_BOT,
  "3HXfeBuc1aPwAvBsdReNXKa7j1jSP3khbHbWCVkU8hUu custom program error: 0x6eb": UNSTATED_BOT,
  "A6PDFLzh3VbkFn6aJmHe2LSd5kaYe8bmsQc6yPjinpC2 custom program error: 0x6eb": UNSTATED_BOT,
  "RoTom5BFr7M1K5cNwwLEjCVemqvJZpjGwQnFvi7GgHA custom program error: 0xbaaaaaad": UNSTATED_BOT,
  "bank7GaK8LkjyrLpSZjGuXL8z7yae6JqbunEEnU9FS4 custom program error: 0x0": UNSTATED_BOT,
  "6t83LoAjnk3ZLwUWR6bDBA2vDVRk5nyMG6mQsKRdUEZ7 custom program error: 0x1771": UNSTATED_BOT,
  "sattCHvHkM4XHLyadnU4KQtuNWZbWVDKzuPhmJBXCkq custom program error: 0x1": UNSTATED_BOT,
  "CataF1xj8FR7sUGeDtAuqfWj8gzCsD11jbmUosBmpUJs custom program error: 0x1": UNSTATED_BOT,
  "PHRKR9MUv8ir41y89cdTkARDMXQ2g7JAkEyf32xmqN4 custom program error: 0x1": UNSTATED_BOT,
  "DDsnwb7dxKSjzTYDFjU8F6rpYNZa1sp7Fmfb2nGDAMEo custom program error: 0xa": UNSTATED_BOT,
};

/**
 * The kind of a failure: the first `Program <id> failed: <line>` in its logs
 * (the innermost program, since a failure unwinds outwards), or `-` and the
 * transaction error when no program failed.
 */
export function kindOf(logs: string[], err: unknown): { program: string | null; key: string } {
  const line = logs.find((entry) => /^Program \S+ failed: /.test(entry));
  if (!line) return { program: null, key: `- ${JSON.stringify(err)}` };
  const [, program, reason] = line.match(/^Program (\S+) failed: (.*)$/)!;
  return { program: program!, key: `${program} ${reason}` };
}

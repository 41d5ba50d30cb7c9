/**
 * What an expert would tell the sender of each kind of failure in the
 * evaluation corpus, judged by reading the transactions of that kind — their
 * logs, their error, their balances — and never from what the service
 * answers. A ruling lists every answer a careful expert would accept (class,
 * retryable, action), and the numbers the next action must carry where the
 * record supports them. Numbers that differ per transaction (the lamports a
 * transfer lacked, the bound and amount a program logged) are read from each
 * transaction's own log lines by `numbersFromRecord` (`record_numbers.ts`).
 *
 * How the kinds were judged:
 * - A program's own log naming the cause decides (`ExceededSlippage`,
 *   `insufficient lamports 0, need 2039280`, `Stale oracle price`).
 * - A price update that lost to a newer one (`StaleReport`, a sequence number
 *   already used, a vote too old) has nothing to fix: do not resend.
 * - An arbitrage program's profit check failing (`NotProfitable`, `No
 *   profitable arbitrage opportunity found`, a logged negative profit) means
 *   the opportunity is gone: do not resend as is; a requote is also accepted.
 * - A program with no published table failing with a bare code and no line
 *   naming the cause: the record does not say, so `program_error` or
 *   `unknown`, and not retrying as is.
 * - Numbers are required only where the record states them (log lines) or the
 *   instruction's arguments carry them (a router's quote and slippage, an
 *   AMM's minimum out); they are fixed to a value only where a log line
 *   states it.
 *
 * @module
 */

import { rulingsOfBlock2021, rulingsOfBlock2024 } from "./expert_rulings_2024.ts";

/** One acceptable answer: any of these classes with this retryability and any of these actions. */
export interface AcceptedAnswer {
  classes: string[];
  retryable: boolean;
  actions: string[];
}

/** An expert's ruling for one kind of failure. */
export interface Ruling {
  accept: AcceptedAnswer[];
  /**
   * Next-action fields (dotted paths into `nextAction`) the answer must carry
   * whatever their value; per-transaction values come from `numbersFromRecord` (`record_numbers.ts`).
   */
  requires?: string[];
  /**
   * Words (a case-insensitive pattern) the answer's reason must carry where the
   * record states the cause in words: a reason that only repeats a code or a
   * generic runtime error, when the log says more, is not what an expert gives.
   */
  reasonMentions?: string;
  why: string;
}

const DO_NOT_RESEND: AcceptedAnswer = {
  classes: ["program_error", "unknown"],
  retryable: false,
  actions: ["do_not_retry"],
};

const REQUOTE: AcceptedAnswer = { classes: ["slippage"], retryable: true, actions: ["requote_and_rebuild"] };

const SUPERSEDED: AcceptedAnswer = {
  classes: ["already_processed", "transient", "program_error"],
  retryable: false,
  actions: ["do_not_retry", "check_status"],
};

const FIX: AcceptedAnswer = {
  classes: ["invalid_transaction"],
  retryable: false,
  actions: ["fix_transaction"],
};

const UNSTATED: Ruling = {
  accept: [DO_NOT_RESEND],
  why: "A program with no published table fails with a bare code and no line naming the cause: " +
    "nothing in the record says what to change, so do not resend as is",
};

const NOT_PROFITABLE: Ruling = {
  accept: [DO_NOT_RESEND, REQUOTE],
  reasonMentions: "profit",
  why: "An arbitrage program's own profit check failed: the opportunity is gone by execution; " +
    "do not resend as is (a fresh quote is also a fair answer)",
};

/** Rulings keyed like `corpus_block_labels.ts`: `<innermost failing program> <failure line>`. */
export const RULINGS: Record<string, Ruling> = {
  ...rulingsOfBlock2024({ DO_NOT_RESEND, REQUOTE, SUPERSEDED, FIX, UNSTATED, NOT_PROFITABLE }),
  ...rulingsOfBlock2021({ DO_NOT_RESEND, REQUOTE, SUPERSEDED, FIX, UNSTATED, NOT_PROFITABLE }),
  "11111111111111111111111111111111 custom program error: 0x1": {
    reasonMentions: "insufficient|lamports",
    accept: [{ classes: ["insufficient_funds"], retryable: false, actions: ["add_funds"] }],
    why: "System transfer logs 'insufficient lamports <have>, need <need>': add the difference",
  },
  '- {"InsufficientFundsForRent":{"account_index":14}}': {
    reasonMentions: "rent",
    accept: [{ classes: ["insufficient_funds", "account_state"], retryable: false, actions: ["add_funds"] }],
    why: "InsufficientFundsForRent names the account that would be left below rent exemption: fund it",
  },
  "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4 custom program error: 0x1771": {
    reasonMentions: "slippage|minimum",
    accept: [REQUOTE],
    requires: ["slippage.bound.amount", "slippage.slippageBps.value"],
    why: "Jupiter v6 SlippageToleranceExceeded after the legs ran; the route's arguments carry the quoted " +
      "amount and slippage bps, so the bound is known",
  },
  "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P custom program error: 0x1772": {
    reasonMentions: "slippage|SOL required",
    accept: [REQUOTE],
    why: "pump.fun TooMuchSolRequired, logging the max SOL cost and the SOL required",
  },
  "pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA custom program error: 0x1774": {
    reasonMentions: "slippage",
    accept: [REQUOTE],
    why: "PumpSwap ExceededSlippage, logging the sender's bound and the pool's amount",
  },
  "LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo custom program error: 0x1773": {
    reasonMentions: "slippage",
    accept: [REQUOTE],
    why: "Meteora DLMM ExceededAmountSlippageTolerance: the price moved past the tolerance",
  },
  "LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo custom program error: 0x1797": {
    reasonMentions: "minimum out",
    accept: [REQUOTE],
    why: "Meteora DLMM InsufficientOutAmount: the pool would give less than the minimum out",
  },
  "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8 custom program error: 0x1e": {
    reasonMentions: "slippage",
    accept: [REQUOTE],
    requires: ["slippage.bound.amount"],
    why:
      "Raydium AMM v4 'exceeds desired slippage limit'; the top-level swap's arguments carry the minimum out",
  },
  "CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK custom program error: 0x178b": {
    reasonMentions: "tick array",
    accept: [REQUOTE, FIX],
    why:
      "Raydium CLMM NotEnoughTickArrayAccount: the price moved across more tick arrays than were passed; " +
      "a fresh quote brings the right ones",
  },
  "LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo custom program error: 0x1772": {
    reasonMentions: "invalid input",
    accept: [FIX, DO_NOT_RESEND],
    why: "Meteora DLMM InvalidInput, called by an arbitrage program with arguments the pool rejects",
  },
  "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA incorrect program id for instruction": {
    reasonMentions: "program id",
    accept: [FIX],
    why: "SPL Token rejects the mint under the Associated Token program (the mint is Token-2022's): " +
      "pass the right token program",
  },
  "GqCHpDuPPsyyMxtaQgYxyLLLWv1kZFyy2DD5z1cMNouR Could not create program address with signer seeds: Provided seeds do not result in a valid address":
    {
      reasonMentions: "seeds|program address",
      accept: [FIX, DO_NOT_RESEND],
      why: "Wrong seeds or bump for a program address: the transaction must be built differently",
    },
  "AddressLookupTab1e1111111111111111111111111 Computational budget exceeded": {
    reasonMentions: "compute",
    accept: [{ classes: ["compute_exceeded"], retryable: true, actions: ["raise_compute_unit_limit"] }],
    requires: ["computeUnitLimit"],
    why: "ExtendLookupTable used every one of the 9,700 units it was given: set a higher limit",
  },
  "cjg3oHmg9uuPsP8D6g29NWvhySJkdYdAo9D25PRbKXJ custom program error: 0x1773": {
    reasonMentions: "stale|newer",
    accept: [SUPERSEDED],
    why: "Chainlink OCR2 StaleReport: a newer report already landed; nothing to fix, do not resend",
  },
  "GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp custom program error: 0x12c": {
    reasonMentions: "sequence",
    accept: [SUPERSEDED, FIX],
    why: "'Sequence out of order' with sequence_num equal to last_known: that update already landed",
  },
  "Vote111111111111111111111111111111111111111 custom program error: 0x0": {
    reasonMentions: "vote",
    accept: [SUPERSEDED],
    why: "Vote program error 0 (VoteTooOld): the vote is already recorded or too old; do not resend",
  },
  "PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu custom program error: 0x1773": {
    reasonMentions: "stale",
    accept: [{ classes: ["transient"], retryable: true, actions: ["retry_later"] }],
    requires: ["retryAfterSeconds"],
    why: "Jupiter perpetuals StaleOraclePrice: retry once the oracle has updated (seconds)",
  },
  "ZETAxsqBRek56DhiGXrn75yj2NHU3aYUnxvHXpkf3aD custom program error: 0x17f8": {
    reasonMentions: "halted",
    accept: [{ classes: ["transient"], retryable: true, actions: ["retry_later"] }],
    why: "Zeta logs 'Zeta exchange is halted': retry after the exchange resumes",
  },
  "dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH custom program error: 0x1891": {
    accept: [REQUOTE, DO_NOT_RESEND],
    why: "Drift place-and-take with 'no partial fill': the book could not fill it at the order's price",
  },
  "8BR3zs8zSXetpnDjCtHWnkpSkNSydWb3PTTDuVKku2uu custom program error: 0x2": {
    reasonMentions: "delay",
    accept: [DO_NOT_RESEND, { classes: ["transient"], retryable: true, actions: ["retry_later"] }],
    why: "A bot's 'Error: Delay transaction' says neither why nor how long",
  },
  "kekX5aetitYKr515ay2noNvSHPpdfhLpTgsHT2HgdZH custom program error: 0x1770": {
    ...UNSTATED,
    why: "An AMM proxy logs 'Error Code: Err1 ... err.', which names no cause",
  },
  "MEViEnscUm6tsQRoGd9h6nLQaQspKj7DB2M5FwM3Xvz custom program error: 0x1": NOT_PROFITABLE,
  "bVpNJmSbtgB5DAUhkNrhrpMb8a1podaV4eSUwuiasSa custom program error: 0x1": NOT_PROFITABLE,
  "Dd5uZwHr4bZYnkSzHwRaaq5BEvS5NHsJZErKJu7YSjhg custom program error: 0x1770": NOT_PROFITABLE,
  "King7ki4SKMBPb3iupnQwTyjsq294jaXsgLmJo8cb7T custom program error: 0x1770": NOT_PROFITABLE,
  "CataF1xj8FR7sUGeDtAuqfWj8gzCsD11jbmUosBmpUJs custom program error: 0x1": {
    ...NOT_PROFITABLE,
    reasonMentions: "profit|p -\\d",
    why: "A trading program logs its start and end balances and a negative profit ('p -17617448') before " +
      "failing: its profit check; do not resend as is",
  },
  "SoLFiHG9TfgtdUXUjWAxi3LtvYuFyDLVhBWxdMZxyCe custom program error: 0x17": UNSTATED,
  "2A6m4MBgk3xL6a8SBMdKmAmFc85tTLh4Ds6wy7dBxBxb custom program error: 0x0": UNSTATED,
  "79vAmHd6SZAWLYnrJqCUkMKE55QsTwk5SDKDsYGMBWPj custom program error: 0x0": UNSTATED,
  "7WSohvZ4GS9WSn6akRY8A7a1qfzSvGKfEvhLbypA3n8x custom program error: 0x3eb": UNSTATED,
  "3HXfeBuc1aPwAvBsdReNXKa7j1jSP3khbHbWCVkU8hUu custom program error: 0x6eb": UNSTATED,
  "A6PDFLzh3VbkFn6aJmHe2LSd5kaYe8bmsQc6yPjinpC2 custom program error: 0x6eb": UNSTATED,
  "RoTom5BFr7M1K5cNwwLEjCVemqvJZpjGwQnFvi7GgHA custom program error: 0xbaaaaaad": UNSTATED,
  "bank7GaK8LkjyrLpSZjGuXL8z7yae6JqbunEEnU9FS4 custom program error: 0x0": UNSTATED,
  "6t83LoAjnk3ZLwUWR6bDBA2vDVRk5nyMG6mQsKRdUEZ7 custom program error: 0x1771": UNSTATED,
  "sattCHvHkM4XHLyadnU4KQtuNWZbWVDKzuPhmJBXCkq custom program error: 0x1": UNSTATED,
  "PHRKR9MUv8ir41y89cdTkARDMXQ2g7JAkEyf32xmqN4 custom program error: 0x1": UNSTATED,
  "DDsnwb7dxKSjzTYDFjU8F6rpYNZa1sp7Fmfb2nGDAMEo custom program error: 0xa": UNSTATED,
};

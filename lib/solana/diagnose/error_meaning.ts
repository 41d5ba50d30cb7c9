/**
 * Meaning from names and messages: reads the class of a failure from what the
 * transaction says about it — an error's name (`ExceededSlippage`,
 * `StaleOracle`), its message, or a bare log line (`Error: exceeds desired
 * slippage limit`) — for programs whose own table does not decide.
 *
 * Names are split into words first (`AmountOutBelowMinimum` → "amount out
 * below minimum"), so one rule covers a name and a sentence alike. Rules are
 * tried in order and the first that matches wins; the order puts the more
 * specific causes (slippage, oracles) before the broad ones (insufficient,
 * unauthorised).
 *
 * @module
 */
import type { ActionKind, FailureClass } from "./classes.ts";

/** A class read from words, and the words that decided it. */
export interface InferredMeaning {
  failureClass: FailureClass;
  /** Overrides the class's default action. */
  action?: ActionKind;
  /** How long to wait before retrying, for transient causes. */
  retryAfterSeconds?: number;
  /** The rule that matched, e.g. `slippage`. */
  rule: string;
  /** The text the rule matched in. */
  evidence: string;
}

interface Rule {
  rule: string;
  pattern: RegExp;
  /** Text that looks like the rule but means something else (checked first). */
  unless?: RegExp;
  failureClass: FailureClass;
  action?: ActionKind;
  retryAfterSeconds?: number;
}

/**
 * Seconds to wait for an oracle to publish again: push oracles update every
 * few slots (a slot is about 0.4 s), so a few seconds is usually enough.
 */
export const ORACLE_RETRY_SECONDS = 5;

/** Seconds to wait before trying a paused or halted market again. */
export const PAUSED_RETRY_SECONDS = 60;

const RULES: readonly Rule[] = [
  {
    rule: "slippage",
    pattern:
      /\bslippage\b|\bprice (?:limit|impact)\b|\b(?:min(?:imum)?|max(?:imum)?) (?:amount|out(?:put)?|in(?:put)?|received|price)\b|\b(?:amount|out(?:put)?|in(?:put)?|received|price) (?:\w+ )?(?:below|above|less than|more than|exceeds?|exceeded|under|over) (?:the )?(?:min(?:imum)?|max(?:imum)?|limit|threshold|expected)\b|\btoo (?:little|much) (?:\w+ )?(?:out(?:put)?|in(?:put)?|received|required|paid|sol)\b|\b(?:min(?:imum)?|max(?:imum)?) (?:\w+ )?(?:not met|subceeded|exceeded)\b|\b(?:token|amount) (?:max|min) (?:exceeded|subceeded)\b/,
    failureClass: "slippage",
    action: "requote_and_rebuild",
  },
  {
    rule: "oracle",
    pattern:
      /\b(?:stale|outdated|expired|old|invalid|unavailable|missing|bad)\b(?: \w+){0,2} (?:oracle|price|feed|report|quote)s?\b|\b(?:oracle|price feed|feed|price|report)s?\b(?: \w+){0,2} (?:is |are |too )?(?:stale|outdated|expired|too old|not updated|invalid|unavailable|confidence)\b/,
    failureClass: "transient",
    action: "retry_later",
    retryAfterSeconds: ORACLE_RETRY_SECONDS,
  },
  {
    rule: "frozen",
    pattern: /\bfrozen\b|\bfreeze\b/,
    failureClass: "token_restriction",
    action: "do_not_retry",
  },
  {
    rule: "paused",
    pattern: /\b(?:paused|halted|suspended|in maintenance|maintenance mode)\b/,
    failureClass: "transient",
    action: "retry_later",
    retryAfterSeconds: PAUSED_RETRY_SECONDS,
  },
  {
    rule: "account_state",
    pattern:
      /\b(?:not|un) ?initiali[sz]ed\b|\balready (?:initiali[sz]ed|in use|exists?|created)\b|\b(?:wrong|invalid|incorrect) (?:account )?owner\b|\bowner (?:mismatch|does not match)\b|\baccount (?:not found|does not exist)\b/,
    failureClass: "account_state",
  },
  {
    rule: "insufficient_funds",
    pattern:
      /\binsufficient\b|\bnot enough (?:funds|balance|lamports|sol|tokens?|collateral|margin|amount)\b|\b(?:balance|funds) (?:too low|insufficient)\b/,
    unless: /\binsufficient (?:\w+ )?(?:liquidity|account keys|accounts|data|signers?)\b/,
    failureClass: "insufficient_funds",
    action: "add_funds",
  },
  {
    rule: "signature",
    pattern:
      /\bun ?authori[sz]ed\b|\bnot authori[sz]ed\b|\bmissing (?:required )?(?:signer|signature)s?\b|\b(?:signer|signature) (?:is )?(?:missing|required)\b|\bnot (?:a )?signer\b|\bmust sign\b/,
    failureClass: "signature",
  },
];

/**
 * Splits identifiers into lower-case words: `ExceededAmountSlippageTolerance`
 * → "exceeded amount slippage tolerance", `TOO_MUCH_SOL` → "too much sol".
 */
export function wordsOf(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/[_\-:.,;()[\]"'`]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/**
 * The class the first matching text implies, trying each text in order
 * (so put the most direct evidence — the error's name — first).
 *
 * @example
 * ```ts
 * inferMeaning(["ExceededSlippage"])?.failureClass; // "slippage"
 * inferMeaning(["Program log: Error: exceeds desired slippage limit"])?.action; // "requote_and_rebuild"
 * inferMeaning(["StaleOracle"])?.retryAfterSeconds; // 5
 * ```
 */
export function inferMeaning(texts: readonly (string | null | undefined)[]): InferredMeaning | null {
  for (const text of texts) {
    if (!text) continue;
    const words = wordsOf(text);
    for (const rule of RULES) {
      if (rule.unless?.test(words) || !rule.pattern.test(words)) continue;
      return {
        failureClass: rule.failureClass,
        ...(rule.action ? { action: rule.action } : {}),
        ...(rule.retryAfterSeconds !== undefined ? { retryAfterSeconds: rule.retryAfterSeconds } : {}),
        rule: rule.rule,
        evidence: text,
      };
    }
  }
  return null;
}

/** Lines that carry no cause: instruction banners, event data, return data, compute reports. */
const NOISE =
  /^Program (?:log: Instruction:|data:|return:|consumption:)|^Program log: (?:ray_log|Left|Right):/;

/**
 * The last lines a failing frame logged itself, where programs state why they
 * stopped (newest first), without banners, event data and return data.
 */
export function causeLines(lines: readonly string[], count = 3): string[] {
  return lines.filter((line) => !NOISE.test(line)).slice(-count).reverse();
}

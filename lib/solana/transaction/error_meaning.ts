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
  /** Skip text about a setting the caller got wrong (`InvalidFreezeAuthority`, `InvalidMintConfig`). */
  notSettings?: boolean;
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

/** Parameters the caller set wrong are not a price that moved, a stale oracle, or a lack of funds. */
const SETTING =
  /^invalid\b|\binvalid (?:\w+ )?(?:setup|config|index|idx|direction|precision|range|lots|mint|account)\b/;

const RULES: readonly Rule[] = [
  {
    rule: "slippage",
    pattern:
      /\bslippage\b|\bprice (?:limit|impact)\b|\b(?:min(?:imum)?|max(?:imum)?) (?:amount|out(?:put)?|in(?:put)?|received)\b|\b(?:amount|out(?:put)?|in(?:put)?|received) (?:\w+ )?(?:below|above|less than|more than|under|over) (?:the )?(?:min(?:imum)?|max(?:imum)?|limit|threshold|expected)\b|\btoo (?:little|much) (?:\w+ )?(?:out(?:put)?|in(?:put)?|received|required|paid|sol)\b|\bmin(?:imum)? (?:\w+ )?not met\b|\b(?:token|amount) (?:max|min) (?:exceeded|subceeded)\b/,
    unless: /^(?!.*slippage).*(?:^invalid\b|\bfee rate\b|\bconfidence\b|\bdirection\b)/,
    failureClass: "slippage",
    action: "requote_and_rebuild",
  },
  {
    rule: "oracle",
    pattern:
      /\b(?:stale|outdated|expired|too old)\b(?: \w+){0,2} (?:oracle|price|feed|report)s?\b|\b(?:oracle|price|feed|report)s? (?:\w+ )?(?:is |are )?(?:stale|outdated|too old|not updated)\b|\binvalid oracle(?: price)?$|\boracle (?:is )?invalid$|\boracle (?:max )?confidence\b/,
    failureClass: "transient",
    action: "retry_later",
    retryAfterSeconds: ORACLE_RETRY_SECONDS,
  },
  {
    rule: "frozen",
    notSettings: true,
    pattern: /\bfrozen\b/,
    unless: /\bnot frozen\b/,
    failureClass: "token_restriction",
    action: "do_not_retry",
  },
  {
    rule: "paused",
    notSettings: true,
    pattern: /\b(?:paused|halted|suspended|in maintenance|maintenance mode)\b/,
    unless: /\b(?:not|already) (?:paused|halted|suspended)\b/,
    failureClass: "transient",
    action: "retry_later",
    retryAfterSeconds: PAUSED_RETRY_SECONDS,
  },
  {
    rule: "account_state",
    pattern:
      /\b(?:not|un) ?initiali[sz]ed\b|\balready (?:initiali[sz]ed|in use|exists?|created)\b|\b(?:wrong|invalid|incorrect) (?:account |\w+ )?owner(?: account)?$|\bowner (?:mismatch|does not match)\b|\baccount (?:not found|does not exist)\b/,
    failureClass: "account_state",
  },
  {
    rule: "insufficient_funds",
    notSettings: true,
    pattern:
      /\binsufficient (?:\w+ )?(?:funds|balance|collateral|deposits?|lamports|sol|wsol|tokens?|fees?|rent|margin)\b|\b(?:funds|balance|collateral|deposit|lamports|tokens?|fees?|amount) (?:is )?insufficient\b|\bnot enough (?:\w+ )?(?:funds|balance|lamports|sol|tokens?|collateral|margin)\b|\b(?:balance|funds) too low\b/,
    unless:
      /\b(?:liquidity|reserves?|pool|market|in program|vault|account keys|accounts|signatures?|samples?)\b/,
    failureClass: "insufficient_funds",
    action: "add_funds",
  },
  {
    rule: "signature",
    notSettings: true,
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
    const words = wordsOf(text.replace(/^Program log: /, ""));
    for (const rule of RULES) {
      if (
        rule.unless?.test(words) || (rule.notSettings && SETTING.test(words)) || !rule.pattern.test(words)
      ) {
        continue;
      }
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

/**
 * Meaning from names and messages: reads the class of a failure from what the
 * transaction says about it — an error's name (`ExceededSlippage`,
 * `StaleOracle`), its message, or a bare log line (`Error: exceeds desired
 * slippage limit`) — for programs whose own table does not decide.
 *
 * Names are split into words first (`AmountOutBelowMinimum` → "amount out
 * below minimum"), so one rule covers a name and a sentence alike. The rules
 * (`meaning_rules.ts`) are tried in order and the first that matches wins.
 *
 * @module
 */
import type { ActionKind, FailureClass } from "./classes.ts";
import { RULES, SETTING } from "./meaning_rules.ts";

export {
  ORACLE_RETRY_SECONDS,
  PAUSED_RETRY_SECONDS,
  QUEUE_RETRY_SECONDS,
  TOO_SOON_RETRY_SECONDS,
} from "./meaning_rules.ts";

/** A class read from words, and the words that decided it. */
export interface InferredMeaning {
  failureClass: FailureClass;
  /** Overrides the class's default action. */
  action?: ActionKind;
  /** How long to wait before retrying, for transient causes. */
  retryAfterSeconds?: number;
  /** Overrides the class's default retryability. */
  retryable?: boolean;
  /** What to do, in words, when the action alone says too little (e.g. cancel orders first). */
  remedy?: string;
  /** The rule that matched, e.g. `slippage`. */
  rule: string;
  /** The text the rule matched in. */
  evidence: string;
}

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
      // A name says what happened; the wait is often only in the message or a log line beside it.
      const waits = typeof rule.retryAfterSeconds === "function"
        ? rule.retryAfterSeconds(texts.map((each) => wordsOf(each ?? "")).join(" "))
        : rule.retryAfterSeconds;
      const remedy = typeof rule.remedy === "function" ? rule.remedy(words) : rule.remedy;
      return {
        failureClass: rule.failureClass,
        ...(rule.action ? { action: rule.action } : {}),
        ...(waits !== undefined ? { retryAfterSeconds: waits } : {}),
        ...(rule.retryable !== undefined ? { retryable: rule.retryable } : {}),
        ...(remedy ? { remedy } : {}),
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

/** The message, followed by what to do when the words that decided the class say it. */
export function withRemedy(message: string, inferred: InferredMeaning | null): string {
  return inferred?.remedy ? `${message}: ${inferred.remedy}` : message;
}

/** Words with which programs state a cause before they fail. */
const STATED_CAUSE =
  /\b(?:error|fail(?:ed|ure)?|invalid|cannot|can't|must|not|no|insufficient|exceed(?:s|ed)?|too|only|unable|missing|wrong|incorrect|mismatch|out of|expired|stale|already|overflow|underflow|denied|forbidden|required|disabled|closed|locked)\b/i;

/** A line that only repeats the code (`Custom program error: 0x12c`). */
const RESTATED_CODE = /custom (?:program )?error:? (?:0x[0-9a-f]+|\d+)\.?$/i;

/**
 * The program's own last log line that states a cause in words, when no
 * rule read a class from it (so the reason is that line, not a bare code).
 *
 * @example
 * ```ts
 * statedCause(["Program log: Error: market is closed for the weekend"]); // "Program log: Error: market is closed for the weekend"
 * ```
 */
export function statedCause(lines: readonly string[]): string | null {
  return causeLines(lines).find((line) =>
    line.startsWith("Program log: ") && STATED_CAUSE.test(line) && !RESTATED_CODE.test(line)
  ) ?? null;
}

/**
 * The rules that read a failure's class from words, in the order they are
 * tried (the first match wins): specific causes (slippage, a superseded
 * update, an oracle, a pause, a wait) before broad ones (insufficient,
 * unauthorised, too large). Each rule says what the words mean for the sender:
 * the class, the action where the class's default is wrong, whether sending
 * again can help, and the remedy in words where the action alone is too terse.
 *
 * The rules see text already split into lower-case words (`wordsOf`), so one
 * pattern covers an error's name (`UpdatesNotMonotonic`) and a sentence.
 *
 * @module
 */
import type { ActionKind, FailureClass } from "./classes.ts";

/** One way words can state a cause. */
export interface Rule {
  rule: string;
  pattern: RegExp;
  /** Text that looks like the rule but means something else (checked first). */
  unless?: RegExp;
  /** Skip text about a setting the caller got wrong (`InvalidFreezeAuthority`, `InvalidMintConfig`). */
  notSettings?: boolean;
  failureClass: FailureClass;
  action?: ActionKind;
  /** Overrides the class's default retryability. */
  retryable?: boolean;
  /** Seconds to wait, or how to read them from the words of every text given (a name, a message, log lines). */
  retryAfterSeconds?: number | ((words: string) => number);
  /** What to do, in words, for the reason (given the words that matched). */
  remedy?: string | ((words: string) => string);
}

/**
 * Seconds to wait for an oracle to publish again: push oracles update every
 * few slots (a slot is about 0.4 s), so a few seconds is usually enough.
 */
export const ORACLE_RETRY_SECONDS = 5;

/** Seconds to wait before trying a paused or halted market again. */
export const PAUSED_RETRY_SECONDS = 60;

/** Seconds to wait when a program says it is too soon and states no interval. */
export const TOO_SOON_RETRY_SECONDS = 30;

/** Seconds to wait for a full request or event queue to be cranked. */
export const QUEUE_RETRY_SECONDS = 5;

/** A slot's nominal length, and an epoch's (432,000 slots). */
const SECONDS_PER_SLOT = 0.4;
const SECONDS_PER_EPOCH = 432_000 * SECONDS_PER_SLOT;

const UNIT_SECONDS: Readonly<Record<string, number>> = {
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  hour: 3_600,
  hours: 3_600,
  slot: SECONDS_PER_SLOT,
  slots: SECONDS_PER_SLOT,
  epoch: SECONDS_PER_EPOCH,
  epochs: SECONDS_PER_EPOCH,
};

/**
 * The wait a line states ("wait 30 seconds", "150 slots remaining"), or the
 * period its limit runs over ("per epoch", "daily"), else the default.
 */
export function statedWaitSeconds(words: string): number {
  const stated = words.match(/\b(\d+)\s?(s|secs?|seconds?|mins?|minutes?|hours?|slots?|epochs?)\b/);
  if (stated) return Math.max(1, Math.ceil(Number(stated[1]) * UNIT_SECONDS[stated[2]!]!));
  if (/\b(?:daily|per day|a day)\b/.test(words)) return 86_400;
  if (/\b(?:hourly|per hour|an hour|hours)\b/.test(words)) return 3_600;
  if (/\bminutes?\b/.test(words)) return 60;
  if (/\bepoch\b/.test(words)) return Math.ceil(SECONDS_PER_EPOCH);
  return TOO_SOON_RETRY_SECONDS;
}

/** Parameters the caller set wrong are not a price that moved, a stale oracle, or a lack of funds. */
export const SETTING =
  /^invalid\b|\binvalid (?:\w+ )?(?:setup|config|index|idx|direction|precision|range|lots|mint|account)\b/;

/** Things a finished action can already be. */
const DONE =
  "processed|claimed|executed|filled|settled|used|redeemed|withdrawn|voted|approved|rejected|cancell?ed|completed|" +
  "finali[sz]ed|minted|paid|migrated|recorded|verified|revealed|liquidated|being liquidated|published|posted|" +
  "submitted|transmitted|updated|crank(?:ed)?|harvested|unstaked|consumed";

export const RULES: readonly Rule[] = [
  {
    rule: "slippage",
    pattern:
      /\bslippage\b|\bprice (?:limit|impact)\b|\b(?:min(?:imum)?|max(?:imum)?) (?:amount|out(?:put)?|in(?:put)?|received)\b|\b(?:amount|out(?:put)?|in(?:put)?|received) (?:\w+ )?(?:below|above|less than|more than|under|over) (?:the )?(?:min(?:imum)?|max(?:imum)?|limit|threshold|expected)\b|\btoo (?:little|much) (?:\w+ )?(?:out(?:put)?|in(?:put)?|received|required|paid|sol)\b|\bmin(?:imum)? (?:\w+ )?not met\b|\b(?:token|amount) (?:max|min) (?:exceeded|subceeded)\b/,
    unless: /^(?!.*slippage).*(?:^invalid\b|\bfee rate\b|\bconfidence\b|\bdirection\b)/,
    failureClass: "slippage",
    action: "requote_and_rebuild",
  },
  {
    // An oracle or report update that lost to a newer one: what it would have written is already there.
    rule: "superseded",
    pattern:
      /\bnot monotonic\b|\bmonotonically increasing\b|\bstale (?:report|round|update|vaa|message)s?\b|\b(?:update|report|round|price|message)s? (?:is |are )?(?:older than|not newer than)\b|\bolder than (?:the )?(?:current|latest|last|existing|stored|on ?chain)\b|\bsuperseded\b/,
    failureClass: "already_processed",
    action: "do_not_retry",
    remedy: "a newer update already landed, so nothing is missing: do not resend this one",
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
    // The program wants time to pass first: a crank interval, a cooldown, a lock-up, a rate limit.
    rule: "too_soon",
    pattern:
      /\btoo (?:soon|early)\b|\bnot (?:yet )?elapsed\b|\b(?:interval|cooldown|cool down|waiting period|lock ?up)\b(?: \w+){0,4} (?:not (?:yet )?(?:passed|elapsed|over|ended|expired)|in force|active)\b|\bnot (?:yet )?(?:due|ripe)\b|\bwait (?:a|more|for|until|longer|\d+)\b|\btry again later\b|\brate limit(?:ed)?\b|\bonce per (?:epoch|slot|day|interval)\b|\bper epoch\b|\buntil (?:the )?(?:end of the )?(?:current |next )?(?:interval|epoch|period|window)\b|\bwill reset\b/,
    unless: /\b(?:invalid|must be|greater than|before start)\b/,
    failureClass: "transient",
    action: "retry_later",
    retryAfterSeconds: statedWaitSeconds,
    remedy: "too early: send it again after the wait the program asks for",
  },
  {
    rule: "account_state",
    pattern:
      /\b(?:not|un) ?initiali[sz]ed\b|\balready (?:initiali[sz]ed|in use|exists?|created)\b|\b(?:wrong|invalid|incorrect) (?:account |\w+ )?owner(?: account)?$|\bowner (?:mismatch|does not match)\b|\baccount (?:not found|does not exist)\b/,
    failureClass: "account_state",
  },
  {
    // Someone (often the sender, through another transaction) already did it.
    rule: "already_done",
    pattern: new RegExp(`\\balready (?:been )?(?:${DONE})\\b`),
    failureClass: "already_processed",
    action: "do_not_retry",
    remedy: "it is already done: check the account's state and do not resend",
  },
  {
    // An order book's open-orders account, or any account with fixed slots, is full.
    rule: "capacity",
    pattern:
      /\btoo many (?:open |active )?(?:orders|positions|balances|rfqs)\b|\b(?:open ?orders?|orders?|balance|position)(?: \w+)? (?:slots? )?(?:are |is )?full\b|\bno free (?:order )?(?:index|slot)\b|\bmax(?:imum)? number of (?:open )?(?:orders|positions)\b|\bclose a balance first\b/,
    failureClass: "account_state",
    action: "fix_transaction",
    remedy: (words) =>
      /\border/.test(words)
        ? "the open-orders account is full: cancel or settle open orders, then send again"
        : "every slot is taken: close or settle a position or balance first, then send again",
  },
  {
    // A request or event queue waits for a crank.
    rule: "queue_full",
    pattern: /\b(?:request|event) queue (?:is )?full\b|\bqueue (?:is )?full\b/,
    failureClass: "transient",
    action: "retry_later",
    retryAfterSeconds: QUEUE_RETRY_SECONDS,
  },
  {
    rule: "insufficient_funds",
    notSettings: true,
    pattern:
      /\binsufficient (?:\w+ )?(?:funds|balance|collateral|deposits?|lamports|sol|wsol|tokens?|fees?|rent|margin)\b|\b(?:funds|balance|collateral|deposit|lamports|tokens?|fees?|amount) (?:is )?insufficient\b|\bnot enough (?:\w+ )?(?:funds|balance|lamports|sol|tokens?|collateral|margin)\b|\b(?:balance|funds) too low\b|\bexceeds? (?:the |your )?(?:\w+ )?(?:balance|available funds)\b/,
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
  {
    // A quote, order or signed intent past its deadline: rebuild it fresh.
    rule: "expired",
    notSettings: true,
    pattern:
      /\b(?:order|quote|offer|intent|permit|signature|deadline|listing|request)s? (?:has |is |already )?expired\b|\bexpired (?:order|quote|deadline|signature|permit|offer|intent|listing)s?\b|\bdeadline (?:exceeded|passed|reached)\b|\bpast (?:the )?deadline\b/,
    unless: /\bnot expired\b|\bcannot be created as expired\b/,
    failureClass: "program_error",
    action: "requote_and_rebuild",
    retryable: true,
    remedy: "its deadline passed: build it again with a fresh quote or deadline",
  },
  {
    // An amount or size beyond what the program allows, or a cap already reached.
    rule: "exceeds",
    notSettings: true,
    pattern:
      /\bexceed(?:s|ed)?\b|\btoo (?:large|big|high|long)\b|\b(?:above|over) (?:the )?(?:max(?:imum)?|limit|cap)\b|\b(?:cap|capacity|limit) (?:reached|hit|breached|breach)\b/,
    // A fee or rate above its maximum is a setting of the protocol, not an amount the sender can change.
    unless: /\b(?:fee rate|basis points|bps|fee total|max(?:imum)? fee)\b/,
    failureClass: "program_error",
    action: "fix_transaction",
    remedy: "the amount or size is beyond what the program allows now: make it smaller, then rebuild",
  },
];

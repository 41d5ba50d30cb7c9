/**
 * The expert's rulings for the kinds of failure the whole blocks added after
 * the first ones brought into the corpus (March 2024, slot 254170887, kept by
 * helius-labs/photon's tests; February 2021, slot 64800004, kept by
 * rpcpool/yellowstone-grpc's benches), judged the way `expert_rulings.ts` says: from each kind's logs,
 * error and arguments, and the failing program's published source, never
 * from what the service answers. Kinds already ruled there (Jupiter v6
 * slippage, Raydium AMM v4 slippage, the oracle sequence, the delay bot) keep
 * their ruling.
 *
 * @module
 */
import type { AcceptedAnswer, Ruling } from "./expert_rulings.ts";

/** The answers and rulings `expert_rulings.ts` shares with these. */
export interface SharedRulings {
  DO_NOT_RESEND: AcceptedAnswer;
  REQUOTE: AcceptedAnswer;
  SUPERSEDED: AcceptedAnswer;
  FIX: AcceptedAnswer;
  UNSTATED: Ruling;
  NOT_PROFITABLE: Ruling;
}

/** Neither retryable as is nor fixable by the sender: the account is not in the state the call needs yet. */
const STATE_NOT_READY: AcceptedAnswer = {
  classes: ["account_state", "program_error"],
  retryable: false,
  actions: ["do_not_retry", "fix_transaction"],
};

/** What the call acted on is gone already (done or closed by someone else): check its status, do not resend. */
const ALREADY_GONE: AcceptedAnswer = {
  classes: ["account_state", "program_error"],
  retryable: false,
  actions: ["do_not_retry", "check_status"],
};

/** The rulings of the March 2024 block's new kinds, keyed `<innermost failing program> <failure line>`. */
export function rulingsOfBlock2024(shared: SharedRulings): Record<string, Ruling> {
  return { ...raydiumAmmRulings(shared), ...routeRulings(shared), ...protocolRulings(shared) };
}

/** The rulings of the February 2021 block's new kinds (Serum DEX v2). */
export function rulingsOfBlock2021(shared: SharedRulings): Record<string, Ruling> {
  const { SUPERSEDED } = shared;
  return {
    "EUqojwWA2rd19FZrzeBncJsm38Jm1hEhE3zsmX3bRc2o custom program error: 0x29": {
      reasonMentions: "client|order",
      accept: [SUPERSEDED, ALREADY_GONE],
      why:
        "Serum DEX v2 (February 2021) fails with 0x29, ClientIdNotFound in its published error enum: the " +
        "order to cancel is no longer open (filled or cancelled already); check the orders, do not resend",
    },
  };
}

/** Raydium AMM v4's failures of a swap, each told by its error line. */
function raydiumAmmRulings(shared: SharedRulings): Record<string, Ruling> {
  const { DO_NOT_RESEND, FIX } = shared;
  const fixAccount: AcceptedAnswer = { ...FIX, classes: ["invalid_transaction", "account_state"] };
  return {
    "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8 custom program error: 0x16": {
      reasonMentions: "status",
      accept: [STATE_NOT_READY, { classes: ["transient"], retryable: true, actions: ["retry_later"] }],
      why:
        "Raydium AMM v4 'Error: InvalidStatus': the pool does not take swaps in its present status (most " +
        "often not open yet); nothing in the record says when it will",
    },
    "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8 custom program error: 0x1b": {
      reasonMentions: "owner",
      accept: [fixAccount],
      why:
        "Raydium AMM v4 'The amm account owner is not match with this program': the account passed as the " +
        "pool is not a Raydium pool; pass the right pool",
    },
    "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8 custom program error: 0x1d": {
      reasonMentions: "input",
      accept: [FIX, DO_NOT_RESEND],
      why: "Raydium AMM v4 'Error: InvalidInput': the swap's amounts are refused (an amount that rounds to " +
        "nothing); change them",
    },
    "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8 custom program error: 0x26": {
      reasonMentions: "token program",
      accept: [FIX],
      why: "Raydium AMM v4 'Error: InvalidSplTokenProgram': pass SPL Token where the swap takes it",
    },
    "675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8 custom program error: 0x28": {
      reasonMentions: "insufficient|funds|balance|holds less",
      accept: [{ classes: ["insufficient_funds"], retryable: false, actions: ["add_funds"] }],
      requires: ["tokenAmountMissing"],
      why: "Raydium AMM v4 'Error: insufficient funds': its ray_log states the amount in and the source " +
        "account's balance, so the tokens missing are known",
    },
  };
}

/** Swaps that failed in a route's pool or in the aggregator that routed them. */
function routeRulings(shared: SharedRulings): Record<string, Ruling> {
  const { DO_NOT_RESEND, REQUOTE, FIX } = shared;
  return {
    "CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK custom program error: 0x1783": {
      reasonMentions: "liquidity",
      accept: [REQUOTE, DO_NOT_RESEND],
      why: "Raydium CLMM LiquidityInsufficient inside a Jupiter route: the pool cannot fill the amount at " +
        "this price; a fresh quote routes elsewhere",
    },
    "JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB custom program error: 0x1771": {
      reasonMentions: "slippage",
      accept: [REQUOTE],
      requires: ["slippage.bound.amount", "slippage.slippageBps.value"],
      why:
        "Jupiter v4 SlippageToleranceExceeded after the legs ran; its route's arguments end, as v6's do, " +
        "with the quoted amount and the slippage bps, so the bound is known",
    },
    "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4 SBF program panicked": {
      reasonMentions: "memory|panic",
      accept: [
        {
          classes: ["program_error", "invalid_transaction"],
          retryable: false,
          actions: ["fix_transaction", "requote_and_rebuild", "do_not_retry"],
        },
      ],
      why:
        "Jupiter v6 logs 'memory allocation failed, out of memory' and panics: the route is too large for " +
        "its heap; ask for a smaller route (fewer accounts or hops), do not resend as is",
    },
    "routeUGWgWzqBWFcrCfv8tritsqukccJPu3q5GPP3xS custom program error: 0x26": {
      reasonMentions: "slippage",
      accept: [REQUOTE],
      why: "Raydium's route program logs each hop ('4965886 -> 1082063') and 'exceeds desired slippage " +
        "limit': the last hop's amount fell short of the minimum out its arguments carry",
    },
    "whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc custom program error: 0x1787": {
      reasonMentions: "tick array",
      accept: [REQUOTE, FIX, DO_NOT_RESEND],
      why:
        "Orca Whirlpool InvalidTickArraySequence in an arbitrage program's swap: the tick arrays passed no " +
        "longer follow the price; a fresh quote brings the right ones",
    },
    "Stake11111111111111111111111111111111111111 insufficient funds for instruction": {
      reasonMentions: "insufficient|funds",
      accept: [REQUOTE, DO_NOT_RESEND, {
        ...DO_NOT_RESEND,
        classes: ["insufficient_funds", "program_error"],
      }],
      why: "A stake pool's withdrawal inside a swap via stake fails in the Stake program for insufficient " +
        "funds: the pool's stake cannot cover it; the sender's own balance is not what is short",
    },
  };
}

/** Other protocols' failures: an arbitrage's profit check, token accounts, lending, perpetuals, a game, an order book. */
function protocolRulings(shared: SharedRulings): Record<string, Ruling> {
  const { DO_NOT_RESEND, SUPERSEDED, FIX, UNSTATED, NOT_PROFITABLE } = shared;
  return {
    "4ngnN8dA9sAf1sbz3m6qwquxbHkyzgXVpeTYcxKPtZuf custom program error: 0x0": {
      ...NOT_PROFITABLE,
      reasonMentions: "profit|balance decreased",
      why:
        "An arbitrage program logs 'ERR: Balance decreased: <before> -> <after>' after its legs ran: its " +
        "profit check failed, the opportunity is gone; do not resend as is",
    },
    "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL Provided owner is not allowed": {
      reasonMentions: "owner|exist",
      accept: [
        { ...FIX, classes: ["invalid_transaction", "account_state", "already_processed"] },
        { classes: ["account_state", "already_processed"], retryable: false, actions: ["do_not_retry"] },
      ],
      why:
        "Associated Token Create (not the idempotent form) fails with IllegalOwner: the associated account " +
        "already exists; drop the create or use CreateIdempotent",
    },
    "EMnmGvrgKJhYCk2HCbUQfSXLDjdCjv3FAfdKcNz8A9Kr custom program error: 0x1770": UNSTATED,
    "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA custom program error: 0x177d": {
      reasonMentions: "liquidat|unhealthy",
      accept: [SUPERSEDED, DO_NOT_RESEND, { ...DO_NOT_RESEND, classes: ["account_state"] }],
      why:
        "MarginFi IllegalLiquidation, logging 'Account not unhealthy': the account is healthy by execution " +
        "(or was liquidated first); nothing to fix, do not resend",
    },
    "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA custom program error: 0x1781": {
      reasonMentions: "stale|oracle|updated",
      accept: [{ classes: ["transient"], retryable: true, actions: ["retry_later"] }],
      why: "MarginFi StaleOracle, logging 'Feed has not been updated in 343 seconds!': retry once the feed " +
        "has been updated (or crank it first)",
    },
    "PERPHjGBqRHArX4DySjwM6UJHiR3sWAatqfdBS2qQJu custom program error: 0xbc4": {
      reasonMentions: "position_request|initiali",
      accept: [SUPERSEDED, ALREADY_GONE],
      why: "Jupiter perpetuals ClosePositionRequest with AccountNotInitialized on position_request: the " +
        "request is gone (executed or closed by the keeper); check the position, do not resend",
    },
    "SAGEqqFewepDHH6hMDcmWy7yjHPpyKLDnRXKb3Ki8e6 custom program error: 0x17a0": {
      reasonMentions: "state",
      accept: [STATE_NOT_READY, { ...FIX, classes: ["invalid_transaction", "account_state"] }],
      why:
        "Star Atlas SAGE InvalidState, logging the fleet's current state (Idle in a sector): the fleet must " +
        "first be where DepositCargoToFleet needs it (docked at a starbase)",
    },
    "zDEXqXEG7gAyxb1Kg9mK5fPnUdENCGKzWrM21RMdWRq custom program error: 0x42": {
      ...UNSTATED,
      why:
        "Zeta's order book (a Serum fork) fails with custom 0x42 inside PlacePerpOrderV4, no line naming it",
    },
  };
}

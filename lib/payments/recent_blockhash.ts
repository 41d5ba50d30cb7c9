/**
 * A recent blockhash offered with every Solana requirement (`extra.recentBlockhash`
 * and `extra.lastValidBlockHeight`, which the x402 SDK's `exact` scheme lists as
 * dynamic fields): a buyer's client then signs at once instead of first asking
 * its RPC for a blockhash, a round trip saved on every paid call. A payment
 * signed on an earlier offer still matches, since matching leaves those
 * fields out.
 *
 * A source answers at once and never waits on the network: an offer is
 * never held up by it, and one made while no blockhash is known simply
 * carries none (the client then fetches its own, as without this). And it
 * keeps offering one blockhash for a while (seconds, or a few blocks), so
 * that the 402, built once, is sent as the same bytes until it changes.
 *
 * @module
 */

/** The fields added to an offer's `extra`. */
export type OfferedBlockhash = {
  readonly recentBlockhash: string;
  /** The last block height the blockhash can land at, as a decimal string. */
  readonly lastValidBlockHeight: string;
};

/**
 * The blockhash to offer now, or `undefined` while none is known: the same
 * object for as long as it is unchanged, so a prepared offer can tell it is
 * still current by identity.
 */
export type BlockhashSource = () => OfferedBlockhash | undefined;

/** A blockhash as a chain or an RPC reports it. */
export interface LatestBlockhash {
  blockhash: string;
  lastValidBlockHeight: bigint;
}

/** `latest` as the fields an offer carries. */
function offerOf(latest: LatestBlockhash): OfferedBlockhash {
  return { recentBlockhash: latest.blockhash, lastValidBlockHeight: latest.lastValidBlockHeight.toString() };
}

/** Options for {@linkcode chainBlockhash}. */
export interface ChainBlockhashOptions {
  /** Blocks the chain may make past the offered blockhash before a newer one is offered (default 16). */
  refreshAfterBlocks?: number;
  /** Age past which a newer blockhash of the chain is offered, however few blocks passed (default 2 s). */
  refreshAfterMs?: number;
  /** The clock, in milliseconds. */
  now?: () => number;
}

/**
 * A blockhash of a chain read in process (the embedded one), read each time
 * it is asked for and offered until the chain has made
 * `refreshAfterBlocks` blocks past it or it is `refreshAfterMs` old. The
 * embedded chain makes a block for every transaction, so offering its newest
 * each time would change every offer after every payment (and the offer's
 * bytes with it: see `http/challenge.ts`); kept for a few blocks, as
 * {@linkcode polledBlockhash} keeps a real cluster's for two seconds, a
 * blockhash offered still has all but those few of the 150 blocks it lands
 * in.
 */
export function chainBlockhash(
  read: () => LatestBlockhash,
  options: ChainBlockhashOptions = {},
): BlockhashSource {
  const refreshAfterBlocks = BigInt(options.refreshAfterBlocks ?? 16);
  const refreshAfterMs = options.refreshAfterMs ?? 2_000;
  const now = options.now ?? Date.now;
  let offered: { offer: OfferedBlockhash; lastValidBlockHeight: bigint; at: number } | undefined;
  return () => {
    const latest = read();
    if (offered?.offer.recentBlockhash === latest.blockhash) return offered.offer;
    const at = now();
    const current = offered !== undefined && at - offered.at < refreshAfterMs &&
      latest.lastValidBlockHeight - offered.lastValidBlockHeight < refreshAfterBlocks;
    if (current) return offered!.offer;
    offered = { offer: offerOf(latest), lastValidBlockHeight: latest.lastValidBlockHeight, at };
    return offered.offer;
  };
}

/** Options for {@linkcode polledBlockhash}. */
export interface PolledBlockhashOptions {
  /** Age past which a request for the blockhash also fetches a newer one (default 2 s). */
  refreshAfterMs?: number;
  /**
   * Age past which the blockhash is no longer offered (default 20 s): a
   * Solana blockhash lands for about a minute, and a buyer needs most of it.
   */
  dropAfterMs?: number;
  /** The clock, in milliseconds. */
  now?: () => number;
}

/**
 * A blockhash fetched from an RPC by `fetch`: the first request for it
 * starts a fetch, and any request once it is older than `refreshAfterMs`
 * starts another (one at a time) while the current one is still offered. A
 * failed fetch is tried again on a request `refreshAfterMs` later; nothing
 * polls while no offers are made.
 */
export function polledBlockhash(
  fetch: () => Promise<LatestBlockhash>,
  options: PolledBlockhashOptions = {},
): BlockhashSource {
  const refreshAfterMs = options.refreshAfterMs ?? 2_000;
  const dropAfterMs = options.dropAfterMs ?? 20_000;
  const now = options.now ?? Date.now;
  let offered: OfferedBlockhash | undefined;
  let fetchedAt = -Infinity;
  let triedAt = -Infinity;
  let fetching = false;
  const refresh = (started: number) => {
    fetching = true;
    triedAt = started;
    fetch().then(
      (latest) => {
        offered = offerOf(latest);
        fetchedAt = started;
      },
      () => {}, // the offers go without a blockhash until a later fetch succeeds
    ).finally(() => fetching = false);
  };
  return () => {
    const at = now();
    if (at - fetchedAt >= refreshAfterMs && at - triedAt >= refreshAfterMs && !fetching) refresh(at);
    return at - fetchedAt < dropAfterMs ? offered : undefined;
  };
}

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
 * carries none (the client then fetches its own, as without this).
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

/** The newest blockhash of a chain read in process (the embedded one), each time it is asked for. */
export function chainBlockhash(read: () => LatestBlockhash): BlockhashSource {
  let offered: OfferedBlockhash | undefined;
  return () => {
    const latest = read();
    if (offered?.recentBlockhash !== latest.blockhash) offered = offerOf(latest);
    return offered;
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

/**
 * Priority-fee statistics from `getRecentPrioritizationFees`: quantiles of the
 * recent per-slot fees in micro-lamports per compute unit, named levels, a
 * recommended price with its rule, and the lamports a given compute-unit limit
 * would cost. Globally, per writable account, and for a transaction that
 * writes all the given accounts, in one RPC round trip.
 *
 * @module
 */
import type { RpcCall, RpcOutcome, SolanaClient } from "../rpc.ts";
import { quantiles } from "./quantiles.ts";
import type { Quantiles } from "./quantiles.ts";
import { UnavailableError, UpstreamError } from "../../shared/errors.ts";
import { keptReport } from "./kept_reports.ts";

/** The percentile behind each named level. */
export const LEVEL_PERCENTILES = { low: 25, medium: 50, high: 75, veryHigh: 95 } as const;

/** A named priority level. */
export type PriorityLevel = keyof typeof LEVEL_PERCENTILES;

/** A price in micro-lamports per compute unit for each level. */
export type PriorityFeeLevels = Record<PriorityLevel, number>;

/** The level whose price is recommended. */
export const RECOMMENDED_LEVEL: PriorityLevel = "high";

/** The largest compute-unit limit a transaction may request. */
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;

/** One slot's fee as `getRecentPrioritizationFees` reports it. */
export interface SlotFee {
  slot: number;
  /** Micro-lamports per compute unit. */
  prioritizationFee: number;
}

/** Statistics of one fee series. */
export interface FeeView {
  /** Slots in the sample. */
  slots: number;
  firstSlot: number;
  lastSlot: number;
  /** Slots whose fee was 0. */
  zeroFeeSlots: number;
  /** `zeroFeeSlots / slots`, from 0 to 1, rounded to 4 decimals. */
  zeroFeeShare: number;
  /** Micro-lamports per compute unit. */
  quantiles: Quantiles;
  /** Micro-lamports per compute unit. */
  levels: PriorityFeeLevels;
  /** Lamports per level for the requested compute-unit limit, or `null` without one. */
  priorityFeeLamports: PriorityFeeLevels | null;
}

/** The whole priority-fee answer. */
export interface PriorityFeeReport {
  global: FeeView;
  accounts: Array<FeeView & { account: string }>;
  /** For a transaction that write-locks every given account; `null` without accounts. */
  combined: FeeView | null;
  recommended: {
    microLamportsPerComputeUnit: number;
    level: PriorityLevel;
    percentile: number;
    basis: "global" | "combined";
    priorityFeeLamports: number | null;
    rule: string;
  };
  computeUnitLimit: number | null;
}

/** What to ask for. */
export interface PriorityFeeQuery {
  /** Writable accounts of the planned transaction (duplicates are ignored). */
  accounts?: readonly string[];
  /** The planned compute-unit limit, to price each level in lamports. */
  computeUnitLimit?: number;
}

/** Options for {@linkcode priorityFeeReport}. */
export interface PriorityFeeOptions {
  signal?: AbortSignal;
  /** How long a fetched fee history is reused for the same account set (default 2000 ms). */
  cacheTtlMs?: number;
}

/**
 * Maps quantiles onto the named levels (see {@linkcode LEVEL_PERCENTILES}).
 *
 * @example
 * ```ts
 * priorityFeeLevels(quantiles([0, 100, 200, 300])).medium; // 100
 * ```
 */
export function priorityFeeLevels(q: Quantiles): PriorityFeeLevels {
  return { low: q.p25, medium: q.p50, high: q.p75, veryHigh: q.p95 };
}

/**
 * The priority fee in lamports for a price and a compute-unit limit, as the
 * runtime charges it: `ceil(price × limit / 1,000,000)`. It is charged on the
 * requested limit, not on the units consumed.
 *
 * @example
 * ```ts
 * priorityFeeLamports(1_000_000, 100_000); // 100000
 * priorityFeeLamports(1, 200_000); // 1 (0.2 rounded up)
 * ```
 */
export function priorityFeeLamports(microLamportsPerComputeUnit: number, computeUnitLimit: number): number {
  const product = BigInt(Math.ceil(microLamportsPerComputeUnit)) * BigInt(computeUnitLimit);
  return Number((product + 999_999n) / 1_000_000n);
}

/**
 * Summarises one fee series.
 *
 * @throws {RangeError} When the series is empty.
 */
export function summariseFees(series: readonly SlotFee[], computeUnitLimit?: number): FeeView {
  const fees = series.map((entry) => entry.prioritizationFee);
  const slots = series.map((entry) => entry.slot);
  const q = quantiles(fees);
  const levels = priorityFeeLevels(q);
  const zeroFeeSlots = fees.filter((fee) => fee === 0).length;
  return {
    slots: series.length,
    firstSlot: Math.min(...slots),
    lastSlot: Math.max(...slots),
    zeroFeeSlots,
    zeroFeeShare: Math.round((zeroFeeSlots / series.length) * 10_000) / 10_000,
    quantiles: q,
    levels,
    priorityFeeLamports: computeUnitLimit === undefined ? null : priceLevels(levels, computeUnitLimit),
  };
}

/**
 * Fetches the recent fee history (global, per account and combined, in one
 * JSON-RPC batch, reused for a short while per account set) and summarises it.
 *
 * @throws {UnavailableError} When the RPC has no recent slots to report.
 * @throws {UpstreamError} When the RPC answers with an error or a malformed result.
 */
export async function priorityFeeReport(
  client: SolanaClient,
  query: PriorityFeeQuery,
  options: PriorityFeeOptions = {},
): Promise<PriorityFeeReport> {
  const accounts = [...new Set(query.accounts ?? [])];
  const { computeUnitLimit } = query;
  const { fetched, sorted } = cachedHistories(client, accounts, options);
  // The same question of the same history has the same answer (frozen): see `kept_reports.ts`.
  const report = await keptReport(
    fetched,
    `${accounts.join(",")}|${computeUnitLimit ?? ""}`,
    async () => reportOf(await reorder(fetched, sorted, accounts), accounts, computeUnitLimit),
  );
  options.signal?.throwIfAborted();
  return report;
}

/** The report of `histories` (global, then per account in the caller's order, then combined). */
function reportOf(
  histories: SlotFee[][],
  accounts: readonly string[],
  computeUnitLimit: number | undefined,
): PriorityFeeReport {
  const [globalSeries, ...rest] = histories;
  if (!globalSeries || globalSeries.length === 0) {
    throw new UnavailableError("Solana RPC reported no recent slots to sample fees from", {
      retryAfterSeconds: 2,
    });
  }
  const perAccount = accounts.map((account, i) => ({
    account,
    ...summariseFees(nonEmpty(rest[i], globalSeries), computeUnitLimit),
  }));
  const combinedSeries = accounts.length > 1 ? rest[accounts.length] : rest[0];
  const combined = accounts.length === 0
    ? null
    : summariseFees(nonEmpty(combinedSeries, globalSeries), computeUnitLimit);
  const global = summariseFees(globalSeries, computeUnitLimit);
  const basisView = combined ?? global;
  const price = basisView.levels[RECOMMENDED_LEVEL];
  const percentile = LEVEL_PERCENTILES[RECOMMENDED_LEVEL];
  const basis = combined ? "combined" : "global";
  return {
    global,
    accounts: perAccount,
    combined,
    recommended: {
      microLamportsPerComputeUnit: price,
      level: RECOMMENDED_LEVEL,
      percentile,
      basis,
      priorityFeeLamports: computeUnitLimit === undefined
        ? null
        : priorityFeeLamports(price, computeUnitLimit),
      rule: `The ${RECOMMENDED_LEVEL} level (p${percentile}) of the ${basis} view: a price at or above the ` +
        `lowest fee that landed in ${percentile}% of the last ${basisView.slots} slots`,
    },
    computeUnitLimit: computeUnitLimit ?? null,
  };
}

function priceLevels(levels: PriorityFeeLevels, computeUnitLimit: number): PriorityFeeLevels {
  return {
    low: priorityFeeLamports(levels.low, computeUnitLimit),
    medium: priorityFeeLamports(levels.medium, computeUnitLimit),
    high: priorityFeeLamports(levels.high, computeUnitLimit),
    veryHigh: priorityFeeLamports(levels.veryHigh, computeUnitLimit),
  };
}

/** An account series the RPC left empty still covers the global slots at their block minimum. */
function nonEmpty(series: SlotFee[] | undefined, fallback: SlotFee[]): SlotFee[] {
  return series && series.length > 0 ? series : fallback;
}

interface CacheEntry {
  expiresAt: number;
  histories: Promise<SlotFee[][]>;
}

const MAX_CACHE_ENTRIES = 512;
const caches = new WeakMap<SolanaClient, Map<string, CacheEntry>>();

/**
 * The fetch of the fee histories of `accounts` (the same object for every
 * caller while it is kept), in the order of `sorted`.
 */
function cachedHistories(
  client: SolanaClient,
  accounts: readonly string[],
  options: PriorityFeeOptions,
): { fetched: Promise<SlotFee[][]>; sorted: readonly string[] } {
  const { cacheTtlMs = 2000 } = options;
  let cache = caches.get(client);
  if (!cache) caches.set(client, cache = new Map());
  const sorted = [...accounts].sort();
  const key = sorted.join(",");
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) {
    return { fetched: hit.histories, sorted };
  }
  if (cache.size >= MAX_CACHE_ENTRIES) evict(cache, now);
  // Shared by every caller of the same account set, so it runs on the client's own time budget
  // rather than on the first caller's signal.
  const histories = fetchHistories(client, sorted);
  const entry = { expiresAt: now + cacheTtlMs, histories };
  cache.set(key, entry);
  histories.catch(() => cache.get(key) === entry && cache.delete(key));
  return { fetched: histories, sorted };
}

/** Cached histories are stored in sorted account order; hand them back in the caller's order. */
async function reorder(
  histories: Promise<SlotFee[][]>,
  sorted: readonly string[],
  accounts: readonly string[],
): Promise<SlotFee[][]> {
  const [global, ...rest] = await histories;
  const perAccount = accounts.map((account) => rest[sorted.indexOf(account)]!);
  return [global!, ...perAccount, ...rest.slice(sorted.length)];
}

function evict(cache: Map<string, CacheEntry>, now: number): void {
  for (const [key, entry] of cache) {
    if (entry.expiresAt <= now || cache.size >= MAX_CACHE_ENTRIES) cache.delete(key);
  }
}

async function fetchHistories(client: SolanaClient, accounts: readonly string[]): Promise<SlotFee[][]> {
  const calls: RpcCall[] = [{ method: "getRecentPrioritizationFees", params: [] }];
  for (const account of accounts) calls.push({ method: "getRecentPrioritizationFees", params: [[account]] });
  if (accounts.length > 1) calls.push({ method: "getRecentPrioritizationFees", params: [accounts] });
  const outcomes = await client.batch(calls);
  return outcomes.map(toSeries);
}

function toSeries(outcome: RpcOutcome): SlotFee[] {
  if (!outcome.ok) {
    throw new UpstreamError(
      `Solana RPC rejected "getRecentPrioritizationFees": ${outcome.error.message} (code ${outcome.error.code})`,
    );
  }
  const { result } = outcome;
  if (!Array.isArray(result) || !result.every(isSlotFee)) {
    throw new UpstreamError('Solana RPC returned a malformed "getRecentPrioritizationFees" result');
  }
  return result.map(({ slot, prioritizationFee }) => ({ slot, prioritizationFee }));
}

function isSlotFee(value: unknown): value is SlotFee {
  if (!value || typeof value !== "object") return false;
  const { slot, prioritizationFee } = value as Record<string, unknown>;
  return Number.isSafeInteger(slot) && Number.isFinite(prioritizationFee) &&
    (prioritizationFee as number) >= 0;
}

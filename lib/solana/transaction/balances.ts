/**
 * What a transaction did to balances: SOL per account, and tokens per owner
 * and mint (SPL Token and Token-2022 alike, amounts exact as strings), from
 * the RPC's pre/post balances or from account states read before and after.
 *
 * @module
 */
import { formatUnits } from "../amount.ts";

/** One token account's balance at one moment. */
export interface TokenBalance {
  account: string;
  mint: string;
  /** The wallet owning the token account, when known. */
  owner: string | null;
  /** The token program (SPL Token or Token-2022), when known. */
  programId: string | null;
  amount: bigint;
  decimals: number;
}

/** Balances before and after, aligned by account. */
export interface BalanceSnapshot {
  accounts: string[];
  preLamports: Array<number | null>;
  postLamports: Array<number | null>;
  preTokens: TokenBalance[];
  postTokens: TokenBalance[];
}

/** A SOL balance change. */
export interface SolDelta {
  account: string;
  preLamports: number;
  postLamports: number;
  deltaLamports: number;
}

/** A token balance change of one owner in one mint, summed over its token accounts. */
export interface TokenDelta {
  owner: string;
  mint: string;
  programId: string | null;
  decimals: number;
  /** Raw amounts (base units), exact. */
  preAmount: string;
  postAmount: string;
  deltaAmount: string;
  /** The change in whole tokens, e.g. `"-3.8"`. */
  deltaUi: string;
  /** The owner's token accounts involved. */
  tokenAccounts: string[];
}

/** All balance changes. */
export interface BalanceChanges {
  sol: SolDelta[];
  tokens: TokenDelta[];
}

type Json = Record<string, unknown>;

/** Balance changes, leaving out accounts whose balances did not move. */
export function balanceChanges(snapshot: BalanceSnapshot): BalanceChanges {
  const sol: SolDelta[] = [];
  snapshot.accounts.forEach((account, i) => {
    const pre = snapshot.preLamports[i];
    const post = snapshot.postLamports[i];
    if (typeof pre !== "number" || typeof post !== "number" || pre === post) return;
    sol.push({ account, preLamports: pre, postLamports: post, deltaLamports: post - pre });
  });
  return { sol, tokens: tokenDeltas(snapshot.preTokens, snapshot.postTokens) };
}

/**
 * Reads the balances of a `getTransaction` or simulation result (`preBalances`,
 * `postBalances`, `preTokenBalances`, `postTokenBalances`).
 */
export function snapshotFromMeta(meta: unknown, accounts: readonly string[]): BalanceSnapshot {
  const record = (meta ?? {}) as Json;
  return {
    accounts: [...accounts],
    preLamports: numberList(record.preBalances),
    postLamports: numberList(record.postBalances),
    preTokens: tokenList(record.preTokenBalances, accounts),
    postTokens: tokenList(record.postTokenBalances, accounts),
  };
}

/**
 * Builds a snapshot from account states in `jsonParsed` encoding, read before
 * (`getMultipleAccounts`) and after (a simulation's `accounts`). A missing
 * account counts as 0 lamports and no tokens.
 */
export function snapshotFromAccounts(
  addresses: readonly string[],
  before: readonly unknown[],
  after: readonly unknown[],
): BalanceSnapshot {
  const lamports = (state: unknown) => {
    const value = (state as Json | null)?.lamports;
    return typeof value === "number" ? value : 0;
  };
  const tokens = (states: readonly unknown[]) =>
    addresses.flatMap((account, i) => {
      const token = parsedTokenAccount(account, states[i]);
      return token ? [token] : [];
    });
  return {
    accounts: [...addresses],
    preLamports: addresses.map((_, i) => lamports(before[i])),
    postLamports: addresses.map((_, i) => lamports(after[i])),
    preTokens: tokens(before),
    postTokens: tokens(after),
  };
}

function tokenDeltas(pre: readonly TokenBalance[], post: readonly TokenBalance[]): TokenDelta[] {
  const groups = new Map<string, TokenDelta & { pre: bigint; post: bigint }>();
  const add = (balance: TokenBalance, side: "pre" | "post") => {
    const owner = balance.owner ?? balance.account;
    const key = `${owner}|${balance.mint}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        owner,
        mint: balance.mint,
        programId: balance.programId,
        decimals: balance.decimals,
        preAmount: "0",
        postAmount: "0",
        deltaAmount: "0",
        deltaUi: "0",
        tokenAccounts: [],
        pre: 0n,
        post: 0n,
      };
      groups.set(key, group);
    }
    group[side] += balance.amount;
    group.programId ??= balance.programId;
    if (!group.tokenAccounts.includes(balance.account)) group.tokenAccounts.push(balance.account);
  };
  for (const balance of pre) add(balance, "pre");
  for (const balance of post) add(balance, "post");
  const deltas: TokenDelta[] = [];
  for (const { pre: before, post: after, ...group } of groups.values()) {
    if (before === after) continue;
    deltas.push({
      ...group,
      preAmount: before.toString(),
      postAmount: after.toString(),
      deltaAmount: (after - before).toString(),
      deltaUi: formatUnits(after - before, group.decimals),
    });
  }
  return deltas;
}

function tokenList(value: unknown, accounts: readonly string[]): TokenBalance[] {
  if (!Array.isArray(value)) return [];
  const balances: TokenBalance[] = [];
  for (const entry of value as Json[]) {
    const amount = (entry?.uiTokenAmount as Json | undefined)?.amount;
    const decimals = (entry?.uiTokenAmount as Json | undefined)?.decimals;
    const index = entry?.accountIndex;
    if (typeof amount !== "string" || !/^\d+$/.test(amount) || typeof decimals !== "number") continue;
    if (typeof entry.mint !== "string" || typeof index !== "number") continue;
    balances.push({
      account: accounts[index] ?? `#${index}`,
      mint: entry.mint,
      owner: typeof entry.owner === "string" ? entry.owner : null,
      programId: typeof entry.programId === "string" ? entry.programId : null,
      amount: BigInt(amount),
      decimals,
    });
  }
  return balances;
}

function parsedTokenAccount(account: string, state: unknown): TokenBalance | null {
  const record = state as Json | null;
  const data = record?.data as Json | undefined;
  const parsed = data?.parsed as Json | undefined;
  if (!parsed || parsed.type !== "account") return null;
  const info = parsed.info as Json | undefined;
  const tokenAmount = info?.tokenAmount as Json | undefined;
  const amount = tokenAmount?.amount;
  if (typeof info?.mint !== "string" || typeof amount !== "string" || !/^\d+$/.test(amount)) return null;
  return {
    account,
    mint: info.mint,
    owner: typeof info.owner === "string" ? info.owner : null,
    programId: typeof record?.owner === "string" ? record.owner : null,
    amount: BigInt(amount),
    decimals: typeof tokenAmount?.decimals === "number" ? tokenAmount.decimals : 0,
  };
}

function numberList(value: unknown): Array<number | null> {
  return Array.isArray(value) ? value.map((item) => typeof item === "number" ? item : null) : [];
}

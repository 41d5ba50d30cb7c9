/**
 * Holder concentration from the 20 largest token accounts of a mint, resolved
 * to their owners. Accounts of one owner are added up; holders that are not
 * circulating supply (the incinerator, the mint itself, the mint's own
 * authorities) are labelled and left out of the circulating shares.
 *
 * @module
 */
import { getAddressDecoder, isAddress, isOffCurveAddress } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { TOKEN_2022_PROGRAM_ADDRESS } from "@solana-program/token-2022";
import { formatUnits, shareOf } from "../amount.ts";
import type { MintAccount } from "./mint_account.ts";

/** The incinerator: tokens sent to accounts it owns are gone for good. */
export const INCINERATOR = "1nc1nerator11111111111111111111111111111111";

/** Why a holder is not counted as circulating supply. */
export type HolderLabel =
  | "burn"
  | "mint"
  | "mintAuthority"
  | "freezeAuthority"
  | "permanentDelegate"
  | "metadataUpdateAuthority";

/** One of the largest token accounts. */
export interface Holder {
  rank: number;
  tokenAccount: string;
  /** The wallet or program address owning the token account; `null` when it could not be read. */
  owner: string | null;
  /** Raw units. */
  amount: string;
  /** Whole tokens, exact. */
  uiAmount: string;
  /** Share of total supply, 0 to 1. */
  share: number | null;
  /** Whether the token account is frozen; `null` when unknown. */
  frozen: boolean | null;
  /** Whether the owner is a program-derived address (a pool, vault, locker or escrow) rather than a key pair. */
  ownerIsProgramAddress: boolean | null;
  labels: HolderLabel[];
}

/** Concentration figures, or why they are missing. */
export type Concentration =
  | {
    available: true;
    holders: Holder[];
    /** Distinct owners among the listed accounts. */
    owners: number;
    /** Share of total supply held by the largest owner (accounts of one owner added up). */
    top1Share: number | null;
    /** Share of total supply held by the 10 largest owners. */
    top10Share: number | null;
    /** Raw units held by labelled (non-circulating) holders among the listed accounts. */
    nonCirculatingAmount: string;
    nonCirculatingShare: number | null;
    /** Share of circulating supply (total minus non-circulating) held by the largest unlabelled owner. */
    top1CirculatingShare: number | null;
    /** Share of circulating supply held by the 10 largest unlabelled owners. */
    top10CirculatingShare: number | null;
  }
  | { available: false; reason: string };

/** A `getTokenLargestAccounts` entry. */
export interface LargestAccount {
  address: string;
  amount: string;
}

/** A fetched account (owner program and data), or `null` when missing. */
export type FetchedAccount = { owner: string; data: Uint8Array } | null;

/** Who the mint's own authorities are, for labelling. */
export interface KnownHolders {
  mint: MintAccount;
  permanentDelegate: string | null;
  metadataUpdateAuthority: string | null;
}

/**
 * Computes concentration from the largest accounts and the fetched token
 * accounts (same order).
 */
export function concentration(
  largest: readonly LargestAccount[],
  accounts: readonly FetchedAccount[],
  known: KnownHolders,
): Concentration {
  const { mint } = known;
  const holders = largest.map((entry, i): Holder => {
    const amount = BigInt(entry.amount);
    const parsed = parseTokenAccount(accounts[i] ?? null, mint.address);
    const owner = parsed?.owner ?? null;
    return {
      rank: i + 1,
      tokenAccount: entry.address,
      owner,
      amount: entry.amount,
      uiAmount: formatUnits(amount, mint.decimals),
      share: shareOf(amount, mint.supply),
      frozen: parsed ? parsed.frozen : null,
      ownerIsProgramAddress: owner && isAddress(owner) ? isOffCurveAddress(owner) : null,
      labels: owner ? labelsOf(owner, known) : [],
    };
  });
  const groups = new Map<string, { amount: bigint; circulating: boolean }>();
  let nonCirculating = 0n;
  for (const holder of holders) {
    const key = holder.owner ?? `account:${holder.tokenAccount}`;
    const amount = BigInt(holder.amount);
    const circulating = holder.labels.length === 0;
    if (!circulating) nonCirculating += amount;
    const group = groups.get(key) ?? { amount: 0n, circulating };
    group.amount += amount;
    groups.set(key, group);
  }
  const ranked = [...groups.values()].sort((
    a,
    b,
  ) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0));
  const circulatingRanked = ranked.filter((group) => group.circulating);
  const circulatingSupply = mint.supply - nonCirculating;
  return {
    available: true,
    holders,
    owners: groups.size,
    top1Share: shareOf(sum(ranked.slice(0, 1)), mint.supply),
    top10Share: shareOf(sum(ranked.slice(0, 10)), mint.supply),
    nonCirculatingAmount: nonCirculating.toString(),
    nonCirculatingShare: shareOf(nonCirculating, mint.supply),
    top1CirculatingShare: shareOf(sum(circulatingRanked.slice(0, 1)), circulatingSupply),
    top10CirculatingShare: shareOf(sum(circulatingRanked.slice(0, 10)), circulatingSupply),
  };
}

function sum(groups: ReadonlyArray<{ amount: bigint }>): bigint {
  return groups.reduce((total, group) => total + group.amount, 0n);
}

function labelsOf(owner: string, known: KnownHolders): HolderLabel[] {
  const { mint } = known;
  const labels: HolderLabel[] = [];
  if (owner === INCINERATOR) labels.push("burn");
  if (owner === mint.address) labels.push("mint");
  if (owner === mint.mintAuthority) labels.push("mintAuthority");
  if (owner === mint.freezeAuthority) labels.push("freezeAuthority");
  if (owner === known.permanentDelegate) labels.push("permanentDelegate");
  if (owner === known.metadataUpdateAuthority) labels.push("metadataUpdateAuthority");
  return labels;
}

const OWNER_OFFSET = 32;
const STATE_OFFSET = 108;
const TOKEN_ACCOUNT_SIZE = 165;
const FROZEN = 2;

/** Reads the owner and frozen flag of a token account of `mint`; `null` when it is not one. */
function parseTokenAccount(account: FetchedAccount, mint: string): { owner: string; frozen: boolean } | null {
  if (!account || account.data.length < TOKEN_ACCOUNT_SIZE) return null;
  if (account.owner !== TOKEN_PROGRAM_ADDRESS && account.owner !== TOKEN_2022_PROGRAM_ADDRESS) return null;
  if (base58(account.data.subarray(0, 32)) !== mint) return null;
  return {
    owner: base58(account.data.subarray(OWNER_OFFSET, OWNER_OFFSET + 32)),
    frozen: account.data[STATE_OFFSET] === FROZEN,
  };
}

const addressDecoder = getAddressDecoder();

function base58(bytes: Uint8Array): string {
  return addressDecoder.decode(bytes);
}

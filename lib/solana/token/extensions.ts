/**
 * Turns decoded Token-2022 extension entries into plain reports: the
 * extension's name, its authorities, whether it can still change, its state
 * as JSON-safe values and a one-line summary. Unknown and unparseable entries
 * are kept, with their raw bytes.
 *
 * @module
 */
import { ExtensionType } from "@solana-program/token-2022";
import type { Extension } from "@solana-program/token-2022";
import { encodeBase64, toJsonValue } from "./json_value.ts";
import type { ExtensionEntry, MintAccount } from "./mint_account.ts";
import { NO_ADDRESS } from "./mint_account.ts";

/** One authority of an extension; `address` is `null` when revoked or never set. */
export interface ExtensionAuthority {
  role: string;
  address: string | null;
}

/** A transfer fee as configured for a range of epochs. */
export interface TransferFeeTerms {
  basisPoints: number;
  /** Cap per transfer, in raw token units. */
  maximumFee: string;
  /** First epoch the terms apply to. */
  epoch: string;
}

/** The report of one extension entry. */
export interface ExtensionReport {
  /** camelCase name as in `jsonParsed` RPC output, or `unknown`. */
  name: string;
  /** The numeric extension type. */
  typeId: number;
  status: "decoded" | "unknown" | "unparseable";
  authorities: ExtensionAuthority[];
  /** Whether a live authority can still change what the extension does; `null` when unknown. */
  canChange: boolean | null;
  /** The decoded fields, JSON-safe (u64 as strings, options as `null`, bytes as base64). */
  state: Record<string, unknown>;
  summary: string;
  /** Raw entry bytes (base64), for unknown and unparseable entries. */
  dataBase64?: string;
}

type Kind = Extension["__kind"];
type Of<K extends Kind> = Extract<Extension, { __kind: K }>;

interface Spec<K extends Kind> {
  authorities?(extension: Of<K>, mint: MintAccount): Array<[string, unknown]>;
  summary(extension: Of<K>, ctx: { mint: MintAccount; epoch: bigint }): string;
}

const ACCOUNT_LEVEL = "Account-level extension, unexpected on a mint";

const SPECS: { [K in Kind]: Spec<K> } = {
  Uninitialized: { summary: () => "Padding" },
  TransferFeeConfig: {
    authorities: (e) => [
      ["transferFeeConfigAuthority", e.transferFeeConfigAuthority],
      ["withdrawWithheldAuthority", e.withdrawWithheldAuthority],
    ],
    summary: (e, { epoch, mint }) => {
      const { current, scheduled } = transferFeeSchedule(e, epoch);
      const now = `Transfers pay ${percent(current.basisPoints)} (at most ${current.maximumFee} raw units, ` +
        `${mint.decimals} decimals)`;
      return scheduled
        ? `${now}; from epoch ${scheduled.epoch} ${
          percent(scheduled.basisPoints)
        } (at most ${scheduled.maximumFee})`
        : now;
    },
  },
  TransferFeeAmount: { summary: () => ACCOUNT_LEVEL },
  MintCloseAuthority: {
    authorities: (e) => [["closeAuthority", e.closeAuthority]],
    summary: () => "The close authority can close the mint once its supply is zero",
  },
  ConfidentialTransferMint: {
    authorities: (e) => [["authority", e.authority]],
    summary: (e) =>
      `Balances and amounts can be kept confidential; new accounts ${
        e.autoApproveNewAccounts ? "are approved automatically" : "need the authority's approval"
      }`,
  },
  ConfidentialTransferAccount: { summary: () => ACCOUNT_LEVEL },
  DefaultAccountState: {
    authorities: (_e, mint) => [["freezeAuthority", mint.freezeAuthority]],
    summary: (e) =>
      e.state === 2
        ? "New token accounts start frozen: holders cannot move tokens until the freeze authority thaws them"
        : "New token accounts start initialized (not frozen)",
  },
  ImmutableOwner: { summary: () => ACCOUNT_LEVEL },
  MemoTransfer: { summary: () => ACCOUNT_LEVEL },
  NonTransferable: { summary: () => "Tokens cannot be transferred once held (soulbound)" },
  InterestBearingConfig: {
    authorities: (e) => [["rateAuthority", e.rateAuthority]],
    summary: (e) =>
      `Displayed amounts accrue interest at ${percent(e.currentRate)} a year; raw balances do not change`,
  },
  CpiGuard: { summary: () => ACCOUNT_LEVEL },
  PermanentDelegate: {
    authorities: (e) => [["delegate", e.delegate]],
    summary: () => "The permanent delegate can transfer or burn tokens from any holder's account",
  },
  NonTransferableAccount: { summary: () => ACCOUNT_LEVEL },
  TransferHook: {
    authorities: (e) => [["authority", e.authority]],
    summary: (e) =>
      isLive(e.programId)
        ? `Every transfer calls program "${e.programId}", which can make it fail`
        : "No hook program is set, but the authority can set one",
  },
  TransferHookAccount: { summary: () => ACCOUNT_LEVEL },
  ConfidentialTransferFee: {
    authorities: (e) => [["authority", e.authority]],
    summary: () => "Transfer fees on confidential transfers are withheld encrypted",
  },
  ConfidentialTransferFeeAmount: { summary: () => ACCOUNT_LEVEL },
  MetadataPointer: {
    authorities: (e) => [["authority", e.authority]],
    summary: (e, { mint }) => {
      const target = toJsonValue(e.metadataAddress);
      return target === mint.address ? "Metadata is stored in the mint itself" : `Metadata is at "${target}"`;
    },
  },
  TokenMetadata: {
    authorities: (e) => [["updateAuthority", e.updateAuthority]],
    summary: (e) => `Name "${e.name}", symbol "${e.symbol}"`,
  },
  GroupPointer: {
    authorities: (e) => [["authority", e.authority]],
    summary: (e) => `Group configuration is at "${toJsonValue(e.groupAddress)}"`,
  },
  TokenGroup: {
    authorities: (e) => [["updateAuthority", e.updateAuthority]],
    summary: (e) => `A group of ${e.size} members (at most ${e.maxSize})`,
  },
  GroupMemberPointer: {
    authorities: (e) => [["authority", e.authority]],
    summary: (e) => `Group membership is at "${toJsonValue(e.memberAddress)}"`,
  },
  TokenGroupMember: {
    summary: (e) => `Member number ${e.memberNumber} of group "${e.group}"`,
  },
  ConfidentialMintBurn: {
    authorities: (_e, mint) => [["mintAuthority", mint.mintAuthority]],
    summary: () => "Tokens can be minted and burned confidentially; part of the supply is encrypted",
  },
  ScaledUiAmountConfig: {
    authorities: (e) => [["authority", e.authority]],
    summary: (e) => `Displayed amounts are raw amounts times ${e.multiplier}`,
  },
  PausableConfig: {
    authorities: (e) => [["authority", e.authority]],
    summary: (e) =>
      e.paused
        ? "Paused: transfers, minting and burning are stopped"
        : "Not paused, but the authority can stop transfers, minting and burning",
  },
  PausableAccount: { summary: () => ACCOUNT_LEVEL },
  PermissionedBurn: {
    authorities: (e) => [["authority", e.authority]],
    summary: () => "Burning needs the permissioned-burn authority's signature",
  },
};

/**
 * Reports one extension entry.
 *
 * @param epoch The current epoch, to tell the transfer fee in force from a scheduled one.
 */
export function describeExtension(entry: ExtensionEntry, mint: MintAccount, epoch: bigint): ExtensionReport {
  if (entry.status !== "decoded") {
    return {
      name: camelName(entry.typeId),
      typeId: entry.typeId,
      status: entry.status,
      authorities: [],
      canChange: null,
      state: {},
      summary: `Not assessed: ${entry.reason}`,
      dataBase64: encodeBase64(entry.data),
    };
  }
  const { extension } = entry;
  const spec = SPECS[extension.__kind] as Spec<Kind>;
  const authorities = (spec.authorities?.(extension, mint) ?? []).map(([role, value]) => ({
    role,
    address: authorityAddress(value),
  }));
  const { __kind: _kind, ...fields } = extension;
  const state = toJsonValue(fields) as Record<string, unknown>;
  for (const [key, value] of Object.entries(state)) if (value === NO_ADDRESS) state[key] = null;
  if (extension.__kind === "TransferFeeConfig") Object.assign(state, transferFeeSchedule(extension, epoch));
  if (extension.__kind === "DefaultAccountState") {
    state.state = ACCOUNT_STATES[extension.state] ?? extension.state;
  }
  return {
    name: camelName(entry.typeId),
    typeId: entry.typeId,
    status: "decoded",
    authorities,
    canChange: authorities.some((authority) => authority.address !== null),
    state,
    summary: spec.summary(extension, { mint, epoch }),
  };
}

/** The transfer fee in force at `epoch` and the one scheduled after it, if any. */
export function transferFeeSchedule(
  extension: Of<"TransferFeeConfig">,
  epoch: bigint,
): { current: TransferFeeTerms; scheduled: TransferFeeTerms | null } {
  const { olderTransferFee: older, newerTransferFee: newer } = extension;
  const terms = (fee: typeof older): TransferFeeTerms => ({
    basisPoints: fee.transferFeeBasisPoints,
    maximumFee: fee.maximumFee.toString(),
    epoch: fee.epoch.toString(),
  });
  return epoch >= newer.epoch
    ? { current: terms(newer), scheduled: null }
    : { current: terms(older), scheduled: terms(newer) };
}

/** The `jsonParsed` name of an extension type, or `unknown`. */
export function camelName(typeId: number): string {
  if (typeId === ExtensionType.ConfidentialTransferFee) return "confidentialTransferFeeConfig";
  const kind: string = ExtensionType[typeId] ?? "unknown";
  return kind.charAt(0).toLowerCase() + kind.slice(1);
}

const ACCOUNT_STATES: Record<number, string> = { 0: "uninitialized", 1: "initialized", 2: "frozen" };

function authorityAddress(value: unknown): string | null {
  const plain = toJsonValue(value);
  return typeof plain === "string" && isLive(plain) ? plain : null;
}

function isLive(address: string): boolean {
  return address !== NO_ADDRESS;
}

function percent(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

/**
 * Mint inspection: the token program, supply, authorities, every Token-2022
 * extension, metadata and holder concentration of a mint, read in two RPC
 * round trips (the mint, its Metaplex metadata account, its largest accounts
 * and the epoch; then the owners of those accounts).
 *
 * @module
 */
import type { Address } from "@solana/kit";
import type { SolanaClient } from "../rpc.ts";
import { NotFoundError } from "../../shared/errors.ts";
import { formatUnits } from "../amount.ts";
import { concentration } from "./concentration.ts";
import type { Concentration, FetchedAccount } from "./concentration.ts";
import { describeExtension } from "./extensions.ts";
import type { ExtensionReport } from "./extensions.ts";
import {
  decodeMetaplexMetadata,
  metadataPointerTarget,
  metaplexMetadataAddress,
  tokenMetadataFromMint,
} from "./metadata.ts";
import type { TokenMetadataReport } from "./metadata.ts";
import { decodeMintAccount, findExtension, liveAddress } from "./mint_account.ts";
import type { MintAccount } from "./mint_account.ts";
import {
  epochInfoCall,
  largestAccountsCall,
  multipleAccountsCall,
  parseEpoch,
  parseLargestAccounts,
  parseMultipleAccounts,
} from "./rpc_reads.ts";

/** What `GET /v1/token/{mint}` returns. */
export interface TokenReport {
  mint: string;
  tokenProgram: { name: "token" | "token-2022"; id: string };
  decimals: number;
  supply: { raw: string; ui: string };
  /** Who can mint more; `null` when the supply is fixed. */
  mintAuthority: string | null;
  /** Who can freeze holders' accounts; `null` when nobody can. */
  freezeAuthority: string | null;
  /** Account size in bytes. */
  accountSize: number;
  extensions: ExtensionReport[];
  /** Where a Token-2022 metadata pointer points, if the mint has one. */
  metadataPointer: string | null;
  metadata: TokenMetadataReport | null;
  concentration: Concentration;
  /** The slot the accounts were read at and the epoch used for transfer-fee terms. */
  context: { slot: number; epoch: string };
}

/** A report plus the decoded mint, for rules that need typed extension values. */
export interface TokenInspection {
  report: TokenReport;
  mint: MintAccount;
  epoch: bigint;
}

/**
 * Inspects a mint.
 *
 * @throws {NotFoundError} When no account exists at `mint` or it is not a mint (the message says which).
 * @throws {UpstreamError} When the RPC fails or answers malformed data.
 */
export async function inspectToken(
  client: SolanaClient,
  mintAddress: Address,
  signal?: AbortSignal,
): Promise<TokenInspection> {
  const metaplexAddress = await metaplexMetadataAddress(mintAddress);
  const [accountsOutcome, largestOutcome, epochOutcome] = await client.batch([
    multipleAccountsCall([mintAddress, metaplexAddress]),
    largestAccountsCall(mintAddress),
    epochInfoCall(),
  ], signal);
  const { slot, accounts: [mintAccount, metaplexAccount] } = parseMultipleAccounts(accountsOutcome!);
  if (!mintAccount) {
    throw new NotFoundError(`Mint "${mintAddress}" not found: no account exists at this address`);
  }
  const mint = decodeMintAccount(mintAddress, mintAccount.owner, mintAccount.data);
  const epoch = parseEpoch(epochOutcome!);
  const largest = parseLargestAccounts(largestOutcome!);

  const pointer = metadataPointerTarget(mint);
  const external = pointer && pointer !== mintAddress && pointer !== metaplexAddress ? pointer : null;
  const holderAddresses = Array.isArray(largest) ? largest.map((entry) => entry.address) : [];
  const second = holderAddresses.length > 0 || external
    ? parseMultipleAccounts(
      (await client.batch(
        [multipleAccountsCall([...holderAddresses, ...(external ? [external] : [])])],
        signal,
      ))[0]!,
    ).accounts
    : [];

  const metadata = tokenMetadataFromMint(mint) ??
    metaplexFrom(metaplexAddress, metaplexAccount ?? null, mint) ??
    (external ? metaplexFrom(external, second[holderAddresses.length] ?? null, mint) : null);
  const delegate = findExtension(mint, "PermanentDelegate");
  const permanentDelegate = delegate ? liveAddress(delegate.delegate) : null;
  const report: TokenReport = {
    mint: mintAddress,
    tokenProgram: { name: mint.program, id: mint.programId },
    decimals: mint.decimals,
    supply: { raw: mint.supply.toString(), ui: formatUnits(mint.supply, mint.decimals) },
    mintAuthority: mint.mintAuthority,
    freezeAuthority: mint.freezeAuthority,
    accountSize: mint.size,
    extensions: mint.extensions.map((entry) => describeExtension(entry, mint, epoch)),
    metadataPointer: pointer,
    metadata,
    concentration: Array.isArray(largest)
      ? concentration(largest, second.slice(0, holderAddresses.length), {
        mint,
        permanentDelegate,
        metadataUpdateAuthority: metadata?.updateAuthority ?? null,
      })
      : { available: false, reason: largest.reason },
    context: { slot, epoch: epoch.toString() },
  };
  return { report, mint, epoch };
}

function metaplexFrom(
  address: string,
  account: FetchedAccount,
  mint: MintAccount,
): TokenMetadataReport | null {
  return account ? decodeMetaplexMetadata({ address, ...account }, mint.address) : null;
}

/**
 * Token metadata from either source a mint may use: the Token-2022
 * `TokenMetadata` extension stored in the mint, or the Metaplex Token Metadata
 * account at the mint's program-derived address.
 *
 * @module
 */
import {
  addDecoderSizePrefix,
  address,
  getAddressDecoder,
  getAddressEncoder,
  getArrayDecoder,
  getBooleanDecoder,
  getOptionDecoder,
  getProgramDerivedAddress,
  getStructDecoder,
  getU16Decoder,
  getU32Decoder,
  getU8Decoder,
  getUtf8Decoder,
} from "@solana/kit";
import type { Address } from "@solana/kit";
import type { MintAccount } from "./mint_account.ts";
import { findExtension, liveAddress } from "./mint_account.ts";

/** The Metaplex Token Metadata program. */
export const METAPLEX_METADATA_PROGRAM: Address = address("metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s");
const METAPLEX_KEY_METADATA_V1 = 4;

/** A token's name, symbol and URI, and who can change them. */
export interface TokenMetadataReport {
  /** Where the metadata lives: the mint's own extension or a Metaplex account. */
  source: "token-2022" | "metaplex";
  /** The account holding it. */
  address: string;
  name: string;
  symbol: string;
  uri: string;
  /** Who may update it; `null` when nobody can. */
  updateAuthority: string | null;
  /** Whether the metadata can still be changed. */
  mutable: boolean;
  /** Token-2022 extra key/value fields (empty for Metaplex). */
  additionalMetadata: Record<string, string>;
  /** Metaplex creator royalties in basis points (`null` for Token-2022). */
  sellerFeeBasisPoints: number | null;
  /** Metaplex creators (empty for Token-2022). */
  creators: Array<{ address: string; verified: boolean; share: number }>;
}

/** The Metaplex metadata account of a mint: seeds `["metadata", program, mint]`. */
export async function metaplexMetadataAddress(mint: Address): Promise<Address> {
  const encoder = getAddressEncoder();
  const [pda] = await getProgramDerivedAddress({
    programAddress: METAPLEX_METADATA_PROGRAM,
    seeds: ["metadata", encoder.encode(METAPLEX_METADATA_PROGRAM), encoder.encode(mint)],
  });
  return pda;
}

const borshString = () => addDecoderSizePrefix(getUtf8Decoder(), getU32Decoder());

const metaplexDecoder = getStructDecoder([
  ["key", getU8Decoder()],
  ["updateAuthority", getAddressDecoder()],
  ["mint", getAddressDecoder()],
  ["name", borshString()],
  ["symbol", borshString()],
  ["uri", borshString()],
  ["sellerFeeBasisPoints", getU16Decoder()],
  [
    "creators",
    getOptionDecoder(
      getArrayDecoder(
        getStructDecoder([["address", getAddressDecoder()], ["verified", getBooleanDecoder()], [
          "share",
          getU8Decoder(),
        ]]),
        { size: getU32Decoder() },
      ),
    ),
  ],
  ["primarySaleHappened", getBooleanDecoder()],
  ["isMutable", getBooleanDecoder()],
]);

/**
 * Decodes a Metaplex metadata account (fields up to `isMutable`; later
 * optional fields are ignored). Returns `null` when the bytes are not a
 * metadata account of this mint.
 */
export function decodeMetaplexMetadata(
  account: { address: string; owner: string; data: Uint8Array },
  mint: Address,
): TokenMetadataReport | null {
  if (account.owner !== METAPLEX_METADATA_PROGRAM || account.data[0] !== METAPLEX_KEY_METADATA_V1) {
    return null;
  }
  let decoded;
  try {
    [decoded] = metaplexDecoder.read(account.data, 0);
  } catch {
    return null;
  }
  if (decoded.mint !== mint) return null;
  return {
    source: "metaplex",
    address: account.address,
    name: trimPadding(decoded.name),
    symbol: trimPadding(decoded.symbol),
    uri: trimPadding(decoded.uri),
    updateAuthority: decoded.isMutable ? decoded.updateAuthority : null,
    mutable: decoded.isMutable,
    additionalMetadata: {},
    sellerFeeBasisPoints: decoded.sellerFeeBasisPoints,
    creators: decoded.creators.__option === "Some"
      ? decoded.creators.value.map((creator) => ({ ...creator }))
      : [],
  };
}

/** The Token-2022 `TokenMetadata` extension of a mint, or `null` when it has none. */
export function tokenMetadataFromMint(mint: MintAccount): TokenMetadataReport | null {
  const extension = findExtension(mint, "TokenMetadata");
  if (!extension) return null;
  const updateAuthority = liveAddress(extension.updateAuthority);
  return {
    source: "token-2022",
    address: mint.address,
    name: extension.name,
    symbol: extension.symbol,
    uri: extension.uri,
    updateAuthority,
    mutable: updateAuthority !== null,
    additionalMetadata: Object.fromEntries(extension.additionalMetadata),
    sellerFeeBasisPoints: null,
    creators: [],
  };
}

/** The address a Token-2022 metadata pointer names, or `null` without a pointer. */
export function metadataPointerTarget(mint: MintAccount): string | null {
  const pointer = findExtension(mint, "MetadataPointer");
  return pointer ? liveAddress(pointer.metadataAddress) : null;
}

/** Metaplex pads fixed-size strings with NUL bytes. */
function trimPadding(text: string): string {
  return text.replace(/\0+$/, "");
}

import assert from "node:assert/strict";
import { LiteSVM } from "litesvm";
import {
  extension,
  getUpdateTokenMetadataFieldInstruction,
  getUpdateTokenMetadataUpdateAuthorityInstruction,
  tokenMetadataField,
} from "@solana-program/token-2022";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  address,
  generateKeyPairSigner,
  getAddressEncoder,
  getProgramDerivedAddress,
  lamports,
  none,
  some,
} from "@solana/kit";
import {
  decodeMetaplexMetadata,
  METAPLEX_METADATA_PROGRAM,
  metaplexMetadataAddress,
  tokenMetadataFromMint,
} from "../../../../lib/solana/token/metadata.ts";
import { decodeMintAccount } from "../../../../lib/solana/token/mint_account.ts";
import { mintBuilder, TOKEN_2022_PROGRAM_ADDRESS } from "../../../_support/mint_builder.ts";
import { metaplexAccountData } from "./_metaplex_account.ts";

Deno.test('metaplexMetadataAddress() derives ["metadata", program, mint] under the Metaplex program', async () => {
  const mint = address("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v");
  const [expected] = await getProgramDerivedAddress({
    programAddress: METAPLEX_METADATA_PROGRAM,
    seeds: [
      new TextEncoder().encode("metadata"),
      getAddressEncoder().encode(METAPLEX_METADATA_PROGRAM),
      getAddressEncoder().encode(mint),
    ],
  });
  assert.equal(await metaplexMetadataAddress(mint), expected);
});

Deno.test("decodeMetaplexMetadata() reads name, symbol, uri, creators and mutability, without padding", async () => {
  const mint = (await generateKeyPairSigner()).address;
  const authority = (await generateKeyPairSigner()).address;
  const creator = (await generateKeyPairSigner()).address;
  const metadataAddress = await metaplexMetadataAddress(mint);
  const data = metaplexAccountData({
    updateAuthority: authority,
    mint,
    name: "Classic Coin",
    symbol: "CLC",
    uri: "https://example.org/clc.json",
    isMutable: true,
    creators: [{ address: creator, verified: true, share: 100 }],
  });
  assert.deepEqual(
    decodeMetaplexMetadata({ address: metadataAddress, owner: METAPLEX_METADATA_PROGRAM, data }, mint),
    {
      source: "metaplex",
      address: metadataAddress,
      name: "Classic Coin",
      symbol: "CLC",
      uri: "https://example.org/clc.json",
      updateAuthority: authority,
      mutable: true,
      additionalMetadata: {},
      sellerFeeBasisPoints: 500,
      creators: [{ address: creator, verified: true, share: 100 }],
    },
  );
  const frozen = metaplexAccountData({
    updateAuthority: authority,
    mint,
    name: "X",
    symbol: "X",
    uri: "",
    isMutable: false,
  });
  const immutable = decodeMetaplexMetadata({
    address: metadataAddress,
    owner: METAPLEX_METADATA_PROGRAM,
    data: frozen,
  }, mint);
  assert.equal(immutable?.mutable, false);
  assert.equal(immutable?.updateAuthority, null, "an immutable account has nobody who can update it");
});

Deno.test("decodeMetaplexMetadata() refuses accounts of another owner, key or mint", async () => {
  const mint = (await generateKeyPairSigner()).address;
  const other = (await generateKeyPairSigner()).address;
  const data = metaplexAccountData({
    updateAuthority: other,
    mint,
    name: "A",
    symbol: "A",
    uri: "",
    isMutable: true,
  });
  const at = await metaplexMetadataAddress(mint);
  assert.equal(decodeMetaplexMetadata({ address: at, owner: TOKEN_2022_PROGRAM_ADDRESS, data }, mint), null);
  assert.equal(decodeMetaplexMetadata({ address: at, owner: METAPLEX_METADATA_PROGRAM, data }, other), null);
  const wrongKey = data.slice();
  wrongKey[0] = 6; // MasterEditionV2
  assert.equal(
    decodeMetaplexMetadata({ address: at, owner: METAPLEX_METADATA_PROGRAM, data: wrongKey }, mint),
    null,
  );
  assert.equal(
    decodeMetaplexMetadata(
      { address: at, owner: METAPLEX_METADATA_PROGRAM, data: data.subarray(0, 70) },
      mint,
    ),
    null,
  );
});

Deno.test("tokenMetadataFromMint() reads the Token-2022 metadata extension, including extra fields", async () => {
  const svm = new LiteSVM();
  const b = await mintBuilder(svm);
  const authority = await generateKeyPairSigner();
  const mint = await b.createMint({
    program: TOKEN_2022_PROGRAM_ADDRESS,
    decimals: 6,
    mintAuthority: authority,
    extensions: (self) => [
      extension("MetadataPointer", { authority: some(authority.address), metadataAddress: some(self) }),
      extension("TokenMetadata", {
        updateAuthority: some(authority.address),
        mint: self,
        name: "Pointer Coin",
        symbol: "PTR",
        uri: "https://example.org/ptr.json",
        additionalMetadata: new Map(),
      }),
    ],
  });
  // Adding a field grows the account, so top up its rent in the same transaction.
  await b.run([
    getTransferSolInstruction({ source: b.payer, destination: mint, amount: lamports(10_000_000n) }),
    getUpdateTokenMetadataFieldInstruction({
      metadata: mint,
      updateAuthority: authority,
      field: tokenMetadataField("Key", ["website"]),
      value: "https://example.org",
    }),
  ]);
  const read = () => {
    const account = svm.getAccount(mint);
    if (!account.exists) throw new Error("mint missing");
    return tokenMetadataFromMint(
      decodeMintAccount(mint, account.programAddress, new Uint8Array(account.data)),
    );
  };
  assert.deepEqual(read(), {
    source: "token-2022",
    address: mint,
    name: "Pointer Coin",
    symbol: "PTR",
    uri: "https://example.org/ptr.json",
    updateAuthority: authority.address,
    mutable: true,
    additionalMetadata: { website: "https://example.org" },
    sellerFeeBasisPoints: null,
    creators: [],
  });
  await b.run([
    getUpdateTokenMetadataUpdateAuthorityInstruction({
      metadata: mint,
      updateAuthority: authority,
      newUpdateAuthority: none(),
    }),
  ]);
  const fixed = read();
  assert.equal(fixed?.updateAuthority, null);
  assert.equal(fixed?.mutable, false);
});

import assert from "node:assert/strict";
import { address, generateKeyPairSigner, lamports } from "@solana/kit";
import { findAssociatedTokenPda } from "@solana-program/token-2022";
import { inspectToken } from "../../../../lib/solana/token/inspect.ts";
import { INCINERATOR } from "../../../../lib/solana/token/concentration.ts";
import { METAPLEX_METADATA_PROGRAM, metaplexMetadataAddress } from "../../../../lib/solana/token/metadata.ts";
import { NotFoundError } from "../../../../lib/shared/errors.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";
import {
  classicRevokedMint,
  concentratedMint,
  hazardMint,
  HOOK_PROGRAM,
} from "../../../_support/token_mints.ts";
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "../../../_support/mint_builder.ts";
import { metaplexAccountData } from "./_metaplex_account.ts";

Deno.test("inspectToken() reports a classic mint with revoked authorities and its Metaplex metadata", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const b = await rpc.builder();
  const { mint, holder } = await classicRevokedMint(b);
  const updateAuthority = (await generateKeyPairSigner()).address;
  const metadataAddress = await metaplexMetadataAddress(mint);
  const data = metaplexAccountData({
    updateAuthority,
    mint,
    name: "Classic",
    symbol: "CLS",
    uri: "https://example.org/classic.json",
    isMutable: false,
  });
  rpc.local.svm.setAccount({
    address: metadataAddress,
    data,
    executable: false,
    lamports: lamports(rpc.local.svm.minimumBalanceForRentExemption(BigInt(data.length))),
    programAddress: METAPLEX_METADATA_PROGRAM,
    space: BigInt(data.length),
  });
  const before = rpc.requests;
  const { report } = await inspectToken(rpc.client, mint);
  assert.equal(rpc.requests - before, 2, "mint + metadata + holders + epoch, then the holders' owners");
  assert.deepEqual(rpc.calls.slice(-4).map((call) => call.method), [
    "getMultipleAccounts",
    "getTokenLargestAccounts",
    "getEpochInfo",
    "getMultipleAccounts",
  ]);
  assert.deepEqual(report.tokenProgram, { name: "token", id: TOKEN_PROGRAM_ADDRESS });
  assert.equal(report.decimals, 9);
  assert.deepEqual(report.supply, { raw: "1000000000000", ui: "1000" });
  assert.equal(report.mintAuthority, null);
  assert.equal(report.freezeAuthority, null);
  assert.equal(report.accountSize, 82);
  assert.deepEqual(report.extensions, []);
  assert.equal(report.metadataPointer, null);
  assert.deepEqual(report.metadata, {
    source: "metaplex",
    address: metadataAddress,
    name: "Classic",
    symbol: "CLS",
    uri: "https://example.org/classic.json",
    updateAuthority: null,
    mutable: false,
    additionalMetadata: {},
    sellerFeeBasisPoints: 500,
    creators: [],
  });
  assert.ok(report.concentration.available);
  assert.equal(report.concentration.holders.length, 1);
  assert.equal(report.concentration.holders[0]!.owner, holder);
  assert.equal(report.concentration.top1Share, 1);
  assert.ok(Number.isInteger(report.context.slot) && report.context.slot > 0);
  assert.doesNotThrow(() => JSON.stringify(report));
});

Deno.test("inspectToken() decodes a Token-2022 mint with fee, delegate, hook, frozen default and metadata", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const b = await rpc.builder();
  const s = await hazardMint(b);
  const { report } = await inspectToken(rpc.client, s.mint);
  const a = s.authority.address;
  assert.deepEqual(report.tokenProgram, { name: "token-2022", id: TOKEN_2022_PROGRAM_ADDRESS });
  assert.deepEqual(report.supply, { raw: "100000000", ui: "100" });
  assert.equal(report.mintAuthority, a);
  assert.equal(report.freezeAuthority, a);
  assert.deepEqual(
    report.extensions.map((e) => [e.name, e.status, e.canChange]),
    [
      ["transferFeeConfig", "decoded", true],
      ["permanentDelegate", "decoded", true],
      ["transferHook", "decoded", true],
      ["defaultAccountState", "decoded", true],
      ["metadataPointer", "decoded", false],
      ["tokenMetadata", "decoded", true],
    ],
  );
  const [fee, delegate, hook, defaultState] = report.extensions;
  assert.deepEqual(fee!.state.current, { basisPoints: 250, maximumFee: "5000000", epoch: "0" });
  assert.deepEqual(delegate!.authorities, [{ role: "delegate", address: s.delegate }]);
  assert.equal(hook!.state.programId, HOOK_PROGRAM);
  assert.deepEqual(defaultState!.state, { state: "frozen" });
  assert.equal(report.metadataPointer, s.mint);
  assert.equal(report.metadata?.source, "token-2022");
  assert.equal(report.metadata?.name, "Hazard");
  assert.equal(report.metadata?.updateAuthority, a);
  assert.equal(report.metadata?.mutable, true);
  assert.ok(report.concentration.available);
  assert.deepEqual(report.concentration.holders.map((h) => [h.owner, h.share, h.frozen]), [[
    s.holder,
    1,
    false,
  ]]);
});

Deno.test("inspectToken() resolves the largest holders of a concentrated mint to owners", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const b = await rpc.builder();
  const s = await concentratedMint(b);
  const { report } = await inspectToken(rpc.client, s.mint);
  const c = report.concentration;
  assert.ok(c.available);
  const [burnAccount] = await findAssociatedTokenPda({
    owner: address(INCINERATOR),
    mint: s.mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  assert.deepEqual(c.holders.map((h) => [h.owner, h.amount, h.labels]), [
    [s.whale, "480000", []],
    [s.pool, "200000", []],
    [INCINERATOR, "150000", ["burn"]],
    [s.authority.address, "120000", ["mintAuthority"]],
    [s.small, "30000", []],
    [s.small, "20000", []],
  ]);
  assert.equal(c.holders[2]!.tokenAccount, burnAccount);
  assert.equal(c.holders[1]!.ownerIsProgramAddress, true);
  assert.deepEqual(
    [
      c.owners,
      c.top1Share,
      c.top10Share,
      c.nonCirculatingShare,
      c.top1CirculatingShare,
      c.top10CirculatingShare,
    ],
    [5, 0.48, 1, 0.27, 0.6575, 1],
  );
});

Deno.test("inspectToken() says whether a missing mint does not exist or is not a mint", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const b = await rpc.builder();
  const { mint, holder } = await classicRevokedMint(b);
  const nowhere = (await generateKeyPairSigner()).address;
  await assert.rejects(
    inspectToken(rpc.client, nowhere),
    new NotFoundError(`Mint "${nowhere}" not found: no account exists at this address`),
  );
  const [holderAccount] = await findAssociatedTokenPda({
    owner: holder,
    mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  await assert.rejects(
    inspectToken(rpc.client, holderAccount),
    new NotFoundError(`Account "${holderAccount}" is not a mint: it is a token account`),
  );
  await assert.rejects(
    inspectToken(rpc.client, b.payer.address),
    new NotFoundError(
      `Account "${b.payer.address}" is not a mint: it is owned by program "11111111111111111111111111111111"`,
    ),
  );
});

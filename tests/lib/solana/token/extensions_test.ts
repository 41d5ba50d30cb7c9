import assert from "node:assert/strict";
import { LiteSVM } from "litesvm";
import { AccountState, extension, getSetTransferFeeInstruction } from "@solana-program/token-2022";
import { address, generateKeyPairSigner, none, some } from "@solana/kit";
import { decodeMintAccount } from "../../../../lib/solana/token/mint_account.ts";
import type { MintAccount } from "../../../../lib/solana/token/mint_account.ts";
import { camelName, describeExtension } from "../../../../lib/solana/token/extensions.ts";
import type { ExtensionReport } from "../../../../lib/solana/token/extensions.ts";
import { mintBuilder, TOKEN_2022_PROGRAM_ADDRESS } from "../../../_support/mint_builder.ts";

const HOOK_PROGRAM = address("HookProgram11111111111111111111111111111111");

async function reportsFor(
  build: (b: Awaited<ReturnType<typeof mintBuilder>>) => Promise<string>,
  epoch = 0n,
) {
  const svm = new LiteSVM();
  const b = await mintBuilder(svm);
  const mintAddress = await build(b);
  const account = svm.getAccount(address(mintAddress));
  if (!account.exists) throw new Error("mint missing");
  const mint: MintAccount = decodeMintAccount(
    address(mintAddress),
    account.programAddress,
    new Uint8Array(account.data),
  );
  return Object.fromEntries(
    mint.extensions.map((entry) => describeExtension(entry, mint, epoch)).map((r) => [r.name, r]),
  ) as Record<string, ExtensionReport>;
}

Deno.test("describeExtension() gives each Token-2022 extension its authorities and whether it can change", async () => {
  const authority = await generateKeyPairSigner();
  const delegate = await generateKeyPairSigner();
  const reports = await reportsFor((b) =>
    b.createMint({
      program: TOKEN_2022_PROGRAM_ADDRESS,
      decimals: 6,
      mintAuthority: authority,
      freezeAuthority: authority.address,
      extensions: (self) => [
        extension("TransferFeeConfig", {
          transferFeeConfigAuthority: authority.address,
          withdrawWithheldAuthority: authority.address,
          withheldAmount: 0n,
          olderTransferFee: { epoch: 0n, maximumFee: 5_000n, transferFeeBasisPoints: 300 },
          newerTransferFee: { epoch: 0n, maximumFee: 5_000n, transferFeeBasisPoints: 300 },
        }),
        extension("PermanentDelegate", { delegate: delegate.address }),
        extension("TransferHook", { authority: authority.address, programId: HOOK_PROGRAM }),
        extension("DefaultAccountState", { state: AccountState.Frozen }),
        extension("MintCloseAuthority", { closeAuthority: authority.address }),
        extension("PausableConfig", { authority: some(authority.address), paused: false }),
        extension("InterestBearingConfig", {
          rateAuthority: authority.address,
          initializationTimestamp: 0n,
          preUpdateAverageRate: 500,
          lastUpdateTimestamp: 0n,
          currentRate: 500,
        }),
        extension("MetadataPointer", { authority: none(), metadataAddress: some(self) }),
        extension("TokenMetadata", {
          updateAuthority: some(authority.address),
          mint: self,
          name: "Everything",
          symbol: "ALL",
          uri: "https://example.org/all.json",
          additionalMetadata: new Map(),
        }),
      ],
    })
  );
  const a = authority.address;
  assert.deepEqual(Object.keys(reports), [
    "transferFeeConfig",
    "permanentDelegate",
    "transferHook",
    "defaultAccountState",
    "mintCloseAuthority",
    "pausableConfig",
    "interestBearingConfig",
    "metadataPointer",
    "tokenMetadata",
  ]);
  const fee = reports.transferFeeConfig!;
  assert.deepEqual(fee.authorities, [
    { role: "transferFeeConfigAuthority", address: a },
    { role: "withdrawWithheldAuthority", address: a },
  ]);
  assert.equal(fee.canChange, true);
  assert.deepEqual(fee.state.current, { basisPoints: 300, maximumFee: "5000", epoch: "0" });
  assert.equal(fee.state.scheduled, null);
  assert.equal(fee.state.withheldAmount, "0");
  assert.equal(fee.summary, "Transfers pay 3% (at most 5000 raw units, 6 decimals)");

  assert.deepEqual(reports.permanentDelegate!.authorities, [{ role: "delegate", address: delegate.address }]);
  assert.equal(reports.permanentDelegate!.canChange, true);
  assert.deepEqual(reports.transferHook!.state, { authority: a, programId: HOOK_PROGRAM });
  assert.equal(
    reports.transferHook!.summary,
    `Every transfer calls program "${HOOK_PROGRAM}", which can make it fail`,
  );
  assert.deepEqual(reports.defaultAccountState!.state, { state: "frozen" });
  assert.deepEqual(reports.defaultAccountState!.authorities, [{ role: "freezeAuthority", address: a }]);
  assert.deepEqual(reports.mintCloseAuthority!.authorities, [{ role: "closeAuthority", address: a }]);
  assert.deepEqual(reports.pausableConfig!.state, { authority: a, paused: false });
  assert.equal(reports.interestBearingConfig!.state.currentRate, 500);
  assert.deepEqual(reports.metadataPointer!.authorities, [{ role: "authority", address: null }]);
  assert.equal(reports.metadataPointer!.canChange, false, "a pointer without authority is fixed");
  assert.equal(reports.metadataPointer!.summary, "Metadata is stored in the mint itself");
  assert.equal(reports.tokenMetadata!.state.name, "Everything");
  assert.deepEqual(reports.tokenMetadata!.state.additionalMetadata, {});
  for (const report of Object.values(reports)) {
    assert.equal(report.status, "decoded");
    assert.ok(report.summary.length > 0);
    assert.doesNotThrow(() => JSON.stringify(report), "reports are JSON-safe (no bigint)");
  }
});

Deno.test("describeExtension() shows a fee scheduled for a later epoch apart from the current one", async () => {
  const authority = await generateKeyPairSigner();
  const build = (b: Awaited<ReturnType<typeof mintBuilder>>) =>
    b.createMint({
      program: TOKEN_2022_PROGRAM_ADDRESS,
      decimals: 2,
      mintAuthority: authority,
      extensions: [extension("TransferFeeConfig", {
        transferFeeConfigAuthority: authority.address,
        withdrawWithheldAuthority: authority.address,
        withheldAmount: 0n,
        olderTransferFee: { epoch: 0n, maximumFee: 10n, transferFeeBasisPoints: 10 },
        newerTransferFee: { epoch: 0n, maximumFee: 10n, transferFeeBasisPoints: 10 },
      })],
    });
  // The program initialises both terms alike; a later SetTransferFee schedules new terms two epochs out.
  const svm = new LiteSVM();
  const b = await mintBuilder(svm);
  const mintAddress = await build(b);
  const clock = svm.getClock();
  clock.epoch = 3n;
  svm.setClock(clock);
  await b.run([getSetTransferFeeInstruction({
    mint: mintAddress,
    transferFeeConfigAuthority: authority,
    transferFeeBasisPoints: 900,
    maximumFee: 1_000_000n,
  })]);
  const account = svm.getAccount(mintAddress);
  if (!account.exists) throw new Error("mint missing");
  const mint = decodeMintAccount(mintAddress, account.programAddress, new Uint8Array(account.data));
  const before = describeExtension(mint.extensions[0]!, mint, 4n);
  assert.deepEqual(before.state.current, { basisPoints: 10, maximumFee: "10", epoch: "0" });
  assert.deepEqual(before.state.scheduled, { basisPoints: 900, maximumFee: "1000000", epoch: "5" });
  assert.equal(
    before.summary,
    "Transfers pay 0.1% (at most 10 raw units, 2 decimals); from epoch 5 9% (at most 1000000)",
  );
  const after = describeExtension(mint.extensions[0]!, mint, 5n);
  assert.deepEqual(after.state.current, { basisPoints: 900, maximumFee: "1000000", epoch: "5" });
  assert.equal(after.state.scheduled, null);
});

Deno.test("describeExtension() keeps unknown entries with their raw bytes and no verdict", () => {
  const mint = { address: address("So11111111111111111111111111111111111111112") } as MintAccount;
  const report = describeExtension(
    {
      status: "unknown",
      typeId: 999,
      data: new Uint8Array([1, 2, 3]),
      reason: "extension type 999 is not known",
    },
    mint,
    0n,
  );
  assert.deepEqual(report, {
    name: "unknown",
    typeId: 999,
    status: "unknown",
    authorities: [],
    canChange: null,
    state: {},
    summary: "Not assessed: extension type 999 is not known",
    dataBase64: "AQID",
  });
});

Deno.test("camelName() uses the jsonParsed names", () => {
  assert.equal(camelName(1), "transferFeeConfig");
  assert.equal(camelName(16), "confidentialTransferFeeConfig");
  assert.equal(camelName(25), "scaledUiAmountConfig");
  assert.equal(camelName(26), "pausableConfig");
  assert.equal(camelName(4242), "unknown");
});

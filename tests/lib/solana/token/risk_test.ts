import assert from "node:assert/strict";
import { extension, getPauseInstruction, getSetTransferFeeInstruction } from "@solana-program/token-2022";
import { generateKeyPairSigner, lamports, some } from "@solana/kit";
import { inspectToken } from "../../../../lib/solana/token/inspect.ts";
import { assessRisk, RISK_RULES_VERSION } from "../../../../lib/solana/token/risk.ts";
import type { RiskAssessment } from "../../../../lib/solana/token/risk.ts";
import { METAPLEX_METADATA_PROGRAM, metaplexMetadataAddress } from "../../../../lib/solana/token/metadata.ts";
import { type LocalChain, startLocalChain } from "../../../_support/local_chain.ts";
import {
  classicRevokedMint,
  concentratedMint,
  hazardMint,
  HOOK_PROGRAM,
} from "../../../_support/token_mints.ts";
import { TOKEN_2022_PROGRAM_ADDRESS } from "../../../_support/mint_builder.ts";
import { metaplexAccountData } from "./_metaplex_account.ts";
import type { Address } from "@solana/kit";

function weights(assessment: RiskAssessment): Record<string, [string, number]> {
  return Object.fromEntries(assessment.signals.map((s) => [s.id, [s.severity, s.weight]]));
}

async function plantMetaplex(rpc: LocalChain, mint: Address, isMutable: boolean): Promise<void> {
  const data = metaplexAccountData({
    updateAuthority: (await generateKeyPairSigner()).address,
    mint,
    name: "Named",
    symbol: "NMD",
    uri: "https://example.org/named.json",
    isMutable,
  });
  rpc.local.svm.setAccount({
    address: await metaplexMetadataAddress(mint),
    data,
    executable: false,
    lamports: lamports(10_000_000n),
    programAddress: METAPLEX_METADATA_PROGRAM,
    space: BigInt(data.length),
  });
}

Deno.test("assessRisk() finds only the single-holder concentration on a revoked classic mint", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const { mint, holder } = await classicRevokedMint(await rpc.builder());
  await plantMetaplex(rpc, mint, false);
  const risk = assessRisk(await inspectToken(rpc.client, mint));
  assert.deepEqual(weights(risk), {
    top1_concentration: ["high", 20],
    top10_concentration: ["high", 20],
  });
  assert.equal(risk.score, 40);
  assert.equal(risk.level, "medium"); // 20 ≤ 40 < 45
  assert.deepEqual(risk.confidence, { score: 1, level: "high", reasons: [] });
  assert.equal(risk.rulesVersion, RISK_RULES_VERSION);
  const top1 = risk.signals.find((s) => s.id === "top1_concentration")!;
  assert.equal(top1.evidence.top1CirculatingShare, 1);
  assert.equal((top1.evidence.holder as { owner: string }).owner, holder);
  assert.equal(top1.explanation, "One holder owns 100% of the circulating supply (more than 50%)");
});

Deno.test("assessRisk() flags every hazard of the Token-2022 test mint and caps the score at 100", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const s = await hazardMint(await rpc.builder());
  const risk = assessRisk(await inspectToken(rpc.client, s.mint));
  assert.deepEqual(weights(risk), {
    mint_authority_live: ["high", 20],
    freeze_authority_live: ["high", 20],
    permanent_delegate: ["critical", 40],
    transfer_fee: ["medium", 10],
    transfer_fee_adjustable: ["medium", 10],
    transfer_hook: ["high", 25],
    default_account_frozen: ["critical", 40],
    mutable_metadata: ["low", 5],
    top1_concentration: ["high", 20],
    top10_concentration: ["high", 20],
  });
  assert.equal(risk.score, 100);
  assert.equal(risk.level, "critical");
  const byId = Object.fromEntries(risk.signals.map((signal) => [signal.id, signal]));
  assert.deepEqual(byId.permanent_delegate!.evidence, { delegate: s.delegate });
  assert.deepEqual(byId.transfer_hook!.evidence, { programId: HOOK_PROGRAM, authority: s.authority.address });
  assert.deepEqual(byId.transfer_fee!.evidence, {
    basisPoints: 250,
    maximumFee: "5000000",
    epoch: "0",
    decimals: 6,
  });
  assert.equal(
    byId.transfer_fee!.explanation,
    "Every transfer pays 2.5% (capped at 5000000 raw units) to the fee authority",
  );
  for (const signal of risk.signals) {
    assert.ok(signal.explanation.length > 10 && !signal.explanation.endsWith("."));
  }
});

Deno.test("assessRisk() weighs a scheduled fee rise by the new rate", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const b = await rpc.builder();
  const s = await hazardMint(b);
  await b.run([getSetTransferFeeInstruction({
    mint: s.mint,
    transferFeeConfigAuthority: s.authority,
    transferFeeBasisPoints: 1_500,
    maximumFee: 1_000_000_000n,
  })]);
  const risk = assessRisk(await inspectToken(rpc.client, s.mint));
  const scheduled = risk.signals.find((signal) => signal.id === "transfer_fee_scheduled")!;
  assert.equal(scheduled.severity, "critical");
  assert.equal(scheduled.weight, 40);
  assert.deepEqual(scheduled.evidence, {
    current: { basisPoints: 250, maximumFee: "5000000", epoch: "0" },
    scheduled: { basisPoints: 1_500, maximumFee: "1000000000", epoch: "2" },
    currentEpoch: "0",
  });
});

Deno.test("assessRisk() flags live mint authority, concentration and authority holdings", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const s = await concentratedMint(await rpc.builder());
  const risk = assessRisk(await inspectToken(rpc.client, s.mint));
  assert.deepEqual(weights(risk), {
    mint_authority_live: ["high", 20],
    metadata_missing: ["medium", 10],
    top1_concentration: ["high", 20],
    top10_concentration: ["high", 20],
    authority_holdings: ["medium", 10],
  });
  assert.equal(risk.score, 80);
  assert.equal(risk.level, "critical");
  assert.deepEqual(risk.confidence.score, 0.9, "metadata could not be found");
  const holdings = risk.signals.find((signal) => signal.id === "authority_holdings")!;
  assert.deepEqual(holdings.evidence.holders, [{
    owner: s.authority.address,
    labels: ["mintAuthority"],
    share: 0.12,
  }]);
  const top10 = risk.signals.find((signal) => signal.id === "top10_concentration")!;
  assert.equal((top10.evidence.holders as unknown[]).length, 4, "burn and authority holders are left out");
});

Deno.test("assessRisk() treats non-transferable, paused and closeable mints as critical", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const b = await rpc.builder();
  const authority = await generateKeyPairSigner();
  const mint = await b.createMint({
    program: TOKEN_2022_PROGRAM_ADDRESS,
    decimals: 0,
    mintAuthority: authority,
    extensions: [
      extension("NonTransferable", {}),
      extension("MintCloseAuthority", { closeAuthority: authority.address }),
      extension("PausableConfig", { authority: some(authority.address), paused: false }),
    ],
  });
  await b.run([getPauseInstruction({ mint, authority })]);
  const risk = assessRisk(await inspectToken(rpc.client, mint));
  assert.deepEqual(weights(risk), {
    mint_authority_live: ["high", 20],
    non_transferable: ["critical", 50],
    paused: ["critical", 50],
    closeable_mint: ["medium", 10],
    metadata_missing: ["medium", 10],
  });
  assert.equal(risk.score, 100);
  assert.equal(risk.level, "critical");
});

Deno.test("assessRisk() counts unreadable holders and unknown extensions against the token", async () => {
  await using rpc = await startLocalChain({ seedHistory: false });
  const { mint } = await classicRevokedMint(await rpc.builder());
  await plantMetaplex(rpc, mint, true);
  const inspection = await inspectToken(rpc.client, mint);
  inspection.report.concentration = {
    available: false,
    reason: 'Solana RPC refused "getTokenLargestAccounts"',
  };
  inspection.report.extensions.push({
    name: "unknown",
    typeId: 999,
    status: "unknown",
    authorities: [],
    canChange: null,
    state: {},
    summary: "Not assessed: extension type 999 is not known to this service",
    dataBase64: "AQID",
  });
  const risk = assessRisk(inspection);
  assert.deepEqual(weights(risk), {
    unknown_extension: ["high", 15],
    mutable_metadata: ["low", 5],
    concentration_unavailable: ["medium", 10],
  });
  assert.equal(risk.score, 30);
  assert.equal(risk.level, "medium");
  assert.deepEqual(risk.confidence.score, 0.5); // 1 − 0.3 (holders) − 0.2 (extension)
  assert.equal(risk.confidence.level, "medium");
  assert.equal(risk.confidence.reasons.length, 2);
});

import assert from "node:assert/strict";
import { LiteSVM } from "litesvm";
import { findAssociatedTokenPda } from "@solana-program/token-2022";
import type { Address } from "@solana/kit";
import { concentration, INCINERATOR } from "../../../../lib/solana/token/concentration.ts";
import type { FetchedAccount } from "../../../../lib/solana/token/concentration.ts";
import { decodeMintAccount } from "../../../../lib/solana/token/mint_account.ts";
import { mintBuilder, TOKEN_PROGRAM_ADDRESS } from "../../../_support/mint_builder.ts";
import { concentratedMint } from "../../../_support/token_mints.ts";

function fetch(svm: LiteSVM, at: Address): FetchedAccount {
  const account = svm.getAccount(at);
  return account.exists ? { owner: account.programAddress, data: new Uint8Array(account.data) } : null;
}

Deno.test("concentration() adds up each owner's accounts and labels burn and authority holders", async () => {
  const svm = new LiteSVM();
  const b = await mintBuilder(svm);
  const s = await concentratedMint(b);
  const ata = async (owner: Address) =>
    (await findAssociatedTokenPda({ owner, mint: s.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
  // Largest first, as getTokenLargestAccounts orders them.
  const largest = [
    { address: await ata(s.whale), amount: "480000" },
    { address: await ata(s.pool), amount: "200000" },
    { address: await ata(INCINERATOR as Address), amount: "150000" },
    { address: await ata(s.authority.address), amount: "120000" },
    { address: s.smallAccounts[0], amount: "30000" },
    { address: s.smallAccounts[1], amount: "20000" },
  ];
  const mintAccount = fetch(svm, s.mint)!;
  const mint = decodeMintAccount(s.mint, mintAccount.owner, mintAccount.data);
  const result = concentration(largest, largest.map((entry) => fetch(svm, entry.address as Address)), {
    mint,
    permanentDelegate: null,
    metadataUpdateAuthority: null,
  });
  assert.ok(result.available);
  assert.equal(result.owners, 5);
  assert.equal(result.top1Share, 0.48);
  assert.equal(result.top10Share, 1);
  assert.equal(result.nonCirculatingAmount, "270000");
  assert.equal(result.nonCirculatingShare, 0.27);
  assert.equal(result.top1CirculatingShare, 0.6575); // 480,000 / 730,000
  assert.equal(result.top10CirculatingShare, 1);
  assert.deepEqual(
    result.holders.map((h) => [h.rank, h.owner, h.share, h.labels, h.ownerIsProgramAddress, h.frozen]),
    [
      [1, s.whale, 0.48, [], false, false],
      [2, s.pool, 0.2, [], true, false],
      [3, INCINERATOR, 0.15, ["burn"], true, false], // no key exists for the incinerator
      [4, s.authority.address, 0.12, ["mintAuthority"], false, false],
      [5, s.small, 0.03, [], false, false],
      [6, s.small, 0.02, [], false, false],
    ],
  );
  assert.equal(result.holders[0]!.uiAmount, "480000");
});

Deno.test("concentration() keeps a holder it cannot read, without an owner", async () => {
  const svm = new LiteSVM();
  const b = await mintBuilder(svm);
  const s = await concentratedMint(b);
  const mintAccount = fetch(svm, s.mint)!;
  const mint = decodeMintAccount(s.mint, mintAccount.owner, mintAccount.data);
  const largest = [{ address: s.smallAccounts[1], amount: "20000" }, { address: s.mint, amount: "10" }];
  const result = concentration(largest, [null, fetch(svm, s.mint)], {
    mint,
    permanentDelegate: null,
    metadataUpdateAuthority: null,
  });
  assert.ok(result.available);
  assert.deepEqual(result.holders.map((h) => [h.owner, h.frozen, h.ownerIsProgramAddress, h.labels]), [
    [null, null, null, []],
    [null, null, null, []], // a mint is not a token account
  ]);
  assert.equal(result.owners, 2, "unreadable accounts count as separate holders");
});

/**
 * The embedded chain's synchronous associated-token-account derivation
 * against kit's own (the program's rule, written by others), bump included;
 * and local mode's seller, drawn so that its token account is found at the
 * first bump.
 */
import assert from "node:assert/strict";
import { type Address, generateKeyPairSigner } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { associatedTokenAddress, associatedTokenBump } from "../../../../lib/local/solana/ata.ts";
import { LOCAL_USDC_MINT } from "../../../../lib/local/solana/usdc.ts";
import { startTestService } from "../../../_support/service.ts";

Deno.test("an associated token account and its bump are kit's, for keys drawn at random", async () => {
  const bumps = new Set<number>();
  for (let i = 0; i < 24; i++) {
    const owner = (await generateKeyPairSigner()).address;
    const [address, bump] = await findAssociatedTokenPda({
      mint: LOCAL_USDC_MINT,
      owner,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    assert.equal(associatedTokenAddress(owner, LOCAL_USDC_MINT, TOKEN_PROGRAM_ADDRESS), address);
    assert.equal(associatedTokenBump(owner, LOCAL_USDC_MINT, TOKEN_PROGRAM_ADDRESS), bump);
    bumps.add(bump);
  }
  assert.ok(bumps.size > 1, "24 random keys all took the same number of tries");
});

Deno.test("local mode's seller has its USDC account at the first bump", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const payTo = service.runtime.rails.solana.payTo as Address;
    const [, bump] = await findAssociatedTokenPda({
      mint: LOCAL_USDC_MINT,
      owner: payTo,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    assert.equal(bump, 255);
  } finally {
    await service.close();
  }
});

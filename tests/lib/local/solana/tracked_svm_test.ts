import assert from "node:assert/strict";
import { address, generateKeyPairSigner, getAddressDecoder, getAddressEncoder } from "@solana/kit";
import { FailedTransactionMetadata, LiteSVM } from "litesvm";
import { addressBytes, addressOf } from "../../../../lib/local/solana/address_bytes.ts";
import { TrackedLiteSvm } from "../../../../lib/local/solana/tracked_svm.ts";
import { createLocalSolana, LOCAL_USDC_MINT } from "../../../../lib/local/solana/local_solana.ts";
import { fundedWallet, signedTransaction, usdcTransfer } from "../../../_support/solana_transactions.ts";
import { plantUsdcMint } from "../../../../lib/local/solana/usdc.ts";

const TOKEN_PROGRAM = address("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");

Deno.test("addressBytes() and addressOf() convert as kit does, asked once or again", async () => {
  const fresh = (await generateKeyPairSigner()).address;
  for (const named of [fresh, address(LOCAL_USDC_MINT), TOKEN_PROGRAM, fresh]) {
    const bytes = addressBytes(named);
    assert.deepEqual(bytes, new Uint8Array(getAddressEncoder().encode(named)));
    assert.equal(addressOf(bytes), named);
    assert.equal(addressOf(new Uint8Array(bytes)), getAddressDecoder().decode(bytes));
  }
  assert.throws(() => addressBytes("not-an-address"));
});

Deno.test("TrackedLiteSvm reads accounts and balances as LiteSVM does", async () => {
  const tracked = new TrackedLiteSvm();
  const plain = new LiteSVM();
  const authority = (await generateKeyPairSigner()).address;
  const holder = (await generateKeyPairSigner()).address;
  const missing = (await generateKeyPairSigner()).address;
  for (const svm of [tracked, plain]) {
    plantUsdcMint(svm, authority);
    svm.airdrop(holder, 5_000_000n as never);
  }
  for (const named of [address(LOCAL_USDC_MINT), TOKEN_PROGRAM, holder, missing]) {
    assert.deepEqual(tracked.getAccount(named), plain.getAccount(named), named);
    assert.equal(tracked.getBalance(named), plain.getBalance(named), named);
  }
  assert.equal(tracked.getAccount(missing).exists, false);
  assert.equal(tracked.getBalance(holder), 5_000_000n);
  assert.throws(() => tracked.getAccount("not-an-address" as never));
});

Deno.test("TrackedLiteSvm gives a simulation's accounts as the simulation itself does", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const buyer = await fundedWallet(local, { lamports: 1_000_000_000n, usdc: 5_000_000n });
  const seller = await fundedWallet(local, { usdc: 0n });
  const transaction = await signedTransaction(local, buyer, [usdcTransfer(buyer, seller.address, 1_000n)]);
  const simulated = local.svm.simulateTransaction(transaction);
  assert.ok(!(simulated instanceof FailedTransactionMetadata), "the transfer simulates");
  const accounts = local.svm.postAccounts(simulated);
  assert.ok(accounts.length >= 3, "the fee payer and both token accounts");
  assert.deepEqual(accounts, simulated.postAccounts());
});

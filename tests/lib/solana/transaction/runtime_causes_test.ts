/**
 * Failures the runtime states in words (a program address its seeds do not
 * make, a signer or writable privilege a cross-program call escalated) are
 * mistakes in how the transaction was built: `invalid_transaction`,
 * `fix_transaction`, not retryable, with a reason that says what to change.
 * Proved on a recorded mainnet failure and on real failures of the
 * Associated Token program on the local chain.
 */
import assert from "node:assert/strict";
import { AccountRole, generateKeyPairSigner, type Instruction, type KeyPairSigner } from "@solana/kit";
import { getCreateAssociatedTokenInstructionAsync } from "@solana-program/token";
import { simulateTransaction } from "../../../../lib/solana/transaction/simulate.ts";
import { LOCAL_USDC_MINT } from "../../../../lib/local/solana/local_solana.ts";
import { fundedWallet, signedTransaction, wire } from "../../../_support/solana_transactions.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";
import { loadCorpus, replayCorpus } from "./_corpus.ts";

const RECORDED_BAD_SEEDS =
  "7ynjNWxA4yAQGXD5U9gheTn2DGDjoCZ4MB68wm15oJqEeA2MdSze6hMABJiEkC2atJCf4QsUCXBLrYpAdeMzsFG";

Deno.test("a recorded 'Could not create program address with signer seeds' failure is a transaction to fix", async () => {
  const cases = loadCorpus().filter((entry) => entry.id === RECORDED_BAD_SEEDS);
  assert.equal(cases.length, 1);
  const [scored] = await replayCorpus(cases);
  const result = scored!.result;
  assert.deepEqual(result.rawError, { InstructionError: [3, "ProgramFailedToComplete"] });
  assert.equal(result.failureClass, "invalid_transaction");
  assert.equal(result.retryable, false);
  assert.equal(result.nextAction.action, "fix_transaction");
  assert.equal(result.failure?.errorName, "InvalidSeeds");
  assert.match(result.nextAction.reason, /Provided seeds do not result in a valid address/);
  assert.match(result.nextAction.reason, /derive the address again/);
  assert.equal(result.nextAction.accountState, undefined, "a wrong seed says nothing of an account's state");
  assert.equal(scored!.roundTrips, 1);
});

/** The Associated Token program's Create instruction with its accounts as given. */
async function createAta(
  accounts: { payer: KeyPairSigner; payerRole: AccountRole; ata?: string; owner: string },
): Promise<Instruction> {
  const real = await getCreateAssociatedTokenInstructionAsync({
    payer: await generateKeyPairSigner(),
    owner: accounts.owner as never,
    mint: LOCAL_USDC_MINT,
  });
  const [, ata, ...rest] = real.accounts!;
  return {
    ...real,
    accounts: [
      accounts.payerRole === AccountRole.WRITABLE
        ? { address: accounts.payer.address, role: accounts.payerRole }
        : { address: accounts.payer.address, role: accounts.payerRole, signer: accounts.payer } as never,
      { ...ata!, address: (accounts.ata ?? ata!.address) as never },
      ...rest,
    ],
  };
}

Deno.test("simulate: an associated token address that its seeds do not derive is a transaction to fix", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const payer = await fundedWallet(cluster.local);
    const wrong = (await generateKeyPairSigner()).address;
    const instruction = await createAta({
      payer,
      payerRole: AccountRole.WRITABLE_SIGNER,
      ata: wrong,
      owner: payer.address,
    });
    const transaction = await signedTransaction(cluster.local, payer, [instruction]);
    const result = await simulateTransaction(cluster.client, {
      transaction: wire(transaction),
      encoding: "base64",
    });
    assert.deepEqual(result.rawError, { InstructionError: [0, "InvalidSeeds"] });
    assert.equal(result.failureClass, "invalid_transaction");
    assert.equal(result.retryable, false);
    assert.equal(result.nextAction.action, "fix_transaction");
    assert.match(result.nextAction.reason, /seeds .*derive/);
    assert.equal(result.repair?.available, false);
    assert.equal(result.repair?.code, "not_mechanical", "no created account fixes a wrong address");
    assert.match(result.repair!.reason, /seeds/);
  } finally {
    await cluster.close();
  }
});

for (const privilege of ["signer", "writable"] as const) {
  Deno.test(`simulate: a cross-program call that escalates an account's ${privilege} privilege names the account to fix`, async () => {
    const cluster = await startLocalChain({ seedHistory: false });
    try {
      const feePayer = await fundedWallet(cluster.local);
      const other = await fundedWallet(cluster.local);
      // The rent payer is passed without the privilege the program's system transfer needs.
      const payer = other;
      const instruction = await createAta({
        payer,
        payerRole: privilege === "signer" ? AccountRole.WRITABLE : AccountRole.READONLY_SIGNER,
        owner: other.address,
      });
      const transaction = await signedTransaction(cluster.local, feePayer, [instruction]);
      const result = await simulateTransaction(cluster.client, {
        transaction: wire(transaction),
        encoding: "base64",
      });
      assert.deepEqual(result.rawError, { InstructionError: [0, "PrivilegeEscalation"] });
      assert.equal(result.failureClass, "invalid_transaction");
      assert.equal(result.retryable, false);
      assert.equal(result.nextAction.action, "fix_transaction");
      assert.equal(result.failure?.account, payer.address);
      assert.equal(result.nextAction.account, payer.address);
      assert.match(result.nextAction.reason, new RegExp(`${payer.address}'s ${privilege} privilege`));
      assert.match(
        result.nextAction.reason,
        privilege === "signer" ? /as a signer/ : /writable in the message/,
      );
      assert.equal(result.repair?.code, "not_mechanical");
    } finally {
      await cluster.close();
    }
  });
}

import assert from "node:assert/strict";
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from "@solana-program/compute-budget";
import { getTransferSolInstruction } from "@solana-program/system";
import { getCreateAssociatedTokenIdempotentInstruction } from "@solana-program/token";
import {
  AccountRole,
  type Address,
  generateKeyPairSigner,
  getAddressDecoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from "@solana/kit";
import { createLocalSolana, LOCAL_USDC_MINT } from "../../../../lib/local/solana/local_solana.ts";
import { usdcAccountOf } from "../../../../lib/local/solana/usdc.ts";
import {
  fundedWallet,
  memo,
  signedTransaction,
  usdcTransfer,
  wire,
} from "../../../_support/solana_transactions.ts";
import { rpc } from "../../../_support/local_chain.ts";

Deno.test("simulateTransaction() returns logs, units, fee, balances, token balances and parsed inner instructions", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local);
  const owner = (await generateKeyPairSigner()).address;
  const ata = usdcAccountOf(owner);
  const transaction = await signedTransaction(local, payer, [
    getSetComputeUnitPriceInstruction({ microLamports: 10_000n }),
    getCreateAssociatedTokenIdempotentInstruction({ payer, ata, owner, mint: LOCAL_USDC_MINT }),
  ]);
  const reply = await rpc(local, "simulateTransaction", [wire(transaction), {
    encoding: "base64",
    innerInstructions: true,
    accounts: { addresses: [ata], encoding: "jsonParsed" },
  }]);
  const { value, context } = reply.result;
  assert.equal(context.slot, Number(local.chain.slot));
  assert.equal(value.err, null);
  assert.ok(value.unitsConsumed > 0);
  assert.equal(value.logs[0], "Program ComputeBudget111111111111111111111111111111 invoke [1]");
  assert.equal(value.replacementBlockhash, null);
  assert.equal(value.returnData, null);
  assert.ok(value.loadedAccountsDataSize > 0);
  // 5,000 per signature + ceil(10,000 µL × (3,000 + 200,000) CU / 1e6).
  assert.equal(value.fee, 5_000 + 2_030);
  assert.equal(value.preBalances[0] - value.postBalances[0], 5_000 + 2_030 + 2_039_280);
  assert.deepEqual(value.preTokenBalances, []);
  assert.deepEqual(
    value.postTokenBalances.map((balance: { mint: string; owner: string }) => [balance.mint, balance.owner]),
    [
      [LOCAL_USDC_MINT, owner],
    ],
  );
  assert.deepEqual(value.loadedAddresses, { readonly: [], writable: [] });
  assert.equal(value.accounts[0].data.parsed.info.owner, owner);
  const inner = value.innerInstructions;
  assert.equal(inner.length, 1);
  assert.equal(inner[0].index, 1);
  assert.ok(
    inner[0].instructions.every((instruction: { stackHeight: number }) => instruction.stackHeight === 2),
  );
  assert.ok(
    inner[0].instructions.some((instruction: { program?: string; parsed?: { type: string } }) =>
      instruction.program === "system" && instruction.parsed?.type === "createAccount"
    ),
  );
  assert.equal(local.svm.getAccount(ata).exists, false, "nothing was committed");
  assert.equal(local.chain.transactionCount, 0);
});

Deno.test("simulateTransaction() replaces the blockhash on request, refuses it with sigVerify and reports failures", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local);
  const stale = await signedTransaction(local, payer, [memo("stale")], {
    blockhash: "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zrqyGXh2C8cb1",
  });
  const notFound = await rpc(local, "simulateTransaction", [wire(stale), { encoding: "base64" }]);
  assert.equal(notFound.result.value.err, "BlockhashNotFound");
  assert.equal(notFound.result.value.fee, null);
  assert.deepEqual(notFound.result.value.logs, []);

  const replaced = await rpc(local, "simulateTransaction", [wire(stale), {
    encoding: "base64",
    replaceRecentBlockhash: true,
  }]);
  const latest = local.chain.latestBlockhash();
  assert.equal(replaced.result.value.err, null);
  assert.deepEqual(replaced.result.value.replacementBlockhash, {
    blockhash: latest.blockhash,
    lastValidBlockHeight: Number(latest.lastValidBlockHeight),
  });
  assert.deepEqual(
    (await rpc(local, "simulateTransaction", [wire(stale), {
      encoding: "base64",
      replaceRecentBlockhash: true,
      sigVerify: true,
    }])).error,
    { code: -32602, message: "sigVerify may not be used with replaceRecentBlockhash" },
  );

  const unsigned = { ...stale, signatures: { [payer.address]: null } };
  const partial = await signedTransaction(local, payer, [memo("partial")]);
  const partiallySigned = { ...partial, signatures: { [payer.address]: null } };
  assert.equal(
    (await rpc(local, "simulateTransaction", [wire(partiallySigned as never), { encoding: "base64" }])).result
      .value.err,
    null,
    "without sigVerify an unsigned slot is fine",
  );
  assert.deepEqual(
    (await rpc(local, "simulateTransaction", [wire(unsigned as never), {
      encoding: "base64",
      sigVerify: true,
    }])).error,
    { code: -32003, message: "Transaction signature verification failure" },
  );

  const seller = await fundedWallet(local, { usdc: 0n });
  const broke = await signedTransaction(local, payer, [usdcTransfer(payer, seller.address, 1n)]);
  const failed = await rpc(local, "simulateTransaction", [wire(broke), {
    encoding: "base64",
    accounts: { addresses: [seller.address] },
  }]);
  assert.deepEqual(failed.result.value.err, { InstructionError: [0, "InvalidAccountData"] });
  assert.deepEqual(failed.result.value.accounts, [null]);
  assert.equal(
    failed.result.value.preBalances[0] - failed.result.value.postBalances[0],
    failed.result.value.fee,
  );
});

Deno.test("getTransaction() answers json and base64, jsonParsed, null for unknown signatures and -32015 for v0 without maxSupportedTransactionVersion", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local);
  const recipient = (await generateKeyPairSigner()).address;
  const legacy = await signedTransaction(local, payer, [
    getTransferSolInstruction({ source: payer, destination: recipient, amount: 5_000_000n }),
  ], { version: "legacy" });
  const versioned = await signedTransaction(local, payer, [
    getSetComputeUnitLimitInstruction({ units: 50_000 }),
    memo("v0"),
  ]);
  const legacySignature = local.execute(legacy).signature;
  const v0Signature = local.execute(versioned).signature;

  const legacyJson = (await rpc(local, "getTransaction", [legacySignature])).result;
  assert.equal("version" in legacyJson, false, "no version without maxSupportedTransactionVersion");
  assert.deepEqual(legacyJson.transaction.message.header, {
    numReadonlySignedAccounts: 0,
    numReadonlyUnsignedAccounts: 1,
    numRequiredSignatures: 1,
  });
  assert.equal("addressTableLookups" in legacyJson.transaction.message, false);
  assert.deepEqual(legacyJson.transaction.message.accountKeys, [
    payer.address,
    recipient,
    "11111111111111111111111111111111",
  ]);
  assert.deepEqual(legacyJson.transaction.message.instructions[0].accounts, [0, 1]);
  assert.equal(legacyJson.transaction.signatures[0], legacySignature);
  assert.equal(legacyJson.meta.postBalances[1], 5_000_000);
  assert.equal(
    (await rpc(local, "getTransaction", [legacySignature, "base64"])).result.transaction[1],
    "base64",
  );

  const withVersion = await rpc(local, "getTransaction", [legacySignature, {
    maxSupportedTransactionVersion: 0,
  }]);
  assert.equal(withVersion.result.version, "legacy");
  assert.deepEqual((await rpc(local, "getTransaction", [v0Signature])).error, {
    code: -32015,
    message:
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
  });

  const v0Base64 = await rpc(local, "getTransaction", [v0Signature, {
    encoding: "base64",
    maxSupportedTransactionVersion: 0,
  }]);
  const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(v0Base64.result.transaction[0]));
  assert.deepEqual(new Uint8Array(decoded.messageBytes), new Uint8Array(versioned.messageBytes));
  assert.equal(v0Base64.result.version, 0);

  const parsed = await rpc(local, "getTransaction", [legacySignature, { encoding: "jsonParsed" }]);
  assert.deepEqual(parsed.result.transaction.message.accountKeys[0], {
    pubkey: payer.address,
    signer: true,
    source: "transaction",
    writable: true,
  });
  assert.deepEqual(parsed.result.transaction.message.instructions[0], {
    parsed: {
      info: { destination: recipient, lamports: 5_000_000, source: payer.address },
      type: "transfer",
    },
    program: "system",
    programId: "11111111111111111111111111111111",
    stackHeight: 1,
  });
  assert.equal("loadedAddresses" in parsed.result.meta, false);

  const unknown = "1".repeat(64);
  assert.equal((await rpc(local, "getTransaction", [unknown])).result, null);
  assert.deepEqual((await rpc(local, "getTransaction", ["abc"])).error, {
    code: -32602,
    message: "Invalid param: WrongSize",
  });
});

Deno.test("getSignatureStatuses() reads the recent status cache, and older history only with searchTransactionHistory", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local, { lamports: 10_000_000_000n });
  const first = local.execute(await signedTransaction(local, payer, [memo("first")]));
  const landedAt = Number(local.chain.slot);
  const recent = await rpc(local, "getSignatureStatuses", [[first.signature, "1".repeat(64)]]);
  assert.deepEqual(recent.result.value, [
    { confirmationStatus: "finalized", confirmations: null, err: null, slot: landedAt, status: { Ok: null } },
    null,
  ]);
  for (let i = 0; i < 301; i++) local.execute(await signedTransaction(local, payer, [memo(`${i}`)]));
  assert.deepEqual((await rpc(local, "getSignatureStatuses", [[first.signature]])).result.value, [null]);
  const history = await rpc(local, "getSignatureStatuses", [[first.signature], {
    searchTransactionHistory: true,
  }]);
  assert.equal(history.result.value[0].slot, landedAt);
  assert.deepEqual(
    (await rpc(local, "getSignatureStatuses", [Array.from({ length: 257 }, () => first.signature)])).error,
    { code: -32602, message: "Too many inputs provided; max 256" },
  );
});

Deno.test("balances of read-only accounts and the loaded data size (program data included) hold before and after execution", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const payer = await fundedWallet(local, { lamports: 1_000_000_000n, usdc: 50_000n });
  const bystander = await fundedWallet(local, { usdc: 7_000n });
  const seller = await fundedWallet(local, { lamports: 1_000_000_000n, usdc: 0n });
  const lookOnly = { address: usdcAccountOf(bystander.address), role: AccountRole.READONLY };
  const solTransfer = getTransferSolInstruction({
    source: payer,
    destination: seller.address,
    amount: 1_000n,
  });
  const transaction = await signedTransaction(local, payer, [
    { ...solTransfer, accounts: [...solTransfer.accounts!, lookOnly] },
    usdcTransfer(payer, seller.address, 4_000n),
  ]);
  const keys = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes).staticAccounts;
  // What the runtime loads: every account's data plus 64 bytes, and an upgradeable program's data with it.
  const expectedSize = keys.reduce((total, key) => {
    const account = local.svm.getAccount(key);
    if (!account.exists) return total;
    let size = account.data.length + 64;
    if (account.programAddress === "BPFLoaderUpgradeab1e11111111111111111111111" && account.executable) {
      const programData = local.svm.getAccount(getAddressDecoder().decode(account.data.subarray(4, 36)));
      if (programData.exists) size += programData.data.length + 64;
    }
    return total + size;
  }, 0);
  assert.ok(expectedSize > 100_000, "the token program's data is loaded with it");
  const bystanderIndex = keys.indexOf(lookOnly.address);
  const bystanderBalance = (balances: { accountIndex: number; uiTokenAmount: { amount: string } }[]) =>
    balances.find((balance) => balance.accountIndex === bystanderIndex)?.uiTokenAmount.amount;

  for (const attempt of ["first", "again, at the same state"]) {
    const { value } =
      (await rpc(local, "simulateTransaction", [wire(transaction), { encoding: "base64" }])).result;
    assert.equal(value.err, null, attempt);
    assert.equal(value.loadedAccountsDataSize, expectedSize, attempt);
    assert.equal(bystanderBalance(value.preTokenBalances), "7000");
    assert.equal(bystanderBalance(value.postTokenBalances), "7000");
    assert.equal(value.preBalances[bystanderIndex], value.postBalances[bystanderIndex]);
  }
  // A program data account grown by a direct write (an upgrade's spare room) is read again.
  const token = local.svm.getAccount("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA" as Address);
  assert.ok(token.exists);
  const programData = local.svm.getAccount(getAddressDecoder().decode(token.data.subarray(4, 36)));
  assert.ok(programData.exists);
  const grown = new Uint8Array(programData.data.length + 1_000);
  grown.set(programData.data);
  local.svm.setAccount({ ...programData, data: grown, space: BigInt(grown.length) });
  const { value } =
    (await rpc(local, "simulateTransaction", [wire(transaction), { encoding: "base64" }])).result;
  assert.equal(value.err, null);
  assert.equal(value.loadedAccountsDataSize, expectedSize + 1_000);

  const signature = (await rpc(local, "sendTransaction", [wire(transaction), { encoding: "base64" }])).result;
  const { meta } =
    (await rpc(local, "getTransaction", [signature, { maxSupportedTransactionVersion: 0 }])).result;
  assert.equal(meta.err, null);
  assert.equal(bystanderBalance(meta.preTokenBalances), "7000");
  assert.equal(bystanderBalance(meta.postTokenBalances), "7000");
  assert.equal(meta.preBalances[bystanderIndex], meta.postBalances[bystanderIndex]);
  assert.equal(
    meta.postBalances[keys.indexOf(seller.address)] - meta.preBalances[keys.indexOf(seller.address)],
    1_000,
  );
  const sellerToken = meta.postTokenBalances.find((balance: { owner: string }) =>
    balance.owner === seller.address
  );
  assert.equal(sellerToken.uiTokenAmount.amount, "4000");
});

import assert from "node:assert/strict";
import { generateKeyPairSigner, getBase58Decoder, getBase64Encoder } from "@solana/kit";
import { createLocalSolana, LOCAL_USDC_MINT } from "../../../../lib/local/solana/local_solana.ts";
import { TOKEN_PROGRAM } from "../../../../lib/local/solana/token_accounts.ts";
import { usdcAccountOf } from "../../../../lib/local/solana/usdc.ts";
import { fundedWallet } from "../../../_support/solana_transactions.ts";
import { rpc } from "../../../_support/local_chain.ts";

const RENT_EXEMPT_EPOCH = 18446744073709551615;

Deno.test("getAccountInfo() renders base64, base58, legacy binary, data slices and a missing account as a validator does", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const holder = await fundedWallet(local, { lamports: 5_000_000n, usdc: 2_500_000n });
  const tokenAccount = usdcAccountOf(holder.address);
  const raw = local.svm.getAccount(tokenAccount);
  assert.ok(raw.exists);

  const base64 = await rpc(local, "getAccountInfo", [tokenAccount, { encoding: "base64" }]);
  assert.deepEqual(base64.result.context, { apiVersion: "3.1.8", slot: Number(local.chain.slot) });
  const value = base64.result.value;
  assert.deepEqual(Object.keys(value).sort(), [
    "data",
    "executable",
    "lamports",
    "owner",
    "rentEpoch",
    "space",
  ]);
  assert.equal(value.owner, TOKEN_PROGRAM);
  assert.equal(value.lamports, 2_039_280);
  assert.equal(value.space, 165);
  assert.equal(value.executable, false);
  assert.equal(value.rentEpoch, RENT_EXEMPT_EPOCH);
  assert.equal(value.data[1], "base64");
  assert.deepEqual(new Uint8Array(getBase64Encoder().encode(value.data[0])), new Uint8Array(raw.data));

  const sliced = await rpc(local, "getAccountInfo", [tokenAccount, {
    encoding: "base58",
    dataSlice: { offset: 32, length: 32 },
  }]);
  assert.deepEqual(sliced.result.value.data, [holder.address, "base58"]);

  const legacy = await rpc(local, "getAccountInfo", [holder.address]);
  assert.equal(legacy.result.value.data, "", "no encoding means legacy base58 text");
  assert.equal(legacy.result.value.lamports, 5_000_000);

  const tooLong = await rpc(local, "getAccountInfo", [tokenAccount, { encoding: "base58" }]);
  assert.equal(tooLong.error?.code, -32602);
  assert.match(tooLong.error?.message ?? "", /less than 128 bytes, please use Base64 encoding/);

  const missing = await rpc(local, "getAccountInfo", [(await generateKeyPairSigner()).address, {
    encoding: "base64",
  }]);
  assert.equal(missing.result.value, null);
  assert.equal(getBase58Decoder().decode(new Uint8Array(raw.data.subarray(0, 32))), LOCAL_USDC_MINT);
});

Deno.test("getAccountInfo() with jsonParsed parses token accounts and mints and falls back to base64", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const holder = await fundedWallet(local, { lamports: 5_000_000n, usdc: 2_500_000n });
  const account = await rpc(local, "getAccountInfo", [usdcAccountOf(holder.address), {
    encoding: "jsonParsed",
  }]);
  assert.deepEqual(account.result.value.data, {
    parsed: {
      info: {
        isNative: false,
        mint: LOCAL_USDC_MINT,
        owner: holder.address,
        state: "initialized",
        tokenAmount: { amount: "2500000", decimals: 6, uiAmount: 2.5, uiAmountString: "2.5" },
      },
      type: "account",
    },
    program: "spl-token",
    space: 165,
  });
  const mint = await rpc(local, "getAccountInfo", [LOCAL_USDC_MINT, { encoding: "jsonParsed" }]);
  assert.equal(mint.result.value.data.parsed.type, "mint");
  assert.deepEqual(
    { ...mint.result.value.data.parsed.info, mintAuthority: "" },
    { decimals: 6, freezeAuthority: null, isInitialized: true, mintAuthority: "", supply: "2500000" },
  );
  const wallet = await rpc(local, "getAccountInfo", [holder.address, { encoding: "jsonParsed" }]);
  assert.deepEqual(wallet.result.value.data, ["", "base64"]);
});

Deno.test("getMultipleAccounts(), getBalance() and the token methods answer with the validator's shapes", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const big = await fundedWallet(local, { lamports: 1_000n, usdc: 9_000_000n });
  const small = await fundedWallet(local, { usdc: 1_500_000n });
  const empty = await fundedWallet(local, { usdc: 0n });
  const nobody = (await generateKeyPairSigner()).address;

  const many = await rpc(local, "getMultipleAccounts", [[big.address, nobody], { encoding: "base64" }]);
  assert.equal(many.result.value.length, 2);
  assert.equal(many.result.value[0].lamports, 1_000);
  assert.equal(many.result.value[1], null);
  assert.deepEqual((await rpc(local, "getBalance", [nobody])).result.value, 0);
  assert.deepEqual((await rpc(local, "getBalance", [big.address])).result.value, 1_000);

  assert.deepEqual((await rpc(local, "getTokenSupply", [LOCAL_USDC_MINT])).result.value, {
    amount: "10500000",
    decimals: 6,
    uiAmount: 10.5,
    uiAmountString: "10.5",
  });
  assert.deepEqual(
    (await rpc(local, "getTokenAccountBalance", [usdcAccountOf(empty.address)])).result.value,
    {
      amount: "0",
      decimals: 6,
      uiAmount: null,
      uiAmountString: "0",
    },
  );
  assert.deepEqual((await rpc(local, "getTokenLargestAccounts", [LOCAL_USDC_MINT])).result.value, [
    { address: usdcAccountOf(big.address), amount: "9000000", decimals: 6, uiAmount: 9, uiAmountString: "9" },
    {
      address: usdcAccountOf(small.address),
      amount: "1500000",
      decimals: 6,
      uiAmount: 1.5,
      uiAmountString: "1.5",
    },
    { address: usdcAccountOf(empty.address), amount: "0", decimals: 6, uiAmount: null, uiAmountString: "0" },
  ]);
  assert.deepEqual((await rpc(local, "getTokenSupply", [big.address])).error, {
    code: -32602,
    message: "Invalid param: not a Token mint",
  });
  assert.deepEqual((await rpc(local, "getTokenAccountBalance", [big.address])).error, {
    code: -32602,
    message: "Invalid param: not a Token account",
  });
  assert.equal((await rpc(local, "getMinimumBalanceForRentExemption", [165])).result, 2_039_280);
  assert.equal((await rpc(local, "getMinimumBalanceForRentExemption", [0])).result, 890_880);
  const tooMany = Array.from({ length: 101 }, () => nobody);
  assert.deepEqual((await rpc(local, "getMultipleAccounts", [tooMany])).error, {
    code: -32602,
    message: "Too many inputs provided; max 100",
  });
});

Deno.test("fund() creates the associated token account once, keeps the supply in step and refuses negative amounts", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const owner = (await generateKeyPairSigner()).address;
  assert.equal(local.usdcBalance(owner), 0n);
  await local.fund(owner, { usdc: 1_000n });
  await local.fund(owner, { usdc: 234n, lamports: 10n });
  assert.equal(local.usdcBalance(owner), 1_234n);
  assert.equal(local.svm.getBalance(owner), 10n);
  assert.equal((await rpc(local, "getTokenSupply", [LOCAL_USDC_MINT])).result.value.amount, "1234");
  await assert.rejects(local.fund(owner, { usdc: -1n }), RangeError);
});

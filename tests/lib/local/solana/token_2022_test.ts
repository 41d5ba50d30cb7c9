import assert from "node:assert/strict";
import { getMintEncoder, getTokenEncoder } from "@solana-program/token";
import { getTransferCheckedInstruction } from "@solana-program/token-2022";
import { type Address, generateKeyPairSigner, type Lamports } from "@solana/kit";
import { associatedTokenAddress } from "../../../../lib/local/solana/ata.ts";
import { createLocalSolana, type LocalSolana } from "../../../../lib/local/solana/local_solana.ts";
import { TOKEN_2022_PROGRAM } from "../../../../lib/local/solana/token_accounts.ts";
import { fundedWallet, signedTransaction } from "../../../_support/solana_transactions.ts";
import { rpc } from "../../../_support/local_chain.ts";

/** Plants a Token-2022 mint (no extensions) with 2 decimals. */
function plantMint(local: LocalSolana, mint: Address, authority: Address, supply: bigint): void {
  const data = new Uint8Array(
    getMintEncoder().encode({
      mintAuthority: authority,
      supply,
      decimals: 2,
      isInitialized: true,
      freezeAuthority: null,
    }),
  );
  local.svm.setAccount({
    address: mint,
    data,
    executable: false,
    lamports: local.svm.minimumBalanceForRentExemption(BigInt(data.length)) as Lamports,
    programAddress: TOKEN_2022_PROGRAM,
    space: BigInt(data.length),
  });
}

/** Plants a Token-2022 account with the ImmutableOwner extension (account type byte + empty TLV entry). */
function plantAccount(
  local: LocalSolana,
  address: Address,
  mint: Address,
  owner: Address,
  amount: bigint,
): void {
  const base = new Uint8Array(
    getTokenEncoder().encode({
      mint,
      owner,
      amount,
      delegate: null,
      state: 1,
      isNative: null,
      delegatedAmount: 0n,
      closeAuthority: null,
    }),
  );
  const data = new Uint8Array(base.length + 1 + 4);
  data.set(base);
  data[165] = 2;
  new DataView(data.buffer).setUint16(166, 7, true);
  local.svm.setAccount({
    address,
    data,
    executable: false,
    lamports: local.svm.minimumBalanceForRentExemption(BigInt(data.length)) as Lamports,
    programAddress: TOKEN_2022_PROGRAM,
    space: BigInt(data.length),
  });
}

Deno.test("token balances of a Token-2022 transfer carry the Token-2022 program id and parse extended accounts", async () => {
  const local = await createLocalSolana({ seedHistory: false });
  const sender = await fundedWallet(local);
  const receiver = (await generateKeyPairSigner()).address;
  const mint = (await generateKeyPairSigner()).address;
  const source = associatedTokenAddress(sender.address, mint, TOKEN_2022_PROGRAM);
  const destination = associatedTokenAddress(receiver, mint, TOKEN_2022_PROGRAM);
  plantMint(local, mint, sender.address, 10_000n);
  plantAccount(local, source, mint, sender.address, 10_000n);
  plantAccount(local, destination, mint, receiver, 0n);

  const transaction = await signedTransaction(local, sender, [
    getTransferCheckedInstruction({
      source,
      mint,
      destination,
      authority: sender,
      amount: 2_550n,
      decimals: 2,
    }),
  ]);
  const { signature, err } = local.execute(transaction);
  assert.equal(err, null);
  const { result } = await rpc(local, "getTransaction", [signature, { maxSupportedTransactionVersion: 0 }]);
  const keys: string[] = result.transaction.message.accountKeys;
  assert.deepEqual(
    result.meta.postTokenBalances,
    [
      {
        accountIndex: keys.indexOf(source),
        mint,
        owner: sender.address,
        programId: TOKEN_2022_PROGRAM,
        uiTokenAmount: { amount: "7450", decimals: 2, uiAmount: 74.5, uiAmountString: "74.5" },
      },
      {
        accountIndex: keys.indexOf(destination),
        mint,
        owner: receiver,
        programId: TOKEN_2022_PROGRAM,
        uiTokenAmount: { amount: "2550", decimals: 2, uiAmount: 25.5, uiAmountString: "25.5" },
      },
    ].sort((a, b) => a.accountIndex - b.accountIndex),
  );

  const largest = await rpc(local, "getTokenLargestAccounts", [mint]);
  assert.deepEqual(largest.result.value.map((entry: { address: string }) => entry.address), [
    source,
    destination,
  ]);
  const parsedMint = await rpc(local, "getAccountInfo", [mint, { encoding: "jsonParsed" }]);
  assert.equal(parsedMint.result.value.data.program, "spl-token-2022");
  const extended = await rpc(local, "getAccountInfo", [destination, { encoding: "jsonParsed" }]);
  assert.equal(extended.result.value.data[1], "base64", "accounts with extensions are sent as base64");
});

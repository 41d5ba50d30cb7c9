/**
 * A program we have no table for, on the local chain: the SPL Token program's
 * own bytes deployed at a fresh address, so it fails exactly as SPL Token does
 * (custom code 1, logging `Error: insufficient funds`) under a name we do not
 * know. Explain must read the cause from the log line, ask for the program's
 * IDL once, and use the IDL once one is published.
 */
import assert from "node:assert/strict";
import {
  type Address,
  generateKeyPairSigner,
  getAddressDecoder,
  getAddressEncoder,
  lamports,
} from "@solana/kit";
import { explainTransaction } from "../../../../lib/solana/transaction/explain.ts";
import { anchorIdlAddress } from "../../../../lib/solana/transaction/idl.ts";
import { createSolanaClient } from "../../../../lib/solana/rpc.ts";
import { fundedWallet, signedTransaction } from "../../../_support/solana_transactions.ts";
import { type LocalChain, startLocalChain } from "../../../_support/local_chain.ts";

const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA" as Address;
const TOKEN_ACCOUNT_BYTES = 165;
const UPGRADEABLE_LOADER = "BPFLoaderUpgradeab1e11111111111111111111111";

/** An initialized SPL token account (the program's own layout) holding `amount`. */
function tokenAccountData(mint: Address, owner: Address, amount: bigint): Uint8Array {
  const data = new Uint8Array(TOKEN_ACCOUNT_BYTES);
  const encoder = getAddressEncoder();
  data.set(encoder.encode(mint), 0);
  data.set(encoder.encode(owner), 32);
  new DataView(data.buffer).setBigUint64(64, amount, true);
  data[108] = 1; // initialized
  return data;
}

/** A mint account (82 bytes) with 6 decimals, initialized. */
function mintData(): Uint8Array {
  const data = new Uint8Array(82);
  data[44] = 6;
  data[45] = 1;
  return data;
}

function place(cluster: LocalChain, address: Address, data: Uint8Array, owner: Address) {
  cluster.local.svm.setAccount({
    address,
    data,
    executable: false,
    lamports: lamports(cluster.local.svm.minimumBalanceForRentExemption(BigInt(data.length))),
    programAddress: owner,
    space: BigInt(data.length),
  });
}

/** A deployed program's ELF: the account itself (loader v2) or its program-data account after the header (loader v3). */
function programBytes(cluster: LocalChain, program: Address): Uint8Array {
  const account = cluster.local.svm.getAccount(program);
  assert.ok(account.exists);
  if (account.programAddress !== UPGRADEABLE_LOADER) return new Uint8Array(account.data);
  const programData = getAddressDecoder().decode(account.data.subarray(4, 36));
  const data = cluster.local.svm.getAccount(programData);
  assert.ok(data.exists);
  return new Uint8Array(data.data.subarray(45));
}

/** Deploys SPL Token's bytes at a new address and sends a transfer of more than the source holds. */
async function failingTransfer(cluster: LocalChain, program: Address) {
  const payer = await fundedWallet(cluster.local, { lamports: 1_000_000_000n });
  const [mint, source, destination] = await Promise.all([1, 2, 3].map(() => generateKeyPairSigner()));
  place(cluster, mint!.address, mintData(), program);
  place(cluster, source!.address, tokenAccountData(mint!.address, payer.address, 10n), program);
  place(cluster, destination!.address, tokenAccountData(mint!.address, payer.address, 0n), program);
  const data = new Uint8Array(9);
  data[0] = 3; // Transfer
  new DataView(data.buffer).setBigUint64(1, 100n, true);
  const transfer = {
    programAddress: program,
    accounts: [
      { address: source!.address, role: 1 },
      { address: destination!.address, role: 1 },
      { address: payer.address, role: 2 },
    ],
    data,
  };
  return await cluster.send(await signedTransaction(cluster.local, payer, [transfer]));
}

Deno.test("explain reads an unknown program's failure from its log line, then from its published IDL", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    const program = (await generateKeyPairSigner()).address;
    cluster.local.svm.addProgram(program, programBytes(cluster, TOKEN_PROGRAM));

    const signature = await failingTransfer(cluster, program);
    const before = cluster.client.stats.roundTrips;
    const first = await explainTransaction(cluster.client, { signature });
    assert.equal(first.failure?.program, program);
    assert.equal(first.failure?.programName, null);
    assert.equal(first.failure?.code, 1);
    assert.equal(first.failure?.errorName, "Custom");
    assert.equal(first.failureClass, "insufficient_funds");
    assert.equal(first.nextAction.action, "add_funds");
    assert.equal(first.failure?.source, "log");
    assert.equal(first.failure?.confidence, "medium");
    assert.equal(first.failure?.evidence, "Program log: Error: insufficient funds");
    // One batch for the transaction, one to look for the program's IDL (none yet).
    assert.equal(cluster.client.stats.roundTrips - before, 2);

    // Another failure of the same program: the "no IDL" answer is cached.
    const again = await failingTransfer(cluster, program);
    const beforeAgain = cluster.client.stats.roundTrips;
    await explainTransaction(cluster.client, { signature: again });
    assert.equal(cluster.client.stats.roundTrips - beforeAgain, 1);

    // The program's authority publishes an IDL naming code 1; a new client (no cache) reads it.
    const idl = { errors: [{ code: 1, name: "InsufficientFunds", msg: "Insufficient funds" }] };
    const compressed = new Uint8Array(
      await new Response(
        new Blob([new TextEncoder().encode(JSON.stringify(idl))]).stream().pipeThrough(
          new CompressionStream("deflate"),
        ),
      ).arrayBuffer(),
    );
    const account = new Uint8Array(44 + compressed.length);
    account.set([24, 70, 98, 191, 58, 144, 123, 158]);
    new DataView(account.buffer).setUint32(40, compressed.length, true);
    account.set(compressed, 44);
    place(cluster, await anchorIdlAddress(program), account, program);
    const fresh = createSolanaClient(cluster.client.url);
    const named = await explainTransaction(fresh, { signature });
    assert.equal(named.failure?.errorName, "InsufficientFunds");
    assert.equal(named.failure?.source, "idl");
    assert.equal(named.failureClass, "insufficient_funds");
    assert.equal(named.failure?.confidence, "medium");
  } finally {
    await cluster.close();
  }
});

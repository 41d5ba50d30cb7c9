/**
 * A local Solana cluster for the diagnosis tests: LiteSVM behind the
 * validator-compatible JSON-RPC, served on loopback, with an RPC client
 * pointed at it, and helpers that send real transactions through
 * `sendTransaction` and build Token-2022 mints.
 *
 * @module
 */
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageConfig,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import type { Address, Blockhash, Instruction, KeyPairSigner, Transaction } from "@solana/kit";
import { getCreateAccountInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getInitializeMint2Instruction,
  getInitializeNonTransferableMintInstruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_2022_PROGRAM_ADDRESS,
} from "@solana-program/token-2022";
import { createLocalSolana, type LocalSolana } from "../../../../lib/local/solana/local_solana.ts";
import { createSolanaClient, type SolanaClient } from "../../../../lib/solana/rpc.ts";
import { serveLoopback, signedTransaction, wire } from "../../local/solana/_fixtures.ts";

export { fundedWallet, memo, signedTransaction, usdcTransfer, wire } from "../../local/solana/_fixtures.ts";

/** A running local cluster with a client on it. */
export interface LocalCluster {
  local: LocalSolana;
  client: SolanaClient;
  /** Sends through `sendTransaction` (preflight skipped, so failures land) and returns the signature. */
  send(transaction: Transaction): Promise<string>;
  close(): Promise<void>;
}

/** Starts a cluster (without the seeded fee history unless asked; final at once unless a lag is given). */
export async function startCluster(
  options: { seedHistory?: boolean; finalityLagSlots?: number } = {},
): Promise<LocalCluster> {
  const local = await createLocalSolana({
    seedHistory: options.seedHistory ?? false,
    finalityLagSlots: options.finalityLagSlots,
  });
  const server = serveLoopback(local);
  const client = createSolanaClient(server.url);
  return {
    local,
    client,
    async send(transaction) {
      const [outcome] = await client.batch([{
        method: "sendTransaction",
        params: [wire(transaction), { encoding: "base64", skipPreflight: true }],
      }]);
      if (!outcome?.ok) throw new Error(`sendTransaction failed: ${JSON.stringify(outcome)}`);
      const signature = getSignatureFromTransaction(transaction);
      if (outcome.result !== signature) throw new Error(`sendTransaction returned ${outcome.result}`);
      return signature;
    },
    close: () => server.close(),
  };
}

/** A Token-2022 mint with the NonTransferable extension and two holders' associated accounts. */
export interface NonTransferableMint {
  mint: Address;
  holder: Address;
  recipient: Address;
}

/**
 * Creates a non-transferable Token-2022 mint (2 decimals), an associated
 * account for `payer` holding `amount` and an empty one for `recipient`, in
 * one landed transaction.
 */
export async function createNonTransferableMint(
  cluster: LocalCluster,
  payer: KeyPairSigner,
  recipient: Address,
  amount: bigint,
): Promise<NonTransferableMint> {
  const mint = await generateKeyPairSigner();
  const space = getMintSize([{ __kind: "NonTransferable" }]);
  const lamports = cluster.local.svm.minimumBalanceForRentExemption(BigInt(space));
  const tokenProgram = TOKEN_2022_PROGRAM_ADDRESS;
  const [holder] = await findAssociatedTokenPda({ owner: payer.address, mint: mint.address, tokenProgram });
  const [recipientAccount] = await findAssociatedTokenPda({
    owner: recipient,
    mint: mint.address,
    tokenProgram,
  });
  const instructions: Instruction[] = [
    getCreateAccountInstruction({ payer, newAccount: mint, lamports, space, programAddress: tokenProgram }),
    getInitializeNonTransferableMintInstruction({ mint: mint.address }),
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals: 2,
      mintAuthority: payer.address,
      freezeAuthority: null,
    }),
    await getCreateAssociatedTokenIdempotentInstructionAsync({
      payer,
      owner: payer.address,
      mint: mint.address,
      tokenProgram,
    }),
    await getCreateAssociatedTokenIdempotentInstructionAsync({
      payer,
      owner: recipient,
      mint: mint.address,
      tokenProgram,
    }),
    getMintToInstruction({ mint: mint.address, token: holder, mintAuthority: payer, amount }),
  ];
  const signature = await cluster.send(await signedTransaction(cluster.local, payer, instructions));
  const landed = cluster.local.chain.transaction(signature);
  if (!landed || landed.meta.err !== null) {
    throw new Error(`Mint set-up failed: ${JSON.stringify(landed?.meta.err)}`);
  }
  return { mint: mint.address, holder, recipient: recipientAccount };
}

/**
 * Signs a v1 transaction (resource settings in the message, no Compute Budget
 * instructions) against the chain's latest blockhash.
 */
export async function signedV1Transaction(
  local: LocalSolana,
  payer: KeyPairSigner,
  instructions: Instruction[],
  config: { computeUnitLimit: number; priorityFeeLamports: bigint; loadedAccountsDataSizeLimit: number },
): Promise<Transaction> {
  const { blockhash, lastValidBlockHeight } = local.chain.latestBlockhash();
  return await pipe(
    createTransactionMessage({ version: 1 }),
    (message) => setTransactionMessageFeePayerSigner(payer, message),
    (message) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight },
        message,
      ),
    (message) => appendTransactionMessageInstructions(instructions, message),
    (message) => setTransactionMessageConfig(config, message),
    (message) => signTransactionMessageWithSigners(message),
  );
}

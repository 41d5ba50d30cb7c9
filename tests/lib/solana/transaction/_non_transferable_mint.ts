/**
 * A Token-2022 mint for the transaction tests whose transfers fail on chain:
 * NonTransferable, with a holder and a recipient, set up in one transaction
 * sent through the local chain's `sendTransaction`.
 *
 * @module
 */
import { generateKeyPairSigner } from "@solana/kit";
import type { Address, Instruction, KeyPairSigner } from "@solana/kit";
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
import type { LocalChain } from "../../../_support/local_chain.ts";
import { signedTransaction } from "../../../_support/solana_transactions.ts";

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
  cluster: LocalChain,
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

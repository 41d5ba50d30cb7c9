/**
 * Real mints and token accounts, made by executing Token and Token-2022
 * instructions in LiteSVM (directly, or through the local chain so that its
 * ledger records them).
 *
 * @module
 */
import { FailedTransactionMetadata } from "litesvm";
import type { LiteSVM } from "litesvm";
import { getCreateAccountInstruction } from "@solana-program/system";
import {
  AuthorityType,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getInitializeAccount3Instruction,
  getInitializeMintInstruction,
  getMintSize,
  getMintToInstruction,
  getPostInitializeInstructionsForMintExtensions,
  getPreInitializeInstructionsForMintExtensions,
  getSetAuthorityInstruction,
  getThawAccountInstruction,
  TOKEN_2022_PROGRAM_ADDRESS,
} from "@solana-program/token-2022";
import type { ExtensionArgs } from "@solana-program/token-2022";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { generateKeyPairSigner, lamports } from "@solana/kit";
import type { Address, Instruction, KeyPairSigner, Transaction } from "@solana/kit";
import { type Lifetime, signMessage } from "./solana_transactions.ts";

/** Where transactions go when not straight into LiteSVM (e.g. a local chain that records them). */
export interface Delivery {
  /** Sends a signed transaction; throws when it fails. */
  send(tx: Transaction): Promise<void> | void;
  /** A blockhash the receiver accepts. */
  latestBlockhash(): Lifetime;
}

/** Builds mints on one LiteSVM with one fee payer. */
export interface MintBuilder {
  svm: LiteSVM;
  payer: KeyPairSigner;
  run(instructions: Instruction[]): Promise<void>;
  createMint(options: CreateMintOptions): Promise<Address>;
  /** Creates (if needed) `owner`'s associated account, thaws it when `thawWith` is given, mints `amount`. */
  mintTo(mint: Address, owner: Address, amount: bigint, options: MintToOptions): Promise<Address>;
  revoke(mint: Address, authority: KeyPairSigner, type: "mint" | "freeze", program: Address): Promise<void>;
  /** Opens a token account at a fresh (non-associated) address. */
  openAccount(mint: Address, owner: Address, program: Address): Promise<Address>;
}

export interface CreateMintOptions {
  program: Address;
  decimals: number;
  mintAuthority: KeyPairSigner;
  freezeAuthority?: Address | null;
  /** Extensions, or a function of the new mint's address (for pointers to itself). */
  extensions?: ExtensionArgs[] | ((mint: Address) => ExtensionArgs[]);
}

export interface MintToOptions {
  program: Address;
  mintAuthority: KeyPairSigner;
  thawWith?: KeyPairSigner;
  /** Mint into this existing account instead of the owner's associated one. */
  account?: Address;
}

/** Creates a builder whose transactions go through `delivery` (default: straight into LiteSVM). */
export async function mintBuilder(svm: LiteSVM, delivery?: Delivery): Promise<MintBuilder> {
  const payer = await generateKeyPairSigner();
  svm.airdrop(payer.address, lamports(100_000_000_000n));
  const direct: Delivery = {
    send(tx) {
      const result = svm.sendTransaction(tx);
      if (result instanceof FailedTransactionMetadata) {
        throw new Error(`Transaction failed: ${result.err()}\n${result.meta().logs().join("\n")}`);
      }
      svm.expireBlockhash();
    },
    latestBlockhash: () => ({ blockhash: svm.latestBlockhash(), lastValidBlockHeight: 0n }),
  };
  const deliver = delivery ?? direct;

  async function run(instructions: Instruction[]): Promise<void> {
    const tx = await signMessage(payer, instructions, { lifetime: deliver.latestBlockhash() });
    await deliver.send(tx);
  }

  async function createMint(options: CreateMintOptions): Promise<Address> {
    const mint = await generateKeyPairSigner();
    const extensions = typeof options.extensions === "function"
      ? options.extensions(mint.address)
      : options.extensions;
    const pre = extensions?.filter((e) =>
      !["TokenMetadata", "TokenGroup", "TokenGroupMember"].includes(e.__kind)
    );
    const space = getMintSize(pre);
    const rent = svm.minimumBalanceForRentExemption(BigInt(getMintSize(extensions)));
    await run([
      getCreateAccountInstruction({
        payer,
        newAccount: mint,
        lamports: rent,
        space,
        programAddress: options.program,
      }),
      ...getPreInitializeInstructionsForMintExtensions(mint.address, extensions ?? []),
      getInitializeMintInstruction({
        mint: mint.address,
        decimals: options.decimals,
        mintAuthority: options.mintAuthority.address,
        freezeAuthority: options.freezeAuthority ?? null,
      }, { programAddress: options.program }),
      ...getPostInitializeInstructionsForMintExtensions(
        mint.address,
        options.mintAuthority,
        extensions ?? [],
      ),
    ]);
    return mint.address;
  }

  async function mintTo(
    mint: Address,
    owner: Address,
    amount: bigint,
    options: MintToOptions,
  ): Promise<Address> {
    const [ata] = options.account ? [options.account] : await findAssociatedTokenPda({
      owner,
      mint,
      tokenProgram: options.program,
    });
    const create = options.account ? [] : [
      await getCreateAssociatedTokenIdempotentInstructionAsync({
        payer,
        owner,
        mint,
        tokenProgram: options.program,
      }),
    ];
    const thaw = options.thawWith
      ? [getThawAccountInstruction({ account: ata, mint, owner: options.thawWith }, {
        programAddress: options.program,
      })]
      : [];
    await run([
      ...create,
      ...thaw,
      getMintToInstruction({ mint, token: ata, mintAuthority: options.mintAuthority, amount }, {
        programAddress: options.program,
      }),
    ]);
    return ata;
  }

  async function revoke(mint: Address, authority: KeyPairSigner, type: "mint" | "freeze", program: Address) {
    await run([getSetAuthorityInstruction({
      owned: mint,
      owner: authority,
      authorityType: type === "mint" ? AuthorityType.MintTokens : AuthorityType.FreezeAccount,
      newAuthority: null,
    }, { programAddress: program })]);
  }

  async function openAccount(mint: Address, owner: Address, program: Address): Promise<Address> {
    const account = await generateKeyPairSigner();
    const space = 165;
    await run([
      getCreateAccountInstruction({
        payer,
        newAccount: account,
        lamports: svm.minimumBalanceForRentExemption(BigInt(space)),
        space,
        programAddress: program,
      }),
      getInitializeAccount3Instruction({ account: account.address, mint, owner }, {
        programAddress: program,
      }),
    ]);
    return account.address;
  }

  return { svm, payer, run, createMint, mintTo, revoke, openAccount };
}

export { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS };

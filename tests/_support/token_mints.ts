/**
 * The real mints the token tests and bench inspect, each built by running
 * Token / Token-2022 instructions, with the facts a test may assert.
 *
 * @module
 */
import { AccountState, extension } from "@solana-program/token-2022";
import { address, generateKeyPairSigner, getProgramDerivedAddress, none, some } from "@solana/kit";
import type { Address, KeyPairSigner } from "@solana/kit";
import type { MintBuilder } from "./mint_builder.ts";
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from "./mint_builder.ts";
import { INCINERATOR } from "../../lib/solana/token/concentration.ts";

/** A stand-in transfer-hook program id (Token-2022 stores it without checking). */
export const HOOK_PROGRAM = address("HookProgram11111111111111111111111111111111");

/** A classic mint with 1,000 tokens (9 decimals) whose mint and freeze authorities were revoked. */
export async function classicRevokedMint(b: MintBuilder): Promise<{ mint: Address; holder: Address }> {
  const authority = await generateKeyPairSigner();
  const holder = (await generateKeyPairSigner()).address;
  const mint = await b.createMint({
    program: TOKEN_PROGRAM_ADDRESS,
    decimals: 9,
    mintAuthority: authority,
    freezeAuthority: authority.address,
  });
  await b.mintTo(mint, holder, 1_000_000_000_000n, {
    program: TOKEN_PROGRAM_ADDRESS,
    mintAuthority: authority,
  });
  await b.revoke(mint, authority, "mint", TOKEN_PROGRAM_ADDRESS);
  await b.revoke(mint, authority, "freeze", TOKEN_PROGRAM_ADDRESS);
  return { mint, holder };
}

/** What {@linkcode hazardMint} planted. */
export interface HazardMint {
  mint: Address;
  authority: KeyPairSigner;
  delegate: Address;
  holder: Address;
}

/**
 * A Token-2022 mint (6 decimals) carrying a 2.5 % transfer fee capped at 5 tokens, a permanent
 * delegate, a transfer hook, default-frozen accounts and metadata in the mint, with live mint and
 * freeze authorities; one holder owns the whole 100-token supply.
 */
export async function hazardMint(b: MintBuilder): Promise<HazardMint> {
  const authority = await generateKeyPairSigner();
  const delegate = (await generateKeyPairSigner()).address;
  const holder = (await generateKeyPairSigner()).address;
  const fee = { epoch: 0n, maximumFee: 5_000_000n, transferFeeBasisPoints: 250 };
  const mint = await b.createMint({
    program: TOKEN_2022_PROGRAM_ADDRESS,
    decimals: 6,
    mintAuthority: authority,
    freezeAuthority: authority.address,
    extensions: (self) => [
      extension("TransferFeeConfig", {
        transferFeeConfigAuthority: authority.address,
        withdrawWithheldAuthority: authority.address,
        withheldAmount: 0n,
        olderTransferFee: fee,
        newerTransferFee: fee,
      }),
      extension("PermanentDelegate", { delegate }),
      extension("TransferHook", { authority: authority.address, programId: HOOK_PROGRAM }),
      extension("DefaultAccountState", { state: AccountState.Frozen }),
      extension("MetadataPointer", { authority: none(), metadataAddress: some(self) }),
      extension("TokenMetadata", {
        updateAuthority: some(authority.address),
        mint: self,
        name: "Hazard",
        symbol: "HZD",
        uri: "https://example.org/hazard.json",
        additionalMetadata: new Map(),
      }),
    ],
  });
  await b.mintTo(mint, holder, 100_000_000n, {
    program: TOKEN_2022_PROGRAM_ADDRESS,
    mintAuthority: authority,
    thawWith: authority,
  });
  return { mint, authority, delegate, holder };
}

/** What {@linkcode concentratedMint} planted; amounts are whole tokens (0 decimals). */
export interface ConcentratedMint {
  mint: Address;
  authority: KeyPairSigner;
  whale: Address;
  pool: Address;
  small: Address;
  smallAccounts: [Address, Address];
}

/**
 * A classic mint (0 decimals, 1,000,000 supply, mint authority live, no freeze authority):
 * a wallet holds 480,000; a program-derived "pool" owner 200,000; the incinerator 150,000; the
 * mint authority itself 120,000; another wallet 50,000 across two accounts (30,000 + 20,000).
 */
export async function concentratedMint(b: MintBuilder): Promise<ConcentratedMint> {
  const authority = await generateKeyPairSigner();
  const whale = (await generateKeyPairSigner()).address;
  const small = (await generateKeyPairSigner()).address;
  const [pool] = await getProgramDerivedAddress({ programAddress: HOOK_PROGRAM, seeds: ["pool"] });
  const program = TOKEN_PROGRAM_ADDRESS;
  const mint = await b.createMint({ program, decimals: 0, mintAuthority: authority });
  const options = { program, mintAuthority: authority };
  await b.mintTo(mint, whale, 480_000n, options);
  await b.mintTo(mint, pool, 200_000n, options);
  await b.mintTo(mint, address(INCINERATOR), 150_000n, options);
  await b.mintTo(mint, authority.address, 120_000n, options);
  const first = await b.mintTo(mint, small, 30_000n, options);
  const second = await b.openAccount(mint, small, program);
  await b.mintTo(mint, small, 20_000n, { ...options, account: second });
  return { mint, authority, whale, pool, small, smallAccounts: [first, second] };
}

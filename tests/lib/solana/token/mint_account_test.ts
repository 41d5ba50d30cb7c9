import assert from "node:assert/strict";
import { LiteSVM } from "litesvm";
import { AccountState, extension } from "@solana-program/token-2022";
import { address, generateKeyPairSigner, none, some } from "@solana/kit";
import type { Address } from "@solana/kit";
import { decodeMintAccount } from "../../../../lib/solana/token/mint_account.ts";
import { NotFoundError } from "../../../../lib/shared/errors.ts";
import {
  mintBuilder,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from "../../../_support/mint_builder.ts";

const HOOK_PROGRAM = address("HookProgram11111111111111111111111111111111");

function accountOf(svm: LiteSVM, at: Address): { owner: string; data: Uint8Array } {
  const account = svm.getAccount(at);
  if (!account.exists) throw new Error(`no account at ${at}`);
  return { owner: account.programAddress, data: new Uint8Array(account.data) };
}

Deno.test("decodeMintAccount() reads a classic mint whose authorities were revoked", async () => {
  const svm = new LiteSVM();
  const b = await mintBuilder(svm);
  const authority = await generateKeyPairSigner();
  const mint = await b.createMint({
    program: TOKEN_PROGRAM_ADDRESS,
    decimals: 9,
    mintAuthority: authority,
    freezeAuthority: authority.address,
  });
  await b.mintTo(mint, authority.address, 5_000_000_000n, {
    program: TOKEN_PROGRAM_ADDRESS,
    mintAuthority: authority,
  });
  await b.revoke(mint, authority, "mint", TOKEN_PROGRAM_ADDRESS);
  await b.revoke(mint, authority, "freeze", TOKEN_PROGRAM_ADDRESS);

  const { owner, data } = accountOf(svm, mint);
  const decoded = decodeMintAccount(mint, owner, data);
  assert.equal(decoded.program, "token");
  assert.equal(decoded.programId, TOKEN_PROGRAM_ADDRESS);
  assert.equal(decoded.decimals, 9);
  assert.equal(decoded.supply, 5_000_000_000n);
  assert.equal(decoded.mintAuthority, null);
  assert.equal(decoded.freezeAuthority, null);
  assert.equal(decoded.size, 82);
  assert.deepEqual(decoded.extensions, []);
});

Deno.test("decodeMintAccount() decodes each extension of a Token-2022 mint in account order", async () => {
  const svm = new LiteSVM();
  const b = await mintBuilder(svm);
  const authority = await generateKeyPairSigner();
  const delegate = await generateKeyPairSigner();
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
        olderTransferFee: { epoch: 0n, maximumFee: 1_000_000n, transferFeeBasisPoints: 250 },
        newerTransferFee: { epoch: 0n, maximumFee: 1_000_000n, transferFeeBasisPoints: 250 },
      }),
      extension("PermanentDelegate", { delegate: delegate.address }),
      extension("TransferHook", { authority: authority.address, programId: HOOK_PROGRAM }),
      extension("DefaultAccountState", { state: AccountState.Frozen }),
      extension("MetadataPointer", { authority: none(), metadataAddress: some(self) }),
      extension("TokenMetadata", {
        updateAuthority: some(authority.address),
        mint: self,
        name: "Fee Token",
        symbol: "FEE",
        uri: "https://example.org/fee.json",
        additionalMetadata: new Map(),
      }),
    ],
  });
  const { owner, data } = accountOf(svm, mint);
  const decoded = decodeMintAccount(mint, owner, data);
  assert.equal(decoded.program, "token-2022");
  assert.equal(decoded.mintAuthority, authority.address);
  assert.equal(decoded.freezeAuthority, authority.address);
  assert.ok(decoded.size > 165);
  assert.deepEqual(
    decoded.extensions.map((e) => [e.status, e.typeId, e.status === "decoded" ? e.extension.__kind : ""]),
    [
      ["decoded", 1, "TransferFeeConfig"],
      ["decoded", 12, "PermanentDelegate"],
      ["decoded", 14, "TransferHook"],
      ["decoded", 6, "DefaultAccountState"],
      ["decoded", 18, "MetadataPointer"],
      ["decoded", 19, "TokenMetadata"],
    ],
  );
  const byKind = Object.fromEntries(
    decoded.extensions.flatMap((e) => e.status === "decoded" ? [[e.extension.__kind, e.extension]] : []),
  );
  assert.deepEqual(byKind.PermanentDelegate, { __kind: "PermanentDelegate", delegate: delegate.address });
  assert.deepEqual(byKind.TransferHook, {
    __kind: "TransferHook",
    authority: authority.address,
    programId: HOOK_PROGRAM,
  });
  assert.deepEqual(byKind.DefaultAccountState, { __kind: "DefaultAccountState", state: AccountState.Frozen });
  assert.equal((byKind.TokenMetadata as { name: string }).name, "Fee Token");
});

Deno.test("decodeMintAccount() reports an unknown extension type and keeps decoding the rest", async () => {
  const svm = new LiteSVM();
  const b = await mintBuilder(svm);
  const authority = await generateKeyPairSigner();
  const mint = await b.createMint({
    program: TOKEN_2022_PROGRAM_ADDRESS,
    decimals: 0,
    mintAuthority: authority,
    extensions: [extension("NonTransferable", {})],
  });
  const { owner, data } = accountOf(svm, mint);
  // A future extension type (999) with 3 bytes of state, appended after the real entries.
  const extended = new Uint8Array([...data, 0xe7, 0x03, 0x03, 0x00, 1, 2, 3]);
  const decoded = decodeMintAccount(mint, owner, extended);
  assert.equal(decoded.extensions.length, 2);
  assert.equal(decoded.extensions[0]!.status, "decoded");
  assert.deepEqual(decoded.extensions[1], {
    status: "unknown",
    typeId: 999,
    data: new Uint8Array([1, 2, 3]),
    reason: "extension type 999 is not known to this service",
  });
});

Deno.test("decodeMintAccount() reports a malformed extension entry as unparseable", async () => {
  const svm = new LiteSVM();
  const b = await mintBuilder(svm);
  const authority = await generateKeyPairSigner();
  const mint = await b.createMint({
    program: TOKEN_2022_PROGRAM_ADDRESS,
    decimals: 0,
    mintAuthority: authority,
    extensions: [extension("MintCloseAuthority", { closeAuthority: authority.address })],
  });
  const { owner, data } = accountOf(svm, mint);
  const entry = 166; // first TLV entry: type u16, length u16, then 32 bytes of close authority
  assert.equal(data[entry], 3);
  const truncated = new Uint8Array([
    ...data.subarray(0, entry + 2),
    8,
    0,
    ...data.subarray(entry + 4, entry + 12),
  ]);
  const [report] = decodeMintAccount(mint, owner, truncated).extensions;
  assert.equal(report!.status, "unparseable");
  assert.equal(report!.typeId, 3);
  assert.match((report as { reason: string }).reason, /^MintCloseAuthority entry/);

  const cut = data.subarray(0, entry + 10); // declares 32 bytes, only 6 remain
  const [short] = decodeMintAccount(mint, owner, cut).extensions;
  assert.deepEqual([short!.status, (short as { reason: string }).reason], [
    "unparseable",
    "entry declares 32 bytes but only 6 remain",
  ]);
});

Deno.test("decodeMintAccount() says why an account is not a mint", async () => {
  const svm = new LiteSVM();
  const b = await mintBuilder(svm);
  const authority = await generateKeyPairSigner();
  const mint = await b.createMint({
    program: TOKEN_2022_PROGRAM_ADDRESS,
    decimals: 2,
    mintAuthority: authority,
  });
  const holder = await b.mintTo(mint, authority.address, 1n, {
    program: TOKEN_2022_PROGRAM_ADDRESS,
    mintAuthority: authority,
  });
  const tokenAccount = accountOf(svm, holder);
  assert.throws(
    () => decodeMintAccount(holder, tokenAccount.owner, tokenAccount.data),
    (error: unknown) =>
      error instanceof NotFoundError &&
      error.message === `Account "${holder}" is not a mint: it is a token account`,
  );
  assert.throws(
    () => decodeMintAccount(b.payer.address, "11111111111111111111111111111111", new Uint8Array()),
    new NotFoundError(
      `Account "${b.payer.address}" is not a mint: it is owned by program "11111111111111111111111111111111"`,
    ),
  );
  assert.throws(
    () => decodeMintAccount(mint, TOKEN_PROGRAM_ADDRESS, new Uint8Array(82)),
    /is not a mint: it is not initialized/,
  );
});

import assert from "node:assert/strict";
import { getAddressEncoder, getBase58Decoder, getProgramDerivedAddress, lamports } from "@solana/kit";
import type { Address } from "@solana/kit";
import {
  anchorIdlAddress,
  errorsOf,
  IDL_MAX_AGE_MS,
  IDL_RECHECK_MS,
  idlErrors,
  parseIdlAccount,
} from "../../../../lib/solana/transaction/idl.ts";
import {
  PROGRAM_METADATA_PROGRAM,
  programMetadataAddress,
  programMetadataJson,
} from "../../../../lib/solana/transaction/program_metadata.ts";
import { startLocalChain } from "../../../_support/local_chain.ts";

const PROGRAM = "Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS";
const IDL = {
  version: "0.1.0",
  name: "vault",
  instructions: [],
  errors: [
    { code: 6000, name: "VaultLocked", msg: "The vault is locked" },
    { code: 6001, name: "NoMessage" },
    { code: "6002", name: "BadCode" },
  ],
};

async function deflate(text: string): Promise<Uint8Array> {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(
    new CompressionStream("deflate"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The account layout Anchor writes: discriminator, authority, length, zlib data. */
async function idlAccountData(idl: unknown): Promise<Uint8Array> {
  const compressed = await deflate(JSON.stringify(idl));
  const data = new Uint8Array(44 + compressed.length);
  data.set([24, 70, 98, 191, 58, 144, 123, 158]);
  new DataView(data.buffer).setUint32(40, compressed.length, true);
  data.set(compressed, 44);
  return data;
}

Deno.test('anchorIdlAddress() derives sha256(base ‖ "anchor:idl" ‖ program) from the program\'s base PDA', async () => {
  const encoder = getAddressEncoder();
  const [base] = await getProgramDerivedAddress({ programAddress: PROGRAM as Address, seeds: [] });
  const preimage = new Uint8Array([
    ...encoder.encode(base),
    ...new TextEncoder().encode("anchor:idl"),
    ...encoder.encode(PROGRAM as Address),
  ]);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", preimage));
  assert.equal(await anchorIdlAddress(PROGRAM), getBase58Decoder().decode(digest));
});

Deno.test("parseIdlAccount() inflates the IDL and keeps well-formed errors", async () => {
  const errors = await parseIdlAccount(await idlAccountData(IDL));
  assert.deepEqual(errors, {
    6000: { name: "VaultLocked", message: "The vault is locked" },
    6001: { name: "NoMessage", message: "NoMessage" },
  });
});

Deno.test("parseIdlAccount() returns null for data that is not an IDL account", async () => {
  assert.equal(await parseIdlAccount(new Uint8Array(10)), null);
  const data = await idlAccountData(IDL);
  new DataView(data.buffer).setUint32(40, data.length, true);
  assert.equal(await parseIdlAccount(data), null, "a length past the end");
  const garbage = new Uint8Array(60);
  new DataView(garbage.buffer).setUint32(40, 16, true);
  assert.equal(await parseIdlAccount(garbage), null, "not zlib");
  assert.equal(errorsOf({ name: "no errors" }), null);
});

/** Writes `idl` into the program's Anchor IDL account on the local chain, as `anchor idl init/upgrade` would. */
async function publishIdl(cluster: Awaited<ReturnType<typeof startLocalChain>>, idl: unknown) {
  const data = await idlAccountData(idl);
  cluster.local.svm.setAccount({
    address: await anchorIdlAddress(PROGRAM),
    data,
    executable: false,
    lamports: lamports(cluster.local.svm.minimumBalanceForRentExemption(BigInt(data.length))),
    programAddress: PROGRAM as Address,
    space: BigInt(data.length),
  });
}

Deno.test("idlErrors() reads a program's IDL account through the RPC once and caches the answer", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    await publishIdl(cluster, IDL);
    const before = cluster.client.stats.roundTrips;
    const errors = await idlErrors(cluster.client, PROGRAM);
    assert.equal(errors?.[6000]?.name, "VaultLocked");
    assert.equal(cluster.client.stats.roundTrips - before, 1);
    assert.deepEqual(await idlErrors(cluster.client, PROGRAM), errors);
    const none = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
    assert.equal(await idlErrors(cluster.client, none), null);
    assert.equal(await idlErrors(cluster.client, none), null);
    assert.equal(cluster.client.stats.roundTrips - before, 2, "each program is asked about once");
  } finally {
    await cluster.close();
  }
});

Deno.test("idlErrors() reads an upgraded program's IDL again: when old, or when it lacks a code asked for", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    await publishIdl(cluster, IDL);
    const start = 1_000_000;
    const trips = () => cluster.client.stats.roundTrips;
    const before = trips();
    assert.equal(
      (await idlErrors(cluster.client, PROGRAM, undefined, { code: 6000, now: start }))?.[6000]?.name,
      "VaultLocked",
    );

    // The program is upgraded with a new error and its IDL republished.
    await publishIdl(cluster, {
      ...IDL,
      errors: [...IDL.errors, { code: 6003, name: "VaultClosed", msg: "Closed" }],
    });
    // A code the cached IDL lacks, asked for too soon: the cache answers, no read.
    const soon = await idlErrors(cluster.client, PROGRAM, undefined, {
      code: 6003,
      now: start + IDL_RECHECK_MS - 1,
    });
    assert.equal(soon?.[6003], undefined);
    assert.equal(trips() - before, 1);
    // A known code is answered from the cache however often it is asked.
    await idlErrors(cluster.client, PROGRAM, undefined, { code: 6000, now: start + IDL_RECHECK_MS + 5 });
    assert.equal(trips() - before, 1);
    // Asked again a minute later for the unknown code: read again, and the new error is known.
    const later = await idlErrors(cluster.client, PROGRAM, undefined, {
      code: 6003,
      now: start + IDL_RECHECK_MS,
    });
    assert.equal(later?.[6003]?.name, "VaultClosed");
    assert.equal(trips() - before, 2);
    // An hour on, even a known code makes it read again.
    await idlErrors(cluster.client, PROGRAM, undefined, {
      code: 6000,
      now: start + IDL_RECHECK_MS + IDL_MAX_AGE_MS,
    });
    assert.equal(trips() - before, 3);
  } finally {
    await cluster.close();
  }
});

/** A canonical Program Metadata account holding `json` directly, zlib-compressed, as the program's CLI writes it. */
async function programMetadataAccountData(json: string): Promise<Uint8Array> {
  const compressed = await deflate(json);
  const data = new Uint8Array(96 + compressed.length);
  data[0] = 2; // Metadata
  data.set(getAddressEncoder().encode(PROGRAM as Address), 1);
  data[66] = 1; // canonical
  data.set(new TextEncoder().encode("idl"), 67);
  data.set([1, 2, 1, 0], 83); // utf8, zlib, json, direct
  new DataView(data.buffer).setUint32(87, compressed.length, true);
  data.set(compressed, 96);
  return data;
}

Deno.test("idlErrors() reads an IDL published with the Program Metadata program, in the same round trip", async () => {
  const cluster = await startLocalChain({ seedHistory: false });
  try {
    // An Anchor 0.30+ IDL: the address at the top, errors as before.
    const idl = {
      address: PROGRAM,
      metadata: { name: "vault", version: "1.0.0", spec: "0.1.0" },
      instructions: [],
      errors: [{ code: 6000, name: "StaleOracle", msg: "The oracle is stale" }],
    };
    const data = await programMetadataAccountData(JSON.stringify(idl));
    cluster.local.svm.setAccount({
      address: await programMetadataAddress(PROGRAM),
      data,
      executable: false,
      lamports: lamports(cluster.local.svm.minimumBalanceForRentExemption(BigInt(data.length))),
      programAddress: PROGRAM_METADATA_PROGRAM as Address,
      space: BigInt(data.length),
    });
    // An older Anchor IDL account too: the Program Metadata one wins.
    await publishIdl(cluster, IDL);
    const before = cluster.client.stats.roundTrips;
    const errors = await idlErrors(cluster.client, PROGRAM);
    assert.equal(errors?.[6000]?.name, "StaleOracle");
    assert.equal(cluster.client.stats.roundTrips - before, 1);
  } finally {
    await cluster.close();
  }
});

Deno.test("programMetadataJson() reads only JSON held in the account itself", async () => {
  const data = await programMetadataAccountData('{"errors":[]}');
  assert.equal(await programMetadataJson(data, 1 << 20), '{"errors":[]}');
  const url = data.slice();
  url[86] = 1; // a URL, not the IDL itself
  assert.equal(await programMetadataJson(url, 1 << 20), null);
  const yaml = data.slice();
  yaml[85] = 2;
  assert.equal(await programMetadataJson(yaml, 1 << 20), null);
  assert.equal(await programMetadataJson(data.subarray(0, 50), 1 << 20), null);
  assert.equal(await programMetadataJson(data, 4), null, "larger than allowed");
});

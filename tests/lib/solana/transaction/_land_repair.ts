/**
 * Lands a repair the way a client would: decodes the unsigned transaction it
 * returned, signs it with the wallet, sends it to the local chain, and reads
 * its status back from the chain.
 *
 * @module
 */
import assert from "node:assert/strict";
import {
  getBase58Encoder,
  getBase64Encoder,
  getTransactionDecoder,
  type KeyPairSigner,
  signTransaction,
} from "@solana/kit";
import type { Repair } from "../../../../lib/solana/transaction/repair/schema.ts";
import type { LocalChain } from "../../../_support/local_chain.ts";

/** Signs `repair`'s transaction with `wallet`, sends it, and returns its signature once the chain says it landed without error. */
export async function landRepair(
  cluster: LocalChain,
  repair: Repair | undefined,
  wallet: KeyPairSigner,
): Promise<string> {
  assert.ok(repair, "a repair is returned");
  assert.equal(repair.available, true, repair.reason);
  assert.equal(repair.code, "repaired");
  assert.deepEqual(repair.signers, [wallet.address]);
  assert.equal(repair.simulation?.err, null);
  const bytes = repair.encoding === "base58"
    ? getBase58Encoder().encode(repair.transaction!)
    : getBase64Encoder().encode(repair.transaction!);
  const unsigned = getTransactionDecoder().decode(bytes);
  assert.ok(Object.values(unsigned.signatures).every((signature) => signature === null), "returned unsigned");
  const signature = await cluster.send(await signTransaction([wallet.keyPair], unsigned));
  const [status] = await cluster.client.batch([{ method: "getSignatureStatuses", params: [[signature]] }]);
  const value = (status as { result: { value: ({ err: unknown } | null)[] } }).result.value[0];
  assert.ok(value, "the chain knows the repaired transaction");
  assert.equal(value.err, null, "the repaired transaction landed without error");
  return signature;
}

import assert from "node:assert/strict";
import {
  appendTransactionMessageInstruction,
  type Blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import type { PaymentPayload } from "@x402/core/types";
import { evmRail, NETWORKS, signedMessageBytes, solanaRail } from "../../../lib/payments/rails.ts";

const accepted = {} as PaymentPayload["accepted"];
const payloadOf = (payload: Record<string, unknown>): PaymentPayload => ({
  x402Version: 2,
  accepted,
  payload,
});

async function signedTransfer(amount: bigint): Promise<string> {
  const payer = await generateKeyPairSigner();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash({
        blockhash: "11111111111111111111111111111111" as Blockhash,
        lastValidBlockHeight: 10n,
      }, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: payer, destination: payer.address, amount }),
        m,
      ),
  );
  return getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message));
}

Deno.test("solanaRail().paymentId() names a payment by its signed message, not its encoding", async () => {
  const rail = solanaRail({
    ...{ network: NETWORKS.solanaDevnet.network, asset: NETWORKS.solanaDevnet.usdc },
    payTo: "x",
  });
  const transaction = await signedTransfer(1n);
  const id = await rail.paymentId(payloadOf({ transaction }));
  assert.match(id, /^[0-9a-f]{64}$/);
  // The SHA-256 of the signed message, as WebCrypto gives it: claims recorded by earlier versions still match.
  const digest = await crypto.subtle.digest(
    "SHA-256",
    signedMessageBytes(transaction) as Uint8Array<ArrayBuffer>,
  );
  assert.equal(id, Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join(""));
  assert.equal(await rail.paymentId(payloadOf({ transaction, padding: "ignored" })), id);
  assert.notEqual(await rail.paymentId(payloadOf({ transaction: await signedTransfer(2n) })), id);
  await assert.rejects(rail.paymentId(payloadOf({})), /no Solana transaction/);
  await assert.rejects(
    rail.paymentId({ x402Version: 2, accepted } as unknown as PaymentPayload),
    /no Solana transaction/,
  );
});

Deno.test("signedMessageBytes() reads the same message as a full decode, and refuses what is not signed", async () => {
  const transaction = await signedTransfer(3n);
  const decoded = getTransactionDecoder().decode(getBase64Encoder().encode(transaction));
  assert.deepEqual(signedMessageBytes(transaction), new Uint8Array(decoded.messageBytes));
  const bytes = Uint8Array.from(atob(transaction), (c) => c.charCodeAt(0));
  const base64 = (part: Uint8Array) => btoa(String.fromCharCode(...part));
  assert.throws(() => signedMessageBytes("not base64!"), /not base64/);
  assert.throws(() => signedMessageBytes(""), /no signature count/);
  assert.throws(() => signedMessageBytes(base64(bytes.subarray(0, 65))), /not a signed message/);
  assert.throws(
    () => signedMessageBytes(base64(Uint8Array.of(0, ...bytes.subarray(65)))),
    /not a signed message/,
  );
  assert.throws(() => signedMessageBytes(base64(Uint8Array.of(0xff, 0xff, 0xff, 1))), /no signature count/);
});

Deno.test("evmRail().paymentId() names a payment by network, signer and nonce, whatever their case", async () => {
  const rail = evmRail({
    network: NETWORKS.baseSepolia.network,
    asset: NETWORKS.baseSepolia.usdc,
    payTo: "0x0",
  });
  const nonce = `0x${"AB".repeat(32)}`;
  const from = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";
  const id = await rail.paymentId(payloadOf({ authorization: { from, nonce }, signature: "0x1" }));
  assert.equal(id, `eip155:84532:${from.toLowerCase()}:${nonce.toLowerCase()}`);
  assert.equal(
    await rail.paymentId(payloadOf({ authorization: { from: from.toLowerCase(), nonce }, signature: "0x2" })),
    id,
  );
  await assert.rejects(rail.paymentId(payloadOf({})), /no EIP-3009 authorization/);
});

import assert from "node:assert/strict";
import { getBase58Decoder, getBase58Encoder } from "@solana/codecs-strings";
import { generateKeyPairSigner } from "@solana/kit";
import { base58Decode, isSolanaAddress } from "../../../lib/solana/base58.ts";

Deno.test("base58Decode() reads what kit's codec writes, leading zero bytes included", () => {
  const toText = getBase58Decoder();
  for (const length of [0, 1, 2, 31, 32, 33, 64, 200]) {
    for (let round = 0; round < 20; round++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      if (round % 4 === 0 && length > 2) bytes.fill(0, 0, 1 + (round % 3)); // leading zeros
      assert.deepEqual(base58Decode(toText.decode(bytes)), bytes);
    }
  }
  assert.deepEqual(base58Decode("11"), new Uint8Array(2));
  for (const bad of ["0", "O", "I", "l", "abc+", "é"]) assert.equal(base58Decode(bad), undefined, bad);
});

Deno.test("isSolanaAddress() accepts exactly what decodes to 32 bytes", async () => {
  const toBytes = getBase58Encoder();
  const samples = [
    (await generateKeyPairSigner()).address as string,
    "11111111111111111111111111111111",
    "So11111111111111111111111111111111111111112",
    "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU",
    "1111111111111111111111111111111", // 31 characters: 31 bytes
    "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", // 44 characters past 32 bytes
    "So1111111111111111111111111111111111111111I",
  ];
  for (const text of samples) {
    let kit: boolean;
    try {
      kit = text.length >= 32 && text.length <= 44 && toBytes.encode(text).length === 32;
    } catch {
      kit = false;
    }
    assert.equal(isSolanaAddress(text), kit, text);
  }
  assert.equal(isSolanaAddress(samples[0]!), true);
  assert.equal(isSolanaAddress("1111111111111111111111111111111"), false);
});

import assert from "node:assert/strict";
import { privateKeyToAccount } from "viem/accounts";
import { evmAddress, generateEvmKey, toHex } from "../../../../lib/local/evm/keys.ts";

Deno.test("evmAddress() gives viem's checksummed address for the same key", () => {
  for (let i = 0; i < 20; i++) {
    const key = generateEvmKey();
    assert.equal(evmAddress(key), privateKeyToAccount(key).address);
  }
});

Deno.test("generateEvmKey() gives fresh 32-byte keys", () => {
  const keys = new Set(Array.from({ length: 50 }, () => generateEvmKey()));
  assert.equal(keys.size, 50);
  for (const key of keys) assert.match(key, /^0x[0-9a-f]{64}$/);
});

Deno.test("toHex() writes every byte as two lowercase digits", () => {
  assert.equal(toHex(new Uint8Array([0, 1, 0xab, 0xff])), "0x0001abff");
  assert.equal(toHex(new Uint8Array()), "0x");
});

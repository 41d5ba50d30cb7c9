/**
 * Base58 (Bitcoin's alphabet, as Solana uses it) decoding for input checks,
 * without loading `@solana/kit`'s codecs at start: an idle service only
 * checks addresses and signatures, and kit's packages would cost it several
 * MB of resident memory.
 *
 * @module
 */

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const DIGITS = new Map([...ALPHABET].map((character, value) => [character, value]));

/**
 * The bytes `text` encodes, or `undefined` when it holds a character outside
 * the alphabet. Each leading `1` stands for a leading zero byte.
 *
 * @example
 * ```ts
 * base58Decode("2g"); // Uint8Array [0x61]
 * base58Decode("0"); // undefined
 * ```
 */
export function base58Decode(text: string): Uint8Array | undefined {
  let zeros = 0;
  while (zeros < text.length && text[zeros] === "1") zeros++;
  const bytes: number[] = []; // little-endian, past the leading zeros
  for (let i = zeros; i < text.length; i++) {
    let carry = DIGITS.get(text[i]!);
    if (carry === undefined) return undefined;
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    for (; carry > 0; carry >>= 8) bytes.push(carry & 0xff);
  }
  const decoded = new Uint8Array(zeros + bytes.length);
  for (let i = 0; i < bytes.length; i++) decoded[decoded.length - 1 - i] = bytes[i]!;
  return decoded;
}

/** Whether `text` is a Solana address: 32 to 44 base58 characters encoding exactly 32 bytes. */
export function isSolanaAddress(text: string): boolean {
  return text.length >= 32 && text.length <= 44 && base58Decode(text)?.length === 32;
}

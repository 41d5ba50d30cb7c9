/**
 * Reading a Solana transaction's wire bytes front to back, for the few
 * fields the payment path needs (the signed message, the payer, the
 * blockhash) without decoding the whole transaction: one reader, so the
 * compact-u16 lengths and the bounds are read one way everywhere.
 *
 * @module
 */

/** Reads bytes front to back; a read past their end throws a `RangeError`. */
export class WireReader {
  /** Where the next read starts. */
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  /** The next byte. */
  byte(): number {
    if (this.offset >= this.bytes.length) throw new RangeError("the bytes end early");
    return this.bytes[this.offset++]!;
  }

  /** Moves past `count` bytes; returns where they start. */
  skip(count: number): number {
    const start = this.offset;
    if (start + count > this.bytes.length) throw new RangeError("the bytes end early");
    this.offset += count;
    return start;
  }

  /** A length in Solana's compact-u16 encoding (seven bits a byte, at most three bytes). */
  shortLength(): number {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = this.byte();
      value |= (byte & 0x7f) << (7 * i);
      if (!(byte & 0x80)) return value;
    }
    throw new RangeError("a length runs past three bytes");
  }
}

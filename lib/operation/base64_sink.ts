/**
 * The base64 string of a streamed JSON upload, decoded as its bytes arrive
 * (`json_upload.ts` finds where it starts): escapes JSON allows in it are
 * taken, the standard and URL-safe alphabets are told apart (a mix is
 * refused), and the decoded bytes go into one buffer, grown while fewer than
 * the bytes to keep are held; past those they are only checked and counted.
 *
 * @module
 */
import { InvalidInputError } from "../shared/errors.ts";

/** Base64 characters decoded at a time. */
export const DECODE_CHARS = 256 * 1024;

const QUOTE = 0x22, BACKSLASH = 0x5c;

/**
 * The base64 of a JSON string, decoded as its bytes arrive: `push` takes a
 * piece and returns what follows the closing quote (once found). The decoded
 * bytes go into one buffer of `capacity`, grown while fewer than `growTo` are
 * kept; past those, into a scratch buffer, only counted.
 */
export class Base64Sink {
  /** Whether the string's closing quote has been read. */
  done = false;
  readonly #field: string;
  readonly #growTo: number;
  #target: Uint8Array<ArrayBuffer>;
  #written = 0;
  #counted = 0;
  readonly #scratch = new Uint8Array(DECODE_CHARS / 4 * 3);
  readonly #chars = new Uint8Array(DECODE_CHARS + 4);
  #held = 0;
  #escaped = false;
  #padded = false;
  #alphabet: "base64" | "base64url" | undefined;
  readonly #decoder = new TextDecoder("latin1");

  /** A sink for the string of `field` (named in errors), decoding into `capacity` bytes grown up to `growTo`. */
  constructor(field: string, capacity: number, growTo: number) {
    this.#field = field;
    this.#growTo = growTo;
    this.#target = new Uint8Array(capacity);
  }

  /** Takes a piece of the string's bytes; returns what follows its closing quote (empty until then). */
  push(piece: Uint8Array): Uint8Array {
    let at = 0;
    if (this.#escaped && piece.length) {
      this.#escaped = false;
      this.#unescape(piece[0]!);
      at = 1;
    }
    while (at < piece.length) {
      const quote = piece.indexOf(QUOTE, at);
      const slash = piece.indexOf(BACKSLASH, at);
      const end = slash >= 0 && (quote < 0 || slash < quote) ? slash : quote;
      this.#append(piece.subarray(at, end < 0 ? piece.length : end));
      if (end < 0) break;
      if (end === quote && end !== slash) {
        this.done = true;
        this.#decode(this.#held, true);
        return piece.subarray(end + 1);
      }
      if (end + 1 === piece.length) this.#escaped = true;
      else this.#unescape(piece[end + 1]!);
      at = end + 2;
    }
    return new Uint8Array(0);
  }

  /** The bytes kept and the decoded string's whole size. */
  finish(): { bytes: Uint8Array<ArrayBuffer>; totalBytes: number } {
    return { bytes: this.#target.subarray(0, this.#written), totalBytes: this.#counted };
  }

  #invalid(): InvalidInputError {
    return new InvalidInputError(`Invalid input: "${this.#field}": not valid base64`);
  }

  /** The character after a backslash: `/`, or whitespace base64 skips; any other escape is no base64. */
  #unescape(byte: number): void {
    if (byte === 0x2f) this.#append(Uint8Array.of(byte));
    else if (byte !== 0x6e && byte !== 0x72 && byte !== 0x74) throw this.#invalid();
  }

  /** Holds `run`'s characters, decoding whenever a whole batch is held. */
  #append(run: Uint8Array): void {
    while (run.length) {
      const taken = Math.min(run.length, DECODE_CHARS - this.#held);
      this.#chars.set(run.subarray(0, taken), this.#held);
      this.#held += taken;
      run = run.subarray(taken);
      if (this.#held >= DECODE_CHARS) this.#decode(this.#held, false);
    }
  }

  /** Decodes the first `count` characters held (as far as whole quads go, unless `last`), keeping the rest. */
  #decode(count: number, last: boolean): void {
    if (count === 0) return;
    if (this.#padded && /\S/.test(this.#decoder.decode(this.#chars.subarray(0, count)))) {
      throw this.#invalid();
    }
    const text = this.#decoder.decode(this.#chars.subarray(0, count));
    this.#noteAlphabet(text);
    this.#padded = text.includes("=");
    const into = this.#room(Math.ceil(count / 4) * 3);
    let result: { read: number; written: number };
    try {
      result = into.setFromBase64(text, {
        alphabet: this.#alphabet ?? "base64",
        lastChunkHandling: last ? "loose" : "stop-before-partial",
      });
    } catch {
      throw this.#invalid();
    }
    if (last && result.read !== text.length) throw this.#invalid();
    if (into !== this.#scratch) this.#written += result.written;
    this.#counted += result.written;
    // What a partial quad left unread is decoded with what follows.
    this.#chars.copyWithin(0, result.read, this.#held);
    this.#held -= result.read;
  }

  /** Learns the alphabet from `text`'s characters; refuses a mix, in it or with what came before. */
  #noteAlphabet(text: string): void {
    const url = /[-_]/.test(text), standard = /[+/]/.test(text);
    if (url && standard) throw this.#invalid();
    if (url || standard) {
      const kind = url ? "base64url" : "base64";
      if (this.#alphabet && this.#alphabet !== kind) throw this.#invalid();
      this.#alphabet = kind;
    }
  }

  /** Where `room` decoded bytes go: the kept buffer (grown while under `growTo`), else the scratch. */
  #room(room: number): Uint8Array {
    const written = this.#written;
    if (written + room > this.#target.length && written < this.#growTo) {
      const grown = new Uint8Array(Math.max(written + room, Math.min(this.#growTo, this.#target.length * 2)));
      grown.set(this.#target.subarray(0, written));
      this.#target = grown;
    }
    return written + room <= this.#target.length ? this.#target.subarray(written) : this.#scratch;
  }
}

/**
 * A result that is encoded twice rather than held: the pass that decides it
 * counts and fingerprints ffmpeg's output (and streams it to the meter when
 * it must be measured) without keeping it, and the answer runs the same pass
 * again, sending each chunk as ffmpeg writes it. ffmpeg's audio encoders are
 * deterministic for the same samples and arguments; the fingerprint proves it
 * per answer, and a replay that differs fails instead of sending other bytes
 * (its last piece is held back until the replay has proved its bytes). So a
 * long programme costs its upload and a few buffers, not its result too. Each
 * chunk ffmpeg writes is lent, not copied, until the stream has copied it
 * into the piece it sends: sent to a connection, a large result's pieces are
 * those of one ring filled again (`lib/shared/send_ring.ts`), so sending it
 * leaves nothing per byte for the collector.
 *
 * @module
 */

import { SEND_PIECE_BYTES, sendPieces } from "../shared/send_ring.ts";
import { withEndOf } from "../shared/stream_end.ts";

/** A result known by its length and fingerprint, made again when it is sent. */
export interface EncodedAudio {
  /** Its length in bytes. */
  readonly byteLength: number;
  /** The result's bytes, made again chunk by chunk (fails when they differ from what was measured). */
  stream(options?: StreamOptions): ReadableStream<Uint8Array>;
}

/** How a result's stream hands out its bytes. */
export interface StreamOptions {
  /**
   * Hand out pieces of a ring that is filled again (see `send_ring.ts`):
   * only for a reader that sends each piece to a connection as it reads it,
   * never one that keeps pieces. Otherwise each piece is a buffer of its own.
   */
  reusePieces?: boolean | undefined;
}

/**
 * A running fingerprint (FNV-1a over 32-bit little-endian words, then the
 * tail bytes) and length of a byte stream, the same however the stream is cut
 * into chunks. A chunk is read where it lies: the bytes of a word cut between
 * two chunks are carried in a number, never by joining the chunks (an Ogg
 * page's length is rarely a multiple of four, and joining copied almost every
 * chunk of an Opus result, twice a job: garbage the size of the answer each
 * time).
 */
export function createFingerprint() {
  let hash = 0x811c9dc5;
  let length = 0;
  // The bytes of an unfinished word (`have` of them, 0–3), lowest first.
  let word = 0;
  let have = 0;
  const mix = (value: number) => hash = Math.imul(hash ^ value, 0x01000193);
  const carry = (byte: number) => {
    word |= byte << (8 * have);
    if (++have === 4) {
      mix(word);
      word = 0;
      have = 0;
    }
  };
  return {
    push(chunk: Uint8Array) {
      length += chunk.length;
      let start = 0;
      while (have > 0 && start < chunk.length) carry(chunk[start++]!);
      const words = Math.floor((chunk.length - start) / 4);
      const view = new DataView(chunk.buffer, chunk.byteOffset + start, words * 4);
      for (let i = 0; i < words; i++) mix(view.getUint32(i * 4, true));
      for (let i = start + words * 4; i < chunk.length; i++) carry(chunk[i]!);
    },
    /** The fingerprint and length of everything pushed so far. */
    result(): { fingerprint: number; length: number } {
      let final = hash;
      for (let i = 0; i < have; i++) final = Math.imul(final ^ ((word >>> (8 * i)) & 0xff), 0x01000193);
      return { fingerprint: final >>> 0, length };
    },
  };
}

/**
 * A one-way queue of chunks with backpressure: `push` waits while `depth`
 * chunks are unread, `handOver` until the reader is done with its chunk (so
 * the writer may reuse the buffer: no copy), the reader iterates, and `close`
 * or `fail` ends it.
 */
export function createChunkPipe(depth = 4) {
  const queue: Uint8Array[] = [];
  let closed = false;
  let failure: unknown;
  let wakeReader: (() => void) | undefined;
  let wakeWriter: (() => void) | undefined;
  // Chunks pushed, and chunks the reader has finished with (it came back for the next one).
  let pushed = 0;
  let finished = 0;
  const wake = (f: (() => void) | undefined) => f?.();
  const push = (chunk: Uint8Array) => {
    queue.push(chunk);
    pushed++;
    wake(wakeReader);
  };
  return {
    async push(chunk: Uint8Array): Promise<void> {
      if (closed) return;
      push(chunk);
      while (queue.length > depth && !closed) await new Promise<void>((resolve) => wakeWriter = resolve);
    },
    /**
     * Pushes `chunk` and waits until the reader has finished with it (asked
     * for the next chunk) or the pipe has ended: `chunk` may then be reused.
     */
    async handOver(chunk: Uint8Array): Promise<void> {
      if (closed) return;
      push(chunk);
      const mine = pushed;
      while (finished < mine && !closed) await new Promise<void>((resolve) => wakeWriter = resolve);
    },
    close() {
      closed = true;
      wake(wakeReader);
    },
    fail(error: unknown) {
      failure ??= error;
      closed = true;
      queue.length = 0;
      wake(wakeReader);
      wake(wakeWriter);
    },
    async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
      try {
        while (true) {
          const chunk = queue.shift();
          if (chunk) {
            wake(wakeWriter);
            yield chunk;
            finished++;
            wake(wakeWriter);
          } else if (failure) throw failure;
          else if (closed) return;
          else await new Promise<void>((resolve) => wakeReader = resolve);
        }
      } finally {
        // A reader that stops early lets the writer go.
        closed = true;
        wake(wakeWriter);
      }
    },
  };
}

/** How a replay writes the chunks and what it must come to. */
export interface ReplaySpec {
  byteLength: number;
  fingerprint: number;
  /**
   * Runs the pass again, handing each chunk of its output to `emit` (which
   * copies what it keeps: a chunk may be reused once `emit` settles); aborts
   * with `signal`.
   */
  run(emit: (chunk: Uint8Array) => Promise<void>, signal: AbortSignal): Promise<void>;
  /** Rewrites the first bytes before they are sent (a WAV's sizes), given the whole length. */
  patchHead?: ((head: Uint8Array, byteLength: number) => void) | undefined;
}

/** Bytes a replay holds back at its start, so that a header can be patched before it is sent. */
const HEAD_BYTES = 4096;

/** `a` and `b` in one new buffer. */
function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** An {@linkcode EncodedAudio} that replays `spec` each time it is streamed. */
export function encodedAudio(spec: ReplaySpec): EncodedAudio {
  return {
    byteLength: spec.byteLength,
    stream: (options) => replayStream(spec, options),
  };
}

function replayStream(spec: ReplaySpec, options: StreamOptions = {}): ReadableStream<Uint8Array> {
  const stop = new AbortController();
  // One chunk at a time, lent: ffmpeg's stdout buffer is read into again once the stream has copied it.
  const pipe = createChunkPipe(1);
  const check = createFingerprint();
  let head: Uint8Array | undefined = new Uint8Array(0);
  const emit = async (chunk: Uint8Array) => {
    check.push(chunk);
    if (head) {
      head = concat(head, chunk);
      if (head.length < HEAD_BYTES && check.result().length < spec.byteLength) return;
      spec.patchHead?.(head, spec.byteLength);
      chunk = head;
      head = undefined;
    }
    await pipe.handOver(chunk);
  };
  const running = spec.run(emit, stop.signal).then(async () => {
    if (head?.length) {
      spec.patchHead?.(head, spec.byteLength);
      await pipe.handOver(head);
    }
    const made = check.result();
    if (made.length !== spec.byteLength || made.fingerprint !== spec.fingerprint) {
      throw new Error(
        `The result made again differs from the one measured (${made.length} of ${spec.byteLength} bytes)`,
      );
    }
    pipe.close();
  }).catch((error) => pipe.fail(error));
  const chunks = pipe[Symbol.asyncIterator]();
  const pieces = options.reusePieces ? sendPieces(spec.byteLength) : sendPieces(0);
  // What is left of the chunk lent by the pass, and the last piece copied, sent only once the next is made
  // (or, for the last, once the replay has proved it made the bytes measured).
  let lent: Uint8Array | undefined;
  let held: Uint8Array | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        while (true) {
          while (!lent?.length) {
            const { value, done } = await chunks.next();
            if (done) {
              if (held) controller.enqueue(held);
              held = undefined;
              return controller.close();
            }
            lent = value;
          }
          const length = Math.min(lent.length, SEND_PIECE_BYTES);
          const piece = pieces.take(length);
          piece.set(lent.subarray(0, length));
          lent = lent.subarray(length);
          const ready = held;
          held = piece;
          if (ready) return controller.enqueue(ready);
        }
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      stop.abort();
      await chunks.return(undefined);
      await running;
    },
  });
}

/**
 * `audio` that calls `onEnd` once when a stream of it ends, however it ends
 * (sent, failed or cancelled): what holds a slot of the audio gate until the
 * answer is out.
 */
export function withEnd(audio: EncodedAudio, onEnd: () => void): EncodedAudio {
  return { byteLength: audio.byteLength, stream: (options) => withEndOf(audio.stream(options), onEnd) };
}

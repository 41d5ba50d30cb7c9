/**
 * The channel between pdf.js' API and its worker when both run on one
 * thread. pdf.js' own in-process port deep-copies every message with
 * `structuredClone`; for text content and operator lists, the bulk of what a
 * conversion moves, that copy costs about a fifth of the work, and for the
 * thousands of small control messages (stream pulls, replies) the call
 * itself costs more than the copy. So:
 *
 * - a text chunk's items are handed over with a shallow copy: the worker
 *   never touches them after sending (it starts new arrays);
 * - an operator list chunk's two arrays are emptied and refilled once sent,
 *   so they are copied, but not what they hold: each operator's arguments
 *   are new arrays, and the typed arrays among them are ones pdf.js
 *   transfers (gives away);
 * - any other message made only of plain objects, class instances with no
 *   internal state of the platform's (pdf.js' references and annotation
 *   border styles: a document's link annotations came to a third of a
 *   second through `structuredClone`), arrays, typed arrays and primitives
 *   is copied here, deeply, as `structuredClone` would;
 * - the rest (maps, sets, errors, transfers) still goes through
 *   `structuredClone`.
 *
 * Delivery stays asynchronous, as pdf.js expects.
 *
 * @module
 */

/** A message listener as pdf.js registers it. */
type Listener = (this: DirectPort, event: { data: unknown }) => void;

/** A port whose two ends are the same object, delivering on the next microtask. */
export class DirectPort {
  #listeners = new Set<Listener>();
  #queue = Promise.resolve();

  /** Delivers `data` to every listener on the next microtask. */
  postMessage(data: unknown, transfer?: Transferable[]) {
    const event = { data: handOver(data, transfer) };
    this.#queue.then(() => {
      for (const listener of this.#listeners) listener.call(this, event);
    });
  }

  /** Adds a `message` listener. */
  addEventListener(_type: string, listener: Listener) {
    this.#listeners.add(listener);
  }

  /** Removes a `message` listener. */
  removeEventListener(_type: string, listener: Listener) {
    this.#listeners.delete(listener);
  }

  /** Drops every listener. */
  terminate() {
    this.#listeners.clear();
  }
}

/** A stream message's chunk, as far as {@linkcode handOver} looks at it. */
interface Chunk {
  items?: unknown;
  styles?: unknown;
  fnArray?: unknown;
  argsArray?: unknown;
}

/**
 * What the other side receives for `data`: text content chunks (`items` and
 * `styles`) shallow-copied, operator list chunks (`fnArray` and `argsArray`)
 * with copies of their two arrays, plain data copied by {@linkcode copyPlain},
 * anything else deep-copied by `structuredClone`.
 */
export function handOver(data: unknown, transfer?: Transferable[]): unknown {
  const chunk = (data as { chunk?: Chunk } | null)?.chunk;
  if (Array.isArray(chunk?.items) && typeof chunk?.styles === "object") {
    return { ...data as object, chunk: { ...chunk } };
  }
  if (Array.isArray(chunk?.fnArray) && Array.isArray(chunk?.argsArray)) {
    return {
      ...data as object,
      chunk: { ...chunk, fnArray: chunk.fnArray.slice(), argsArray: chunk.argsArray.slice() },
    };
  }
  if (!transfer?.length) {
    const copy = copyPlain(data, 0);
    if (copy !== NOT_PLAIN) return copy;
  }
  return structuredClone(data, { transfer });
}

/** Returned by {@linkcode copyPlain} for data it leaves to `structuredClone`. */
const NOT_PLAIN = Symbol("not plain");

/**
 * Deepest nesting copied by recursion; deeper data is copied by a loop
 * ({@linkcode copyDeep}), whose stack does not grow with the nesting.
 */
const MAX_DEPTH = 32;

/**
 * A deep copy of `value` when it is made only of primitives, dense arrays,
 * typed arrays and ordinary objects (the plain prototype, none, or a class's
 * whose instances hold nothing but their own properties), else
 * {@linkcode NOT_PLAIN}. For such data the copy equals `structuredClone`'s
 * (an instance arrives as a plain object of its own enumerable properties),
 * except that an object reached twice is copied twice (pdf.js' messages are
 * trees) and a typed array's copy holds only its own elements, not the
 * rest of the buffer it viewed.
 */
export function copyPlain(value: unknown, depth: number): unknown {
  if (typeof value !== "object" || value === null) {
    return typeof value === "function" || typeof value === "symbol" ? NOT_PLAIN : value;
  }
  if (depth >= MAX_DEPTH) return copyDeep(value);
  if (ArrayBuffer.isView(value)) {
    // A typed array (a rectangle, a colour) becomes a copy of its own elements.
    return value instanceof DataView || value.buffer instanceof SharedArrayBuffer
      ? NOT_PLAIN
      : (value as unknown as { slice(): unknown }).slice();
  }
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return NOT_PLAIN;
    const copy = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) return NOT_PLAIN;
      const item = copyPlain(value[i], depth + 1);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      copy[i] = item;
    }
    return copy;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null && !isOrdinaryInstance(value)) return NOT_PLAIN;
  const copy: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key) || key === "__proto__") return NOT_PLAIN;
    const item = copyPlain((value as Record<string, unknown>)[key], depth + 1);
    if (item === NOT_PLAIN) return NOT_PLAIN;
    copy[key] = item;
  }
  return copy;
}

/**
 * Most objects {@linkcode copyDeep} copies: pdf.js' messages are trees far
 * smaller; objects shared within one (each copied as often as it is reached)
 * could multiply beyond.
 */
const MAX_DEEP_OBJECTS = 1 << 20;

/** The depth an object at `depth` is compared with for a cycle: the last power of two below it (0 for 1). */
function checkpoint(depth: number): number {
  return depth <= 1 ? 0 : 2 ** Math.floor(Math.log2(depth - 1));
}

/** An object or array being copied by {@linkcode copyDeep}: its keys, the next to copy, the copy so far. */
interface Frame {
  source: Record<string | number, unknown>;
  target: Record<string | number, unknown>;
  keys: (string | number)[];
  next: number;
}

/**
 * {@linkcode copyPlain}'s copy of data nested past {@linkcode MAX_DEPTH}, made
 * by a loop: `structuredClone` recurses per level and runs out of stack past
 * about 1,900 (an outline whose every entry is the child of the one before).
 * As in {@linkcode copyPlain}, an object reached twice is copied twice. An
 * object found inside itself (a cycle), or more than
 * {@linkcode MAX_DEEP_OBJECTS} objects, leave the whole to `structuredClone`,
 * which keeps cycles. A cycle is caught as Brent's method catches one: each
 * object is compared with the one on its path at the last power of two of
 * depths, which a cycle of length L starting at depth S meets again within
 * about 2·max(S, L) levels.
 */
function copyDeep(root: object): unknown {
  let budget = MAX_DEEP_OBJECTS;
  const frames: Frame[] = [];
  // A leaf's copy, or a new empty copy whose frame is pushed to be filled, or NOT_PLAIN.
  const open = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) {
      return typeof value === "function" || typeof value === "symbol" ? NOT_PLAIN : value;
    }
    if (--budget < 0 || value === frames[checkpoint(frames.length)]?.source) return NOT_PLAIN;
    if (ArrayBuffer.isView(value)) {
      return value instanceof DataView || value.buffer instanceof SharedArrayBuffer
        ? NOT_PLAIN
        : (value as unknown as { slice(): unknown }).slice();
    }
    const keys: (string | number)[] = [];
    let target: Record<string | number, unknown>;
    if (Array.isArray(value)) {
      if (Object.getPrototypeOf(value) !== Array.prototype) return NOT_PLAIN;
      for (let i = 0; i < value.length; i++) {
        if (!(i in value)) return NOT_PLAIN;
        keys.push(i);
      }
      target = new Array(value.length) as unknown as Record<number, unknown>;
    } else {
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null && !isOrdinaryInstance(value)) return NOT_PLAIN;
      for (const key in value) {
        if (!Object.hasOwn(value, key) || key === "__proto__") return NOT_PLAIN;
        keys.push(key);
      }
      target = {};
    }
    frames.push({ source: value as Record<string | number, unknown>, target, keys, next: 0 });
    return target;
  };
  const copy = open(root);
  for (let frame = frames.at(-1); frame && copy !== NOT_PLAIN; frame = frames.at(-1)) {
    if (frame.next === frame.keys.length) {
      frames.pop();
      continue;
    }
    const key = frame.keys[frame.next++] as string | number;
    const item = open(frame.source[key]);
    if (item === NOT_PLAIN) return NOT_PLAIN;
    frame.target[key] = item;
  }
  return copy;
}

/**
 * True for an instance of a class that `structuredClone` copies as a plain
 * object of its own properties: one the platform gives no internal state
 * (a map, a date, an error, a promise and the like name their kind here).
 */
function isOrdinaryInstance(value: object): boolean {
  return Object.prototype.toString.call(value) === "[object Object]";
}

/**
 * Whether the client of a paid request is still there, asked right before its
 * payment is settled: a buyer who hung up is never charged.
 *
 * `request.signal` alone cannot tell. Deno's HTTP/1.1 server does not abort
 * it when a client closes its side of the connection while the handler runs
 * (on Deno 2.9 a raw loopback client sending FIN after its request leaves the
 * signal untouched, with or without a request body), so the handler's answer
 * would only be found undeliverable when it is written, after settlement. So,
 * where the platform shows it (Linux), the connection's TCP state is read as
 * well: a peer that sent FIN leaves our end in CLOSE-WAIT, one that sent RST
 * leaves no socket at all. Where that table cannot be read, the signal is all
 * there is.
 *
 * Reading a table costs the kernel a walk of its whole connection hash (about
 * a millisecond on a large host, however few connections there are), so only
 * the table the peer can be in is read first: `tcp` for an IPv4 peer, then
 * `tcp6` (where a dual-stack listener lists it as an IPv4-mapped address)
 * only when it is not seen open there; and a table is read one call at a
 * time, stopping at the line that shows the peer open (one call, where a
 * whole-file read makes at least two). And a table is read only for a
 * request in the house for at least {@linkcode TABLE_AFTER_MS}: a read costs
 * about half a millisecond, a good part of a paid call answered locally, and
 * a client that hung up sooner gave up before any paid answer could have
 * reached it (the abort signal is heeded at any age).
 *
 * @module
 */
import { setImmediate } from "node:timers";

/** Asked right before settlement: has the client gone away? */
export interface ClientPresence {
  /** True when the client is known to be gone; false when it is there or cannot be told. */
  gone(): Promise<boolean>;
}

/** A presence that only knows what `signal` says. */
export function signalPresence(signal: AbortSignal | undefined): ClientPresence {
  return { gone: () => Promise.resolve(signal?.aborted ?? false) };
}

/** The connection a request came on: the peer's address as the server saw it. */
export interface PeerAddress {
  hostname: string;
  port: number;
}

/**
 * Age in milliseconds of a request below which its connection's TCP state
 * is not read: a paid answer takes longer to reach a client over a network
 * (a facilitator's verification and settlement on a real chain alone do).
 */
export const TABLE_AFTER_MS = 20;

/**
 * The presence of the client at `peer`: gone when `signal` aborted, or when
 * the kernel's TCP table shows that connection closed by the peer or gone.
 * With `receivedAt` (the request's arrival, `performance.now()`), the table
 * is read only once the request is {@linkcode TABLE_AFTER_MS} old.
 */
export function connectionPresence(
  signal: AbortSignal | undefined,
  peer: PeerAddress | undefined,
  receivedAt?: number,
): ClientPresence {
  return {
    async gone() {
      if (signal?.aborted) return true;
      if (!peer) return false;
      if (receivedAt !== undefined && performance.now() - receivedAt < TABLE_AFTER_MS) return false;
      const state = await peerConnectionState(peer);
      return state === "closed" || state === "missing";
    },
  };
}

/** What the TCP table says of a connection from a peer. */
export type ConnectionState = "open" | "closed" | "missing" | "unknown";

/** TCP states (include/net/tcp_states.h) in which the peer can still receive our answer. */
const OPEN_STATES = new Set(["01", "04", "05"]); // ESTABLISHED, FIN_WAIT1, FIN_WAIT2
/** TCP states in which the peer has closed its side or the connection is ending. */
const CLOSED_STATES = new Set(["06", "07", "08", "09", "0B"]); // TIME_WAIT, CLOSE, CLOSE_WAIT, LAST_ACK, CLOSING

/**
 * The state of the connection whose remote end is `peer`, from
 * `/proc/net/tcp` and `/proc/net/tcp6`: `unknown` when the tables cannot be
 * read (not Linux, no permission), do not show this process's own
 * connections (some sandboxes), or the address is not an IP address.
 */
export async function peerConnectionState(peer: PeerAddress): Promise<ConnectionState> {
  const lookups = procLookups(peer);
  if (lookups.length === 0 || !await tablesShowConnections()) return "unknown";
  return await stateInTables(lookups);
}

/**
 * Whether the TCP tables show this process's connections at all (once per
 * process): a sandbox may offer a `/proc/net/tcp` that lists nothing, and a
 * connection missing from it must not pass for one the peer reset.
 */
let calibration: Promise<boolean> | undefined;
function tablesShowConnections(): Promise<boolean> {
  return calibration ??= (async () => {
    let listener: Deno.TcpListener | undefined;
    let client: Deno.Conn | undefined;
    let server: Deno.Conn | undefined;
    try {
      listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
      client = await Deno.connect({ hostname: "127.0.0.1", port: listener.addr.port });
      server = await listener.accept();
      const { hostname, port } = server.remoteAddr as Deno.NetAddr;
      return await stateInTables(procLookups({ hostname, port })) === "open";
    } catch {
      return false;
    } finally {
      for (const closable of [server, client, listener]) {
        try {
          closable?.close();
        } catch { /* already closed */ }
      }
    }
  })();
}

/** A table to read and the remote address, as written there, to look for. */
interface Lookup {
  table: "/proc/net/tcp" | "/proc/net/tcp6";
  remote: string;
}

async function stateInTables(lookups: Lookup[]): Promise<ConnectionState> {
  let read = false;
  let closed = false;
  for (const { table, remote } of lookups) {
    const state = await stateInTable(table, remote);
    if (state === "unreadable") continue;
    read = true;
    if (state === "open") return "open";
    if (state === "closed") closed = true;
  }
  if (!read) return "unknown";
  return closed ? "closed" : "missing";
}

/** Bytes asked for per read: more than the page of lines the kernel hands over at once. */
const READ_BYTES = 16 * 1024;
/** Reads made in a row before other work gets a turn: about 200 lines, well under a millisecond of the kernel's time. */
const READS_PER_TURN = 8;

/**
 * The state of the connections whose remote address is `remote` in `table`,
 * read until a line shows one open (as it does for a buyer who is still
 * there) or to the end. The kernel hands a page of lines (4 KB, about 27)
 * per read and walks its connection hash to fill it: about 0.4 ms for the
 * first page here whatever the table holds (262,144 buckets), and about
 * 90 µs a page more on a host whose table runs to thousands of lines (closed
 * connections waiting out TIME-WAIT are listed too). Reads are made in a
 * row on this thread, a few pages at a time with a turn for other work in
 * between: handed to another thread, the same read took 1.6–1.9× the CPU
 * time and 1.7–3× as long (a thread hop each way, more under load), and a
 * whole-file read asks once more after the end.
 */
async function stateInTable(
  table: Lookup["table"],
  remote: string,
): Promise<"open" | "closed" | "unreadable" | undefined> {
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(table);
  } catch {
    return "unreadable";
  }
  try {
    const buffer = new Uint8Array(READ_BYTES);
    const decoder = new TextDecoder();
    let closed = false;
    let carried = ""; // a line cut by the end of the previous read
    const scan = (count: number) => {
      const text = carried + decoder.decode(buffer.subarray(0, count), { stream: true });
      const lastLine = text.lastIndexOf("\n") + 1;
      carried = text.slice(lastLine);
      const state = stateInLines(text.slice(0, lastLine), remote);
      if (state === "closed") closed = true;
      return state === "open";
    };
    let count = file.readSync(buffer);
    for (let reads = 1; count !== null; reads++) {
      if (scan(count)) return "open";
      if (reads % READS_PER_TURN === 0) await nextTurn();
      count = file.readSync(buffer);
    }
    const state = stateInLines(carried, remote);
    return state === "open" ? "open" : closed || state === "closed" ? "closed" : undefined;
  } catch {
    return "unreadable";
  } finally {
    file.close();
  }
}

/** Resolves once the event loop has run whatever else was ready (I/O included, unlike a microtask). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The state of the connections whose remote address is `remote` in whole lines of a table (split only where it appears). */
function stateInLines(text: string, remote: string): "open" | "closed" | undefined {
  let closed = false;
  const needle = ` ${remote} `;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const lineEnd = text.indexOf("\n", at);
    const line = text.slice(text.lastIndexOf("\n", at) + 1, lineEnd === -1 ? undefined : lineEnd);
    const fields = line.trim().split(/\s+/); // sl local_address rem_address st ...
    if (fields[2] !== remote) continue; // our own end of a connection to that address
    const state = fields[3] ?? "";
    if (OPEN_STATES.has(state)) return "open";
    if (CLOSED_STATES.has(state)) closed = true;
  }
  return closed ? "closed" : undefined;
}

/**
 * Where `peer` is listed, in the order to look: an IPv4 peer in `tcp`, then
 * IPv4-mapped in `tcp6`; an IPv4-mapped or IPv6 peer in `tcp6` only.
 */
function procLookups(peer: PeerAddress): Lookup[] {
  const port = peer.port.toString(16).toUpperCase().padStart(4, "0");
  const host = peer.hostname.replace(/^\[|\]$/g, "");
  const unmapped = host.replace(/^::ffff:/i, "");
  const v4 = ipv4Bytes(unmapped);
  if (v4) {
    const mapped = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...v4];
    const inTcp6: Lookup = { table: "/proc/net/tcp6", remote: `${wordsHex(mapped)}:${port}` };
    return unmapped === host
      ? [{ table: "/proc/net/tcp", remote: `${wordsHex(v4)}:${port}` }, inTcp6]
      : [inTcp6];
  }
  const v6 = ipv6Bytes(host);
  return v6 ? [{ table: "/proc/net/tcp6", remote: `${wordsHex(v6)}:${port}` }] : [];
}

/** Bytes as the kernel prints them: each 32-bit word in host (little-endian) order. */
function wordsHex(bytes: number[]): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 4) {
    for (let j = 3; j >= 0; j--) out += bytes[i + j]!.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}

function ipv4Bytes(host: string): number[] | undefined {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) {
    return undefined;
  }
  return parts.map(Number);
}

function ipv6Bytes(host: string): number[] | undefined {
  if (!/^[0-9a-fA-F:]+$/.test(host) || !host.includes(":")) return undefined;
  const [head = "", tail] = host.split("::");
  const headWords = head ? head.split(":") : [];
  const tailWords = tail ? tail.split(":") : [];
  const missing = 8 - headWords.length - tailWords.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return undefined;
  const words = [...headWords, ...Array(missing).fill("0"), ...tailWords];
  if (words.some((word) => word.length > 4)) return undefined;
  return words.flatMap((word) => {
    const value = parseInt(word || "0", 16);
    return [value >> 8, value & 0xff];
  });
}

import assert from "node:assert/strict";
import {
  connectionPresence,
  peerConnectionState,
  signalPresence,
  TABLE_AFTER_MS,
} from "../../../lib/shared/client_presence.ts";
import { until } from "../../_support/until.ts";

/** A loopback listener with one accepted connection: the client's end and the peer address the server sees. */
async function connectionPair(hostname = "127.0.0.1") {
  const listener = Deno.listen({ hostname, port: 0 });
  const client = await Deno.connect({ hostname, port: listener.addr.port });
  const server = await listener.accept();
  const peer = server.remoteAddr as Deno.NetAddr;
  return { listener, client, server, peer: { hostname: peer.hostname, port: peer.port } };
}

/**
 * The state of `peer`'s connection once it is no longer seen open, read
 * again until then (failing after five seconds): the kernel handles a
 * loopback FIN at once, but a test machine may be slow to get there.
 */
async function stateOnceClosed(peer: { hostname: string; port: number }): Promise<string> {
  let state = "open";
  await until(
    async () => (state = await peerConnectionState(peer)) !== "open",
    `port ${peer.port} to close`,
    {
      timeoutMs: 5_000,
      everyMs: 10,
    },
  );
  return state;
}

Deno.test("peerConnectionState() sees a connection open, then closed by its peer", async () => {
  const { listener, client, server, peer } = await connectionPair();
  try {
    assert.equal(await peerConnectionState(peer), "open");
    assert.equal(await connectionPresence(undefined, peer).gone(), false);
    client.close();
    assert.equal(await stateOnceClosed(peer), "closed", "our end waits in CLOSE-WAIT");
    assert.equal(await connectionPresence(undefined, peer).gone(), true);
  } finally {
    server.close();
    listener.close();
  }
});

Deno.test("peerConnectionState() finds a peer pages deep in a long table, open and then closed", async () => {
  // Both ends of 400 loopback connections: some 800 lines, thirty pages of the kernel's, read a few at a time.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const clients: Deno.Conn[] = [];
  const servers: Deno.Conn[] = [];
  try {
    for (let i = 0; i < 400; i++) {
      clients.push(await Deno.connect({ hostname: "127.0.0.1", port: listener.addr.port }));
      servers.push(await listener.accept());
    }
    const lines = (await Deno.readTextFile("/proc/net/tcp")).split("\n").length;
    assert.ok(lines > 800, `the table is long (${lines} lines)`);
    const peers = servers.map((server) => server.remoteAddr as Deno.NetAddr);
    const states = await Promise.all(peers.map((peer) => peerConnectionState(peer)));
    assert.deepEqual(new Set(states), new Set(["open"]));
    const [leaving] = clients.splice(-1);
    leaving!.close();
    assert.equal(await stateOnceClosed(peers.at(-1)!), "closed");
    assert.equal(await peerConnectionState({ hostname: "127.0.0.1", port: 1 }), "missing");
  } finally {
    for (const conn of [...clients, ...servers]) conn.close();
    listener.close();
  }
});

Deno.test("a request younger than TABLE_AFTER_MS is not looked up in the table; its signal still counts", async () => {
  const { listener, client, server, peer } = await connectionPair();
  try {
    client.close();
    assert.equal(await stateOnceClosed(peer), "closed");
    // Arrived "now", with room for a stalled test machine: still younger than TABLE_AFTER_MS when read.
    const justArrived = performance.now() + 10_000;
    assert.equal(await connectionPresence(undefined, peer, justArrived).gone(), false, "too young to read");
    const old = performance.now() - TABLE_AFTER_MS;
    assert.equal(await connectionPresence(undefined, peer, old).gone(), true, "old enough: read, and gone");
    const controller = new AbortController();
    controller.abort();
    assert.equal(await connectionPresence(controller.signal, peer, justArrived).gone(), true);
  } finally {
    server.close();
    listener.close();
  }
});

/** Whether this host has IPv6 loopback at all. */
function hasIpv6Loopback(): boolean {
  try {
    Deno.listen({ hostname: "::1", port: 0 }).close();
    return true;
  } catch {
    return false;
  }
}

Deno.test(
  { name: "peerConnectionState() reads IPv6 peers from tcp6", ignore: !hasIpv6Loopback() },
  async () => {
    const { listener, client, server, peer } = await connectionPair("::1");
    try {
      assert.equal(peer.hostname, "::1");
      assert.equal(await peerConnectionState(peer), "open");
      client.close();
      assert.equal(await stateOnceClosed(peer), "closed");
    } finally {
      server.close();
      listener.close();
    }
  },
);

Deno.test("peerConnectionState() does not know addresses it cannot read", async () => {
  assert.equal(await peerConnectionState({ hostname: "not-an-address", port: 1 }), "unknown");
  assert.equal(await connectionPresence(undefined, { hostname: "fe80::1%eth0", port: 1 }).gone(), false);
  assert.equal(await connectionPresence(undefined, undefined).gone(), false);
});

Deno.test("a presence is gone once its signal aborted, whatever the connection", async () => {
  const controller = new AbortController();
  assert.equal(await signalPresence(controller.signal).gone(), false);
  controller.abort();
  assert.equal(await signalPresence(controller.signal).gone(), true);
  assert.equal(await connectionPresence(controller.signal, undefined).gone(), true);
});

Deno.test(
  {
    name: "peerConnectionState() finds an IPv4 client of a dual-stack listener in tcp6",
    ignore: !hasIpv6Loopback(),
  },
  async () => {
    const listener = Deno.listen({ hostname: "::", port: 0 });
    const client = await Deno.connect({ hostname: "127.0.0.1", port: listener.addr.port });
    const server = await listener.accept();
    const { hostname, port } = server.remoteAddr as Deno.NetAddr;
    try {
      assert.equal(hostname, "::ffff:127.0.0.1");
      assert.equal(await peerConnectionState({ hostname, port }), "open");
      assert.equal(
        await peerConnectionState({ hostname: "127.0.0.1", port }),
        "open",
        "written unmapped too",
      );
      client.close();
      assert.equal(await stateOnceClosed({ hostname, port }), "closed");
      assert.equal(await peerConnectionState({ hostname: "127.0.0.1", port }), "closed");
    } finally {
      server.close();
      listener.close();
    }
  },
);

Deno.test("peerConnectionState() reports as missing an address no connection comes from, though our listener has it", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    const text = await Deno.readTextFile("/proc/net/tcp");
    const port = listener.addr.port.toString(16).toUpperCase().padStart(4, "0");
    assert.ok(
      text.includes(`0100007F:${port} 00000000:0000 0A`),
      "the listening socket is listed, as a local address",
    );
    assert.equal(await peerConnectionState({ hostname: "127.0.0.1", port: listener.addr.port }), "missing");
  } finally {
    listener.close();
  }
});

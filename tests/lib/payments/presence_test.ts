import assert from "node:assert/strict";
import { connectionPresence, peerConnectionState, signalPresence } from "../../../lib/payments/presence.ts";

/** A loopback listener with one accepted connection: the client's end and the peer address the server sees. */
async function connectionPair() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const client = await Deno.connect({ hostname: "127.0.0.1", port: listener.addr.port });
  const server = await listener.accept();
  const peer = server.remoteAddr as Deno.NetAddr;
  return { listener, client, server, peer: { hostname: peer.hostname, port: peer.port } };
}

Deno.test("peerConnectionState() sees a connection open, then closed by its peer", async () => {
  const { listener, client, server, peer } = await connectionPair();
  try {
    assert.equal(await peerConnectionState(peer), "open");
    assert.equal(await connectionPresence(undefined, peer).gone(), false);
    client.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(await peerConnectionState(peer), "closed", "our end waits in CLOSE-WAIT");
    assert.equal(await connectionPresence(undefined, peer).gone(), true);
  } finally {
    server.close();
    listener.close();
  }
});

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

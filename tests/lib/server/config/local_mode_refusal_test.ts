/**
 * Where the service runs decides whether local mode may start: it is refused
 * on a host unless asked for.
 */
import assert from "node:assert/strict";
import { isLoopbackHost, localModeRefusal } from "../../../../lib/server/config/local_mode_refusal.ts";

Deno.test("isLoopbackHost() tells this machine from the network", () => {
  for (const host of ["127.0.0.1", "127.0.0.53", "localhost", "::1", "[::1]"]) {
    assert.ok(isLoopbackHost(host), host);
  }
  for (const host of ["0.0.0.0", "::", "10.0.0.5", "example.com", "128.0.0.1"]) {
    assert.ok(!isLoopbackHost(host), host);
  }
});

Deno.test("local mode is the default on this machine, refused on Deno Deploy or beyond loopback", () => {
  assert.equal(localModeRefusal({}), undefined);
  assert.equal(localModeRefusal({ host: "127.0.0.1" }), undefined);
  assert.match(localModeRefusal({ onDeploy: true })!, /Deno Deploy.*SERVICE_MODE=devnet/);
  assert.match(localModeRefusal({ host: "0.0.0.0" })!, /HOST "0\.0\.0\.0".*SERVICE_MODE=local/);
  // Asked for explicitly, it starts anywhere; the remote modes are not concerned.
  assert.equal(localModeRefusal({ modeSetting: "local", host: "0.0.0.0", onDeploy: true }), undefined);
  assert.equal(localModeRefusal({ modeSetting: "devnet", onDeploy: true }), undefined);
});

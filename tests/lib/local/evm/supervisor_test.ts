import assert from "node:assert/strict";
import { startLocalEvm } from "../../../../lib/local/evm/chain.ts";
import { until } from "../../../_support/until.ts";

Deno.test("startLocalEvm() replaces an Anvil that stops answering (SIGSTOP), under the same service keys", async () => {
  const evm = await startLocalEvm({
    // A probe of a loaded machine's healthy Anvil can take a few hundred ms; one that is stopped never answers.
    supervision: { probeIntervalMs: 200, probeTimeoutMs: 1_000, missedProbes: 2 },
  });
  try {
    const first = evm.status();
    assert.equal(first.state, "up");
    assert.equal(first.restarts, 0);
    const signer = evm.facilitatorSigner.getAddresses();
    Deno.kill(first.pid!, "SIGSTOP");
    await until(() => evm.status().state === "restarting", "the hang to be noticed");
    assert.match(evm.status().lastFailure!.reason, /stopped answering/);
    await assert.rejects(
      evm.usdcBalance("0x000000000000000000000000000000000000dEaD"),
      /local EVM chain is down .*stopped answering/,
    );
    await until(() => evm.status().state === "up", "the restart", { timeoutMs: 30_000 });
    const second = evm.status();
    assert.notEqual(second.pid, first.pid);
    assert.equal(second.restarts, 1);
    assert.deepEqual(evm.facilitatorSigner.getAddresses(), signer);
    await evm.fund("0x000000000000000000000000000000000000dEaD", 5n);
    assert.equal(await evm.usdcBalance("0x000000000000000000000000000000000000dEaD"), 5n);
  } finally {
    await evm.stop();
  }
  assert.equal(evm.status().state, "stopped");
});

Deno.test("startLocalEvm() after stop() does not restart Anvil", async () => {
  const evm = await startLocalEvm({ supervision: { probeIntervalMs: 100 } });
  const { pid } = evm.status();
  await evm.stop();
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(evm.status().state, "stopped");
  assert.equal(evm.status().restarts, 0);
  assert.ok(pid);
  assert.throws(() => Deno.kill(pid, "SIGCONT"), "the stopped Anvil is gone");
});

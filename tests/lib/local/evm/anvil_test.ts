import assert from "node:assert/strict";
import { UnavailableError } from "../../../../lib/shared/errors.ts";
import { resolveAnvilBinary, startAnvil } from "../../../../lib/local/evm/anvil.ts";

/** Sends one JSON-RPC call and returns its `result`. */
async function call(rpcUrl: string, method: string): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }),
  });
  return (await response.json()).result;
}

/** Whether a process with this id exists. */
function alive(pid: number): boolean {
  try {
    Deno.statSync(`/proc/${pid}`);
    return true;
  } catch {
    return false;
  }
}

/** Waits up to `ms` for `check` to hold. */
async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

Deno.test("resolveAnvilBinary() finds the npm-installed anvil executable", async () => {
  const { stdout, success } = await new Deno.Command(resolveAnvilBinary(), { args: ["--version"] }).output();
  assert.ok(success);
  assert.match(new TextDecoder().decode(stdout), /^anvil Version: \d+\.\d+\.\d+/);
});

Deno.test("startAnvil() serves the chain id on loopback with no dev accounts, and stop() ends it", async () => {
  const anvil = await startAnvil({ chainId: 84532 });
  try {
    assert.match(anvil.rpcUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(await call(anvil.rpcUrl, "eth_chainId"), "0x14a34");
    assert.deepEqual(await call(anvil.rpcUrl, "eth_accounts"), []);
    assert.ok(anvil.running);
    assert.ok(alive(anvil.pid));
  } finally {
    await anvil.stop();
  }
  assert.equal(anvil.running, false);
  assert.equal(alive(anvil.pid), false);
  await assert.rejects(call(anvil.rpcUrl, "eth_chainId"), TypeError);
  await anvil.stop();
});

Deno.test("startAnvil() gives two nodes different ports", async () => {
  const first = await startAnvil({ chainId: 1 });
  try {
    const second = await startAnvil({ chainId: 2 });
    try {
      assert.notEqual(first.rpcUrl, second.rpcUrl);
      assert.equal(await call(first.rpcUrl, "eth_chainId"), "0x1");
      assert.equal(await call(second.rpcUrl, "eth_chainId"), "0x2");
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
  }
});

Deno.test("startAnvil() rejects a missing binary with UnavailableError naming the path", async () => {
  await assert.rejects(startAnvil({ chainId: 84532, binary: "/nonexistent/anvil" }), (error: Error) => {
    assert.ok(error instanceof UnavailableError);
    assert.equal(
      error.message,
      'Cannot start the local EVM chain: anvil binary not found at "/nonexistent/anvil"',
    );
    return true;
  });
});

Deno.test("startAnvil() reports a binary that exits at once", async () => {
  await assert.rejects(startAnvil({ chainId: 84532, binary: "/bin/false" }), (error: Error) => {
    assert.ok(error instanceof UnavailableError);
    assert.match(error.message, /^Cannot start the local EVM chain: anvil exited during start-up/);
    return true;
  });
});

Deno.test("startAnvil() gives up after readyTimeoutMs when nothing answers", async () => {
  const silent = await Deno.makeTempFile({ suffix: ".sh" });
  try {
    await Deno.writeTextFile(silent, "#!/bin/sh\nexec sleep 30\n");
    await Deno.chmod(silent, 0o755);
    const started = Date.now();
    await assert.rejects(
      startAnvil({ chainId: 84532, binary: silent, readyTimeoutMs: 300 }),
      (error: Error) => {
        assert.ok(error instanceof UnavailableError);
        assert.equal(error.message, "Cannot start the local EVM chain: anvil did not answer within 300 ms");
        return true;
      },
    );
    assert.ok(Date.now() - started < 10_000);
  } finally {
    await Deno.remove(silent);
  }
});

Deno.test("startAnvil() leaves no anvil behind when its Deno process is killed with SIGKILL", async () => {
  const module = new URL("../../../../lib/local/evm/anvil.ts", import.meta.url).href;
  const script = `import { startAnvil } from ${JSON.stringify(module)};
const anvil = await startAnvil({ chainId: 84532 });
console.log(anvil.pid);
await new Promise(() => setInterval(() => {}, 1000));`;
  const host = new Deno.Command(Deno.execPath(), { args: ["eval", script], stdout: "piped", stderr: "null" })
    .spawn();
  const reader = host.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let anvilPid = 0;
  try {
    let text = "";
    while (!text.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    anvilPid = Number.parseInt(text, 10);
    assert.ok(anvilPid > 0 && alive(anvilPid), `anvil pid "${text.trim()}" should be running`);
  } finally {
    host.kill("SIGKILL");
    await reader.cancel();
    await host.status;
  }
  assert.ok(await eventually(() => !alive(anvilPid), 5_000), `anvil ${anvilPid} outlived its parent`);
});

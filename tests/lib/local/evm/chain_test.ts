import assert from "node:assert/strict";
import { InvalidInputError, UnavailableError } from "../../../../lib/shared/errors.ts";
import { LOCAL_EVM_MAX_FUND_ATOMIC, startLocalEvm } from "../../../../lib/local/evm/chain.ts";
import { connect, newAccount } from "./_clients.ts";

Deno.test("startLocalEvm() funds, reads balances and refuses bad input", async (t) => {
  const evm = await startLocalEvm();
  try {
    const { publicClient } = connect(evm.rpcUrl);

    await t.step("the facilitator signer is one fresh address holding ether for gas", async () => {
      const addresses = evm.facilitatorSigner.getAddresses();
      assert.equal(addresses.length, 1);
      assert.ok(await publicClient.getBalance({ address: addresses[0]! }) > 0n);
    });

    await t.step("concurrent fund() calls all land", async () => {
      const payer = newAccount().address;
      const hashes = await Promise.all(
        [1n, 2n, 3n, 4n, 5n].map((amount) => evm.fund(payer, amount * 1_000n)),
      );
      assert.equal(new Set(hashes).size, 5);
      assert.equal(await evm.usdcBalance(payer), 15_000n);
    });

    await t.step("fund() accepts a lowercase address", async () => {
      const payer = newAccount().address;
      await evm.fund(payer.toLowerCase() as `0x${string}`, 1n);
      assert.equal(await evm.usdcBalance(payer), 1n);
    });

    await t.step("usdcBalance() of an untouched address is zero", async () => {
      assert.equal(await evm.usdcBalance(newAccount().address), 0n);
    });

    await t.step("fund() refuses a malformed address", async () => {
      await assert.rejects(evm.fund("0x1234" as `0x${string}`, 1n), (error: Error) => {
        assert.ok(error instanceof InvalidInputError);
        assert.equal(error.message, 'Invalid address "0x1234": not a 20-byte hex EVM address');
        return true;
      });
      await assert.rejects(evm.usdcBalance("nope" as `0x${string}`), InvalidInputError);
    });

    await t.step("fund() refuses amounts outside 1..LOCAL_EVM_MAX_FUND_ATOMIC", async () => {
      const payer = newAccount().address;
      for (const amount of [0n, -5n, LOCAL_EVM_MAX_FUND_ATOMIC + 1n]) {
        await assert.rejects(evm.fund(payer, amount), (error: Error) => {
          assert.ok(error instanceof InvalidInputError);
          assert.match(error.message, new RegExp(`^Invalid amount "${amount}": must be 1 to `));
          return true;
        });
      }
      await assert.rejects(evm.fund(payer, 5 as unknown as bigint), InvalidInputError);
      assert.equal(await evm.usdcBalance(payer), 0n);
    });
  } finally {
    await evm.stop();
  }

  await t.step(
    "after stop() fund() and usdcBalance() are unavailable, and stop() is idempotent",
    async () => {
      const payer = newAccount().address;
      await assert.rejects(evm.fund(payer, 1n), UnavailableError);
      await assert.rejects(evm.usdcBalance(payer), UnavailableError);
      await evm.stop();
    },
  );
});

Deno.test("startLocalEvm() generates new keys on each start", async () => {
  const first = await startLocalEvm();
  try {
    const second = await startLocalEvm();
    try {
      assert.notEqual(first.facilitatorSigner.getAddresses()[0], second.facilitatorSigner.getAddresses()[0]);
      assert.notEqual(first.rpcUrl, second.rpcUrl);
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
  }
});

Deno.test("startLocalEvm() with a missing anvil rejects with UnavailableError", async () => {
  await assert.rejects(startLocalEvm({ anvilBinary: "/nonexistent/anvil" }), UnavailableError);
});

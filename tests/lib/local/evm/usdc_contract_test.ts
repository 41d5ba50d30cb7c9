import assert from "node:assert/strict";
import { type Address, domainSeparator, type Hex, parseEventLogs, parseSignature } from "viem";
import { LOCAL_EVM_CHAIN_ID, LOCAL_EVM_USDC, startLocalEvm } from "../../../../lib/local/evm/chain.ts";
import { compileLocalContracts } from "../../../../lib/local/evm/contracts.ts";
import {
  type Authorization,
  authorization,
  connect,
  EIP3009_TYPES,
  newAccount,
  randomNonce,
  signAuthorization,
  USDC_DOMAIN,
} from "./_clients.ts";

/** Rejects unless `promise` fails with a revert whose message matches `reason`. */
async function assertReverts(promise: Promise<unknown>, reason: RegExp): Promise<void> {
  await assert.rejects(promise, (error: Error) => {
    assert.match(error.message, reason);
    return true;
  });
}

/** `transferWithAuthorization` arguments with a split (v, r, s) signature. */
function splitArgs(auth: Authorization, signature: Hex) {
  const { v, r, s } = parseSignature(signature);
  return [
    auth.from,
    auth.to,
    auth.value,
    auth.validAfter,
    auth.validBefore,
    auth.nonce,
    Number(v),
    r,
    s,
  ] as const;
}

Deno.test("LocalUsdc on the local chain behaves as ERC-20 + EIP-3009 USDC", async (t) => {
  const evm = await startLocalEvm();
  try {
    const { abi } = (await compileLocalContracts()).usdc;
    const { publicClient, wallet } = connect(evm.rpcUrl);
    const usdc = { address: LOCAL_EVM_USDC, abi } as const;
    const payer = newAccount();
    const payee = newAccount();
    const relayer = newAccount();
    const payerWallet = await wallet(payer);
    const relayerWallet = await wallet(relayer);
    const read = (functionName: string, args: unknown[] = []) =>
      publicClient.readContract({ ...usdc, functionName, args });
    const send = async (client: typeof relayerWallet, functionName: string, args: readonly unknown[]) => {
      const hash = await client.writeContract({ ...usdc, functionName, args });
      return await publicClient.waitForTransactionReceipt({ hash });
    };

    await t.step("fund() mints through the faucet: balance, supply and Transfer from zero", async () => {
      const supplyBefore = await read("totalSupply") as bigint;
      const hash = await evm.fund(payer.address, 5_000_000n);
      const receipt = await publicClient.getTransactionReceipt({ hash });
      assert.equal(receipt.status, "success");
      const [transfer] = parseEventLogs({
        abi,
        logs: receipt.logs,
        eventName: "Transfer",
      }) as unknown as Array<
        { args: { from: Address; to: Address; value: bigint } }
      >;
      assert.deepEqual(transfer?.args, {
        from: "0x0000000000000000000000000000000000000000",
        to: payer.address,
        value: 5_000_000n,
      });
      assert.equal(await read("balanceOf", [payer.address]), 5_000_000n);
      assert.equal(await read("totalSupply"), supplyBefore + 5_000_000n);
    });

    await t.step("mint() from an account other than the minter reverts", async () => {
      await assertReverts(send(relayerWallet, "mint", [relayer.address, 1n]), /caller is not the minter/);
      assert.equal(await read("balanceOf", [relayer.address]), 0n);
    });

    await t.step("transfer() moves funds and refuses more than the balance", async () => {
      await send(payerWallet, "transfer", [payee.address, 250_000n]);
      assert.equal(await read("balanceOf", [payer.address]), 4_750_000n);
      assert.equal(await read("balanceOf", [payee.address]), 250_000n);
      await assertReverts(send(payerWallet, "transfer", [payee.address, 5_000_000n]), /exceeds balance/);
    });

    await t.step(
      "transferWithAuthorization() with a valid signature moves funds, relayed by anyone",
      async (step) => {
        const auth = authorization(payer.address, payee.address, 1_000_000n);
        const signature = await signAuthorization(payer, auth);
        const receipt = await send(relayerWallet, "transferWithAuthorization", splitArgs(auth, signature));
        assert.equal(receipt.status, "success");
        assert.equal(await read("balanceOf", [payer.address]), 3_750_000n);
        assert.equal(await read("balanceOf", [payee.address]), 1_250_000n);
        assert.equal(await read("authorizationState", [payer.address, auth.nonce]), true);
        const used = parseEventLogs({
          abi,
          logs: receipt.logs,
          eventName: "AuthorizationUsed",
        }) as unknown as Array<
          { args: { authorizer: Address; nonce: Hex } }
        >;
        assert.deepEqual(used.map((log) => log.args), [{ authorizer: payer.address, nonce: auth.nonce }]);

        await step.step("the same nonce then reverts on reuse", async () => {
          await assertReverts(
            send(relayerWallet, "transferWithAuthorization", splitArgs(auth, signature)),
            /authorization is used or canceled/,
          );
          assert.equal(await read("balanceOf", [payee.address]), 1_250_000n);
        });
      },
    );

    await t.step("transferWithAuthorization() accepts a 65-byte signature (bytes overload)", async () => {
      const auth = authorization(payer.address, payee.address, 10n);
      const signature = await signAuthorization(payer, auth);
      const args = [auth.from, auth.to, auth.value, auth.validAfter, auth.validBefore, auth.nonce, signature];
      assert.equal((await send(relayerWallet, "transferWithAuthorization", args)).status, "success");
      assert.equal(await read("balanceOf", [payee.address]), 1_250_010n);
    });

    await t.step("transferWithAuthorization() past validBefore reverts as expired", async () => {
      const now = BigInt(Math.floor(Date.now() / 1000));
      const auth = {
        ...authorization(payer.address, payee.address, 1n),
        validAfter: 0n,
        validBefore: now - 60n,
      };
      await assertReverts(
        send(
          relayerWallet,
          "transferWithAuthorization",
          splitArgs(auth, await signAuthorization(payer, auth)),
        ),
        /authorization is expired/,
      );
    });

    await t.step("transferWithAuthorization() before validAfter reverts as not yet valid", async () => {
      const now = BigInt(Math.floor(Date.now() / 1000));
      const auth = { ...authorization(payer.address, payee.address, 1n), validAfter: now + 3600n };
      await assertReverts(
        send(
          relayerWallet,
          "transferWithAuthorization",
          splitArgs(auth, await signAuthorization(payer, auth)),
        ),
        /authorization is not yet valid/,
      );
    });

    await t.step("transferWithAuthorization() signed by another key reverts", async () => {
      const auth = authorization(payer.address, relayer.address, 1_000n);
      const forged = await signAuthorization(relayer, auth);
      await assertReverts(
        send(relayerWallet, "transferWithAuthorization", splitArgs(auth, forged)),
        /invalid signature/,
      );
      assert.equal(await read("authorizationState", [payer.address, auth.nonce]), false);
      assert.equal(await read("balanceOf", [relayer.address]), 0n);
    });

    await t.step(
      "transferWithAuthorization() with a receive signature reverts (typehash is bound)",
      async () => {
        const auth = authorization(payer.address, payee.address, 1n);
        const signature = await signAuthorization(payer, auth, "ReceiveWithAuthorization");
        await assertReverts(
          send(relayerWallet, "transferWithAuthorization", splitArgs(auth, signature)),
          /invalid signature/,
        );
      },
    );

    await t.step("receiveWithAuthorization() works for the payee and only the payee", async () => {
      const payeeWallet = await wallet(payee);
      const auth = authorization(payer.address, payee.address, 500n);
      const args = splitArgs(auth, await signAuthorization(payer, auth, "ReceiveWithAuthorization"));
      await assertReverts(send(relayerWallet, "receiveWithAuthorization", args), /caller must be the payee/);
      const before = await read("balanceOf", [payee.address]) as bigint;
      assert.equal((await send(payeeWallet, "receiveWithAuthorization", args)).status, "success");
      assert.equal(await read("balanceOf", [payee.address]), before + 500n);
    });

    await t.step("cancelAuthorization() burns an unused nonce so a later transfer reverts", async () => {
      const auth = authorization(payer.address, payee.address, 1n);
      const cancel = parseSignature(
        await payer.signTypedData({
          domain: USDC_DOMAIN,
          types: EIP3009_TYPES,
          primaryType: "CancelAuthorization",
          message: { authorizer: payer.address, nonce: auth.nonce },
        }),
      );
      const receipt = await send(relayerWallet, "cancelAuthorization", [
        payer.address,
        auth.nonce,
        Number(cancel.v),
        cancel.r,
        cancel.s,
      ]);
      assert.equal(parseEventLogs({ abi, logs: receipt.logs, eventName: "AuthorizationCanceled" }).length, 1);
      assert.equal(await read("authorizationState", [payer.address, auth.nonce]), true);
      await assertReverts(
        send(
          relayerWallet,
          "transferWithAuthorization",
          splitArgs(auth, await signAuthorization(payer, auth)),
        ),
        /authorization is used or canceled/,
      );
    });

    await t.step("the EIP-712 domain is USDC / 2 / 84532 / the Base Sepolia USDC address", async () => {
      assert.equal(await read("name"), "USDC");
      assert.equal(await read("version"), "2");
      assert.equal(await read("decimals"), 6);
      const [fields, name, version, chainId, verifyingContract] = await read("eip712Domain") as [
        Hex,
        string,
        string,
        bigint,
        Address,
      ];
      assert.deepEqual([fields, name, version, chainId, verifyingContract], [
        "0x0f",
        "USDC",
        "2",
        BigInt(LOCAL_EVM_CHAIN_ID),
        LOCAL_EVM_USDC,
      ]);
      assert.equal(await read("DOMAIN_SEPARATOR"), domainSeparator({ domain: USDC_DOMAIN }));
      assert.equal(await publicClient.getChainId(), LOCAL_EVM_CHAIN_ID);
    });

    await t.step("authorizationState() is false for a nonce never used", async () => {
      assert.equal(await read("authorizationState", [payer.address, randomNonce()]), false);
    });
  } finally {
    await evm.stop();
  }
});

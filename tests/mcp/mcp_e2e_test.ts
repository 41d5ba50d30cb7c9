/**
 * End-to-end MCP: the real service in local mode, the SDK's `Client` over
 * `StreamableHTTPClientTransport`, and an unmodified x402 client paying real
 * USDC on the embedded Solana chain (`/mcp`) and EVM chain (`/alt/mcp`).
 */
import assert from "node:assert/strict";
import type { Address } from "@solana/kit";
import type { Client } from "@modelcontextprotocol/sdk/client";
// @ts-types="@modelcontextprotocol/sdk/validation/ajv-provider"
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import {
  callPaidTool,
  callTool,
  connectMcp,
  paymentRequiredOf,
  settlementOf,
} from "../../lib/buyer/mcp_client.ts";
import { registry } from "../../app.ts";
import { catalogOf } from "../../lib/operation/mod.ts";

const { operations, altOperations } = registry;
import { inputJsonSchema } from "../../lib/operation/schemas.ts";
import { fundedBuyer, startTestService, type TestService } from "../_support/service.ts";

const FEES_TOOL = "chain_priority_fees";
const PRICE_ATOMIC = 2000n; // $0.002
const SOLANA_DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
const BASE_SEPOLIA = "eip155:84532";
const WSOL = "So11111111111111111111111111111111111111112";

function operation(id: string) {
  const found = operations.find((op) => op.id === id);
  assert.ok(found, `the registry has ${id}`);
  return found;
}

async function withClients<T>(
  service: TestService,
  run: (clients: { solana: Client; alt: Client }) => Promise<T>,
): Promise<T> {
  const solana = await connectMcp(`${service.base}/mcp`);
  const alt = await connectMcp(`${service.base}/alt/mcp`);
  try {
    return await run({ solana, alt });
  } finally {
    await solana.close();
    await alt.close();
  }
}

Deno.test("[e2e] MCP: tools on both endpoints, unpaid, paid, replayed and invalid calls", async (t) => {
  const service = await startTestService();
  try {
    const local = service.runtime.local!;
    const solanaPayTo = service.runtime.rails.solana.payTo as Address;
    const evmPayTo = service.runtime.rails.evm!.payTo as `0x${string}`;
    const { buyer, client: payer } = await fundedBuyer(service);
    const validator = new AjvJsonSchemaValidator();

    await withClients(service, async ({ solana, alt }) => {
      await t.step(
        "tools/list on /mcp has every registry operation with schemas, price and hints",
        async () => {
          const { tools } = await solana.listTools();
          assert.deepEqual(tools.map((tool) => tool.name), operations.map((op) => op.id));
          for (const tool of tools) {
            const op = operation(tool.name);
            assert.equal(tool.title, op.title);
            assert.ok(tool.description!.startsWith(op.description.slice(0, 40)), tool.name);
            assert.ok(tool.description!.includes(`${op.price} in USDC on Solana`), tool.description);
            assert.deepEqual(tool.inputSchema, inputJsonSchema(op));
            assert.equal(tool.outputSchema?.type, "object");
            assert.deepEqual(tool.annotations, {
              title: op.title,
              destructiveHint: false,
              ...op.annotations,
            });
          }
          assert.match(solana.getInstructions() ?? "", /x402/);
          assert.match(solana.getInstructions() ?? "", /Solana/);
        },
      );

      await t.step("tools/list on /alt/mcp has the operations sold on the alternate chain", async () => {
        const { tools } = await alt.listTools();
        assert.deepEqual(tools.map((tool) => tool.name), altOperations.map((op) => op.id));
        assert.ok(tools.length > 0 && tools.length < operations.length);
        for (const tool of tools) assert.ok(tool.description!.includes("in USDC on Base"), tool.description);
        assert.match(alt.getInstructions() ?? "", /Base/);
      });

      await t.step("tools/list matches /server.json and the AI catalog, endpoint by endpoint", async () => {
        const serverJson = await (await fetch(`${service.base}/server.json`)).json();
        const catalog = await (await fetch(`${service.base}/.well-known/ai-catalog.json`)).json();
        const published = serverJson._meta["io.modelcontextprotocol.registry/publisher-provided"].endpoints;
        const endpoints = catalogOf(registry, service.runtime.rails).mcpEndpoints;
        assert.deepEqual(
          serverJson.remotes.map((remote: { url: string }) => remote.url),
          endpoints.map((endpoint) => service.base + endpoint.path),
        );
        for (const [index, client] of [solana, alt].entries()) {
          const listed = (await client.listTools()).tools.map((tool) => tool.name);
          assert.deepEqual(published[index].tools.map((tool: { name: string }) => tool.name), listed);
          assert.equal(catalog.entries[index].data.transport.url, service.base + endpoints[index]!.path);
          assert.deepEqual(
            catalog.entries[index].data.tools.map((tool: { name: string }) => tool.name),
            listed,
          );
        }
      });

      await t.step(
        "an unpaid call returns the payment requirement as a tool error that decodes",
        async () => {
          const result = await callTool(solana, FEES_TOOL, {});
          assert.equal(result.isError, true);
          const required = paymentRequiredOf(result)!;
          assert.deepEqual(
            result.structuredContent,
            JSON.parse((result.content[0] as { text: string }).text)["x402/error"].data,
          );
          assert.equal(required.x402Version, 2);
          assert.equal(required.resource.url, `${service.base}/mcp#${FEES_TOOL}`);
          assert.match(required.error!, /\$0\.002 in USDC on Solana/);
          assert.equal(required.accepts.length, 1);
          const [offer] = required.accepts;
          assert.equal(offer!.network, SOLANA_DEVNET);
          assert.equal(offer!.amount, String(PRICE_ATOMIC));
          assert.equal(offer!.payTo, solanaPayTo);
          const bazaar = required.extensions?.bazaar as {
            info: { input: { type: string; toolName: string } };
          };
          assert.deepEqual([bazaar.info.input.type, bazaar.info.input.toolName], ["mcp", FEES_TOOL]);
          assert.equal(settlementOf(result), undefined);
        },
      );

      await t.step(
        "a paid call returns the output and its settlement, and moves exactly the price",
        async () => {
          const before = local.solana.usdcBalance(solanaPayTo);
          const buyerBefore = local.solana.usdcBalance(buyer.solana.address);
          const paid = await callPaidTool(solana, payer, FEES_TOOL, {
            account: [WSOL],
            computeUnitLimit: 200_000,
          });
          assert.equal(paid.result.isError, undefined, JSON.stringify(paid.result.content));
          assert.equal(paid.settlement?.success, true);
          assert.equal(paid.settlement?.network, SOLANA_DEVNET);
          assert.equal(paid.settlement?.payer, buyer.solana.address);
          const output = paid.result.structuredContent!;
          assert.deepEqual(JSON.parse((paid.result.content[0] as { text: string }).text), output);
          operation(FEES_TOOL).output.parse(output);
          const { tools } = await solana.listTools();
          const schema = tools.find((tool) => tool.name === FEES_TOOL)!.outputSchema!;
          const checked = validator.getValidator(schema as never)(output);
          assert.ok(checked.valid, checked.errorMessage);
          assert.equal((output.accounts as { account: string }[])[0]!.account, WSOL);
          assert.equal(local.solana.usdcBalance(solanaPayTo) - before, PRICE_ATOMIC);
          assert.equal(buyerBefore - local.solana.usdcBalance(buyer.solana.address), PRICE_ATOMIC);
        },
      );

      await t.step("a replayed payment buys nothing, sequentially or 5 at once", async () => {
        const required = paymentRequiredOf(await callTool(solana, FEES_TOOL, {}))!;
        const payment = await payer.createPaymentPayload(required);
        const before = local.solana.usdcBalance(solanaPayTo);
        const results = await Promise.all(
          Array.from({ length: 5 }, () => callTool(solana, FEES_TOOL, {}, payment)),
        );
        const served = results.filter((result) => !result.isError);
        assert.equal(served.length, 1);
        for (const refused of results.filter((result) => result.isError)) {
          assert.match(paymentRequiredOf(refused)!.error!, /Payment (in use|already used)/);
          assert.equal(refused.content.length, 1, "no tool output beside the requirement");
        }
        const again = await callTool(solana, FEES_TOOL, {}, payment);
        assert.match(paymentRequiredOf(again)!.error!, /already used/);
        assert.equal(local.solana.usdcBalance(solanaPayTo) - before, PRICE_ATOMIC);
      });

      await t.step(
        "invalid input is a tool error with the reason, not charged even with a payment",
        async () => {
          const required = paymentRequiredOf(await callTool(solana, FEES_TOOL, {}))!;
          const payment = await payer.createPaymentPayload(required);
          const buyerBefore = local.solana.usdcBalance(buyer.solana.address);
          const accounts = Array.from({ length: 21 }, () => WSOL);
          const result = await callTool(solana, FEES_TOOL, { account: accounts }, payment);
          assert.equal(result.isError, true);
          assert.match(
            (result.content[0] as { text: string }).text,
            /Too many accounts: 21 given, at most 20/,
          );
          assert.equal(result.structuredContent, undefined);
          assert.equal(settlementOf(result), undefined);
          const unknown = await callTool(solana, FEES_TOOL, { acount: [WSOL] }, payment);
          assert.match((unknown.content[0] as { text: string }).text, /unknown field "acount"/);
          assert.equal(local.solana.usdcBalance(buyer.solana.address), buyerBefore);
          // The payment was never claimed: it still buys one valid call.
          const valid = await callTool(solana, FEES_TOOL, {}, payment);
          assert.equal(valid.isError, undefined, JSON.stringify(valid.content));
          assert.equal(buyerBefore - local.solana.usdcBalance(buyer.solana.address), PRICE_ATOMIC);
        },
      );

      await t.step("an unknown tool is a JSON-RPC error naming the tools", async () => {
        await assert.rejects(
          callTool(solana, "chain_everything", {}),
          /-32602.*Unknown tool "chain_everything"/,
        );
        const notOnAlt = operations.find((op) => !op.alt)!;
        await assert.rejects(callTool(alt, notOnAlt.id, {}), new RegExp(`Unknown tool "${notOnAlt.id}"`));
      });

      await t.step("a paid call on /alt/mcp settles in USDC on the EVM chain", async () => {
        const before = await local.evm!.usdcBalance(evmPayTo);
        const solanaBefore = local.solana.usdcBalance(solanaPayTo);
        const paid = await callPaidTool(alt, payer, FEES_TOOL, {});
        assert.equal(paid.result.isError, undefined, JSON.stringify(paid.result.content));
        assert.equal(paid.paymentRequired!.accepts[0]!.network, BASE_SEPOLIA);
        assert.equal(paid.paymentRequired!.resource.url, `${service.base}/alt/mcp#${FEES_TOOL}`);
        assert.equal(paid.settlement?.success, true);
        assert.equal(paid.settlement?.network, BASE_SEPOLIA);
        assert.match(paid.settlement!.transaction, /^0x[0-9a-f]{64}$/);
        assert.equal(await local.evm!.usdcBalance(evmPayTo) - before, PRICE_ATOMIC);
        assert.equal(await local.evm!.usdcBalance(buyer.evm.address), 1_000_000n - PRICE_ATOMIC);
        assert.equal(local.solana.usdcBalance(solanaPayTo), solanaBefore);
      });

      await t.step("a Solana payment sent to /alt/mcp is refused as the wrong network", async () => {
        const solanaRequired = paymentRequiredOf(await callTool(solana, FEES_TOOL, {}))!;
        const solanaPayment = await payer.createPaymentPayload(solanaRequired);
        const buyerBefore = local.solana.usdcBalance(buyer.solana.address);
        const result = await callTool(alt, FEES_TOOL, {}, solanaPayment);
        const required = paymentRequiredOf(result)!;
        assert.match(required.error!, /Wrong network: .*Base.*"eip155:84532".*"solana:/);
        assert.equal(required.accepts[0]!.network, BASE_SEPOLIA);
        assert.equal(local.solana.usdcBalance(buyer.solana.address), buyerBefore);
      });
    });
  } finally {
    await service.close();
  }
});

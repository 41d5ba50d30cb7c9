/**
 * Discovery as crawlers and catalogues read it, against the real service in
 * local mode: every resource `/.well-known/x402` lists answers a probe with a
 * 402 carrying a non-empty `accepts` and the Bazaar input schema (GET, then
 * POST without a body, as x402scan's method-aware probe does); OpenAPI gives
 * every operation examples, true statuses and `x-payment-info` in the
 * catalogue shape, and lists the free routes; `/server.json` passes the MCP
 * registry's published schema.
 */
import assert from "node:assert/strict";
import { compileErrors, validate } from "@readme/openapi-parser";
// @ts-types="@modelcontextprotocol/sdk/validation/ajv-provider"
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { registry } from "../../app.ts";
import { OPERATION_STATUSES, usdcAtomic } from "../../lib/discovery/openapi.ts";
import { catalogOf, openApiPath } from "../../lib/operation/mod.ts";
import { startTestService } from "../_support/service.ts";

Deno.test("[e2e] every resource in /.well-known/x402 answers a crawler's probe with a 402", async () => {
  const service = await startTestService();
  try {
    const { resources } = await (await fetch(`${service.base}/.well-known/x402`)).json();
    const soldCount = registry.operations.length + registry.altOperations.length;
    assert.equal(resources.length, soldCount);
    for (const url of resources as string[]) {
      assert.ok(!url.includes("{") && !url.includes(":", url.indexOf("/", 8)), `a concrete URL: ${url}`);
      let response = await fetch(url);
      if (response.status !== 402) {
        await response.body?.cancel();
        response = await fetch(url, { method: "POST" });
      }
      assert.equal(response.status, 402, url);
      assert.equal(response.headers.get("cache-control"), "no-store");
      const required = decodePaymentRequiredHeader(response.headers.get("payment-required")!);
      assert.ok(required.accepts.length > 0, url);
      const bazaar = required.extensions?.bazaar as {
        info: { input: Record<string, unknown> };
        schema: object;
      };
      assert.ok(bazaar.info.input && bazaar.schema, url);
      await response.body?.cancel();
    }
  } finally {
    await service.close();
  }
});

Deno.test("[e2e] a bare POST is a probe: 402; an empty JSON body is still checked first: 400", async () => {
  const service = await startTestService({ env: { ALT_ROUTES: "off" } });
  try {
    const probe = await fetch(`${service.base}/v1/token/risk`, { method: "POST" });
    assert.equal(probe.status, 402);
    await probe.body?.cancel();
    const empty = await fetch(`${service.base}/v1/token/risk`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    assert.equal(empty.status, 400);
    await empty.body?.cancel();
  } finally {
    await service.close();
  }
});

Deno.test("[e2e] OpenAPI: examples, true statuses, x-payment-info for catalogues, and the free routes", async () => {
  const service = await startTestService();
  try {
    const document = await (await fetch(`${service.base}/openapi.json`)).json();
    const result = await validate(structuredClone(document));
    assert.ok(result.valid, result.valid ? "" : compileErrors(result));
    assert.deepEqual(
      Object.keys(OPERATION_STATUSES).toSorted(),
      registry.operations.map((op) => op.id).toSorted(),
    );
    for (const { prefix, operations } of catalogOf(registry, service.runtime.rails).soldOn) {
      for (const operation of operations) {
        const described =
          document.paths[prefix + openApiPath(operation.path)][operation.method.toLowerCase()];
        const where = `${operation.method} ${prefix}${operation.path}`;
        const statuses = Object.keys(described.responses);
        if (operation.method === "GET") {
          assert.ok(!statuses.includes("413") && !statuses.includes("415"), where);
          for (const parameter of described.parameters) {
            if (parameter.required) assert.ok(parameter.example !== undefined, `${where}: ${parameter.name}`);
          }
        } else {
          assert.ok(statuses.includes("413") && statuses.includes("415"), where);
          assert.deepEqual(
            described.requestBody.content["application/json"].example,
            operation.example,
            where,
          );
        }
        // The 200 example is the operation's real answer, and still what its schema promises.
        const answer = described.responses["200"].content["application/json"].example;
        assert.ok(answer?.requestId, `${where}: 200 example`);
        assert.ok(
          operation.output.safeParse(answer).success,
          `${where}: 200 example matches the output schema`,
        );
        for (const status of statuses.filter((s) => s !== "200")) {
          const example = described.responses[status].content["application/json"].example;
          assert.ok(example.error && example.requestId, `${where}: ${status} example`);
        }
        const info = described["x-payment-info"];
        assert.deepEqual(info.price, { mode: "fixed", currency: "USD", amount: operation.price.slice(1) });
        assert.equal(info.protocols[0].x402.scheme, "exact");
        assert.equal(
          described.responses["402"].content["application/json"].example.payment.amount,
          usdcAtomic(operation.price),
        );
      }
    }
    for (const route of registry.routes) {
      const methods = document.paths[openApiPath(route.path)];
      assert.ok(methods, `free route ${route.path}`);
      for (const method of ["GET", "POST"] as const) {
        if (route[method]) assert.equal(methods[method.toLowerCase()].summary, route.summary);
      }
    }
    assert.ok(document.paths["/mcp"].post && document.paths["/alt/mcp"].post);
  } finally {
    await service.close();
  }
});

Deno.test("usdcAtomic() turns a USD price into USDC atomic units", () => {
  assert.equal(usdcAtomic("$0.002"), "2000");
  assert.equal(usdcAtomic("$0.0025"), "2500");
  assert.equal(usdcAtomic("$1"), "1000000");
  assert.equal(usdcAtomic("$12.5"), "12500000");
});

Deno.test("[e2e] /server.json validates against the MCP registry's published schema", async () => {
  const schema = JSON.parse(
    await Deno.readTextFile(new URL("../fixtures/mcp-registry/server.schema.json", import.meta.url)),
  );
  const check = new AjvJsonSchemaValidator().getValidator(schema);
  assert.equal(schema.$id, "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json");
  for (const env of [{}, { PUBLIC_URL: "https://api.example.com" }] as Record<string, string>[]) {
    const service = await startTestService({ env });
    try {
      const server = await (await fetch(`${service.base}/server.json`)).json();
      assert.equal(server.$schema, schema.$id);
      const result = check(server);
      assert.ok(result.valid, result.errorMessage);
      if ("PUBLIC_URL" in env) {
        assert.equal(server.name, "com.example.api/solana-diagnostics");
        assert.match(server.websiteUrl, /^https:\/\/api\.example\.com\//);
        for (const remote of server.remotes) assert.match(remote.url, /^https:\/\/api\.example\.com\//);
      }
    } finally {
      await service.close();
    }
  }
  // The schema is not a formality: a server.json without a version is refused.
  const broken = check({ name: "com.example.api/x", description: "x" });
  assert.equal(broken.valid, false);
});

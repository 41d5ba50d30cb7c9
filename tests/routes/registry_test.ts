/**
 * The registry, for every route file at once: the manifest lists exactly the
 * files under routes/, each file serves the path its place gives it, every
 * operation keeps its public contract (method, path, price, rails), names a
 * guide that exists, has an example its own schema accepts, and has its row
 * in the README.
 */
import assert from "node:assert/strict";
import { registry } from "../../app.ts";
import { GUIDES } from "../../lib/discovery/guides.ts";
import { buildRegistry, defineRoute, openApiPath, parseInput, routePath } from "../../lib/operation/mod.ts";
import { routeFiles } from "../../routes/_manifest.ts";
import { listRouteFiles, MANIFEST, manifestSource } from "../../tasks/routes.ts";

/** The public contract: what buyers and catalogues rely on. */
const CONTRACT = [
  ["normalize_audio", "POST", "/v1/audio/normalize", "$0.01", true],
  ["chain_priority_fees", "GET", "/v1/fees/priority", "$0.002", true],
  ["pdf_to_markdown", "POST", "/v1/pdf/to-markdown", "$0.0025", false],
  ["chain_token_analysis", "GET", "/v1/token/:mint", "$0.006", false],
  ["chain_token_risk", "POST", "/v1/token/risk", "$0.006", false],
  ["chain_transaction_analysis", "GET", "/v1/transaction/:signature", "$0.004", true],
  ["chain_transaction_simulate", "POST", "/v1/transaction/simulate", "$0.008", false],
] as const;

const readme = await Deno.readTextFile(new URL("../../README.md", import.meta.url));

Deno.test("routes/_manifest.ts lists exactly the route files under routes/ (run `deno task routes`)", async () => {
  const files = await listRouteFiles();
  assert.deepEqual(routeFiles.map((entry) => entry.file), files);
  assert.equal(await Deno.readTextFile(MANIFEST), manifestSource(files), "the manifest is stale");
});

Deno.test("every route file serves the path its place gives it", () => {
  const served = [...registry.operations, ...registry.routes].map((route) => route.path).sort();
  assert.deepEqual(served, routeFiles.map((entry) => routePath(entry.file)).sort());
  for (const operation of registry.operations) {
    const file = routeFiles.find((entry) => (entry.module.default as { id?: string })?.id === operation.id);
    assert.ok(file, operation.id);
    assert.equal(operation.path, routePath(file.file));
  }
});

Deno.test("every operation keeps its public contract: id, method, path, price and rails", () => {
  const actual = registry.operations.map((op) => [op.id, op.method, op.path, op.price, op.alt]);
  assert.deepEqual(
    actual.sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    CONTRACT.map((row) => [...row]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );
  assert.deepEqual(registry.altOperations, registry.operations.filter((op) => op.alt));
});

Deno.test("every operation names a written guide and has an example its own schema accepts", async () => {
  for (const operation of registry.operations) {
    assert.ok(GUIDES.some((guide) => guide.slug === operation.guide), `${operation.id}: guide`);
    const text = await Deno.readTextFile(new URL(`../../guides/${operation.guide}.md`, import.meta.url));
    assert.match(text, /^# /);
    assert.ok(operation.example, `${operation.id}: example`);
    assert.doesNotThrow(() => parseInput(operation.input, operation.example), `${operation.id}: example`);
  }
});

Deno.test("the README lists every operation with its paths and price, and no other", () => {
  const rows = readme.split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()))
    .filter((cells) => /^`[a-z_]+`$/.test(cells[0] ?? "") && /^`(GET|POST) \//.test(cells[1] ?? ""));
  assert.equal(rows.length, registry.operations.length);
  for (const operation of registry.operations) {
    const row = rows.find((cells) => cells[0] === `\`${operation.id}\``);
    assert.ok(row, `README has no row for ${operation.id}`);
    const path = openApiPath(operation.path);
    assert.equal(row[1], `\`${operation.method} ${path}\``, `${operation.id}: path`);
    const alt = operation.alt ? `\`${operation.method} /alt${path}\`` : "—";
    assert.equal(row[2], alt, `${operation.id}: /alt column`);
    assert.equal(row[3], operation.price, `${operation.id}: price`);
  }
});

Deno.test("routePath() maps a file's place to its URL path", () => {
  assert.equal(routePath("index.ts"), "/");
  assert.equal(routePath("healthz.ts"), "/healthz");
  assert.equal(routePath("openapi.json.ts"), "/openapi.json");
  assert.equal(routePath(".well-known/x402.ts"), "/.well-known/x402");
  assert.equal(routePath("guides/index.ts"), "/guides");
  assert.equal(routePath("v1/token/[mint].ts"), "/v1/token/:mint");
  assert.equal(routePath("local/facilitator/[step].ts"), "/local/facilitator/:step");
});

Deno.test("buildRegistry() refuses a file without a declaration and two files on one method and path", () => {
  const health = defineRoute({ summary: "h", GET: () => new Response() });
  assert.throws(() => buildRegistry([{ file: "x.ts", module: {} }]), /"x.ts" exports no route/);
  assert.throws(
    () =>
      buildRegistry([
        { file: "a/[id].ts", module: { default: health } },
        { file: "a/[name].ts", module: { default: health } },
      ]),
    /GET \/a\/: is already served/,
  );
  assert.equal(buildRegistry([{ file: "a/index.ts", module: { default: health } }]).routes[0]?.path, "/a");
});

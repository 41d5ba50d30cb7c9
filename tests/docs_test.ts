/**
 * The docs tell the truth about the registry: every operation appears in the
 * README's endpoint table with its path, alternate path and price, and every
 * guide the service links to exists.
 */
import assert from "node:assert/strict";
import { registry } from "../app.ts";
import { GUIDES } from "../lib/discovery/guides.ts";

const { operations, altOperations } = registry;
import { openApiPath } from "../lib/operation/schemas.ts";

const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));

Deno.test("README lists every operation with its paths and price, and no other", () => {
  const rows = readme.split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()))
    .filter((cells) => /^`[a-z_]+`$/.test(cells[0] ?? "") && /^`(GET|POST) \//.test(cells[1] ?? ""));
  assert.equal(rows.length, operations.length);
  for (const operation of operations) {
    const row = rows.find((cells) => cells[0] === `\`${operation.id}\``);
    assert.ok(row, `README has no row for ${operation.id}`);
    const path = openApiPath(operation.path);
    assert.equal(row[1], `\`${operation.method} ${path}\``, `${operation.id}: path`);
    const alt = altOperations.includes(operation) ? `\`${operation.method} /alt${path}\`` : "—";
    assert.equal(row[2], alt, `${operation.id}: /alt column`);
    assert.equal(row[3], operation.price, `${operation.id}: price`);
  }
});

Deno.test("every guide the service serves is written", async () => {
  for (const guide of GUIDES) {
    const text = await Deno.readTextFile(new URL(`../guides/${guide.slug}.md`, import.meta.url));
    assert.match(text, /^# /, `${guide.slug} starts with a title`);
    assert.ok(text.length > 1000, `${guide.slug} is more than a stub`);
  }
});

Deno.test(".env.example documents every variable the configuration reads", async () => {
  const example = await Deno.readTextFile(new URL("../.env.example", import.meta.url));
  const config = await Deno.readTextFile(new URL("../lib/config.ts", import.meta.url));
  const names = [...config.matchAll(/read\("([A-Z_]+)"\)/g)].map((m) => m[1]!);
  assert.ok(names.length >= 10);
  for (const name of new Set(names)) assert.match(example, new RegExp(`^#? ?${name}=`, "m"), name);
});

/**
 * The docs tell the truth about the registry: every operation appears in the
 * README's endpoint table with its path, alternate path and price, and every
 * guide the service links to exists.
 */
import assert from "node:assert/strict";
import { GUIDES } from "../lib/discovery/guides.ts";

const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));

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

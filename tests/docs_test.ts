/**
 * The docs tell the truth about the registry: every operation appears in the
 * README's endpoint table with its path, alternate path and price, and every
 * guide the service links to exists; the configuration table and
 * `.env.example` list exactly the settings the configuration reads.
 */
import assert from "node:assert/strict";
import { GUIDES } from "../lib/discovery/guides.ts";
import { SETTINGS } from "../lib/server/config/load.ts";

const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));

Deno.test("every guide the service serves is written", async () => {
  for (const guide of GUIDES) {
    const text = await Deno.readTextFile(new URL(`../guides/${guide.slug}.md`, import.meta.url));
    assert.match(text, /^# /, `${guide.slug} starts with a title`);
    assert.ok(text.length > 1000, `${guide.slug} is more than a stub`);
  }
});

/** The configuration table's rows: variable, default and meaning cells. */
function configurationRows(): string[][] {
  const section = readme.split("\n## Configuration")[1]?.split("\n## ")[0] ?? "";
  return section.split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()))
    .filter((cells) => /^`[A-Z][A-Z0-9_]*`$/.test(cells[0] ?? ""));
}

Deno.test("the README's configuration table is the configuration's list of settings", () => {
  const rows = configurationRows();
  assert.deepEqual(rows.map((cells) => cells[0]), SETTINGS.map((setting) => `\`${setting.name}\``));
  for (const [i, setting] of SETTINGS.entries()) {
    assert.equal(rows[i]![1], setting.default, `${setting.name}: default`);
    assert.equal(rows[i]![2], setting.meaning, `${setting.name}: meaning`);
  }
});

Deno.test(".env.example documents every variable the configuration reads, and no other", async () => {
  const example = await Deno.readTextFile(new URL("../.env.example", import.meta.url));
  const documented = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
  assert.deepEqual(documented.toSorted(), SETTINGS.map((setting) => setting.name).toSorted());
});

Deno.test("every deno command in the README's shell blocks runs on a machine with only Node.js", () => {
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  assert.ok(blocks.length > 0);
  for (const line of blocks.join("\n").split("\n")) {
    const command = line.replace(/#.*$/, "").trim();
    if (/(^|\s)deno\s/.test(command)) assert.match(command, /^npx -y deno@2 /, line);
  }
});

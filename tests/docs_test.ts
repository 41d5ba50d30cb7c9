/**
 * The docs tell the truth about the registry and the repository: every
 * operation appears in the README's endpoint table with its path, alternate
 * path and price, and every guide the service links to exists; the
 * configuration table (`docs/configuration.md`) and `.env.example` list
 * exactly the settings the configuration reads, and the README's short table
 * agrees with them; the README stays a front door; every relative link, every
 * task and every repository path the README, `docs/` and the bench notes name
 * exists.
 */
import assert from "node:assert/strict";
import { GUIDES } from "../lib/discovery/guides.ts";
import { loadConfig, SETTINGS } from "../lib/server/config/load.ts";

const ROOT = new URL("../", import.meta.url);
const readme = await Deno.readTextFile(new URL("README.md", ROOT));
const configuration = await Deno.readTextFile(new URL("docs/configuration.md", ROOT));

/** The documents whose links, tasks and paths are checked: README.md, every `docs/*.md`, the bench notes. */
async function documents(): Promise<{ path: string; text: string }[]> {
  const paths = ["README.md", "bench/NOTES.md"];
  for await (const entry of Deno.readDir(new URL("docs/", ROOT))) {
    if (entry.isFile && entry.name.endsWith(".md")) paths.push(`docs/${entry.name}`);
  }
  return await Promise.all(
    paths.toSorted().map(async (path) => ({ path, text: await Deno.readTextFile(new URL(path, ROOT)) })),
  );
}

/** A Markdown text without its fenced code blocks, whose brackets and parentheses are not links. */
function withoutFencedCode(text: string): string {
  return text.replace(/^( *)(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, "");
}

/** The targets of a Markdown text's inline links, `[text](target)`, code spans aside. */
function linkTargets(text: string): string[] {
  const prose = withoutFencedCode(text).replace(/`[^`\n]*`/g, "``");
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-");
}

/** The anchors of a Markdown text's headings. */
function anchors(text: string): Set<string> {
  return new Set(
    [...withoutFencedCode(text).matchAll(/^#{1,6} (.+)$/gm)].map((m) => headingAnchor(m[1]!)),
  );
}

/** The tasks a text runs: `deno task <name>` (or `npx -y deno@2 task <name>`). */
function taskNames(text: string): string[] {
  return [...text.matchAll(/\bdeno(?:@2)? task ([a-z][a-z0-9:-]*[a-z0-9])/g)].map((m) => m[1]!);
}

/** Whether `url` names an existing file or folder. */
async function exists(url: URL): Promise<boolean> {
  try {
    await Deno.stat(url);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/** The rows of a table under `heading` in `text`: its cells, for rows whose first cell is a variable. */
function variableRows(text: string, heading: string): string[][] {
  const section = text.split(`\n${heading}\n`)[1]?.split("\n## ")[0] ?? "";
  return section.split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()))
    .filter((cells) => /^`[A-Z][A-Z0-9_]*`$/.test(cells[0] ?? ""));
}

Deno.test("every guide the service serves is written", async () => {
  for (const guide of GUIDES) {
    const text = await Deno.readTextFile(new URL(`guides/${guide.slug}.md`, ROOT));
    assert.match(text, /^# /, `${guide.slug} starts with a title`);
    assert.ok(text.length > 1000, `${guide.slug} is more than a stub`);
  }
});

Deno.test("the configuration table in docs/configuration.md is the configuration's list of settings", () => {
  const rows = variableRows(configuration, "## Variables");
  assert.deepEqual(rows.map((cells) => cells[0]), SETTINGS.map((setting) => `\`${setting.name}\``));
  for (const [i, setting] of SETTINGS.entries()) {
    assert.equal(rows[i]![1], setting.default, `${setting.name}: default`);
    assert.equal(rows[i]![2], setting.meaning, `${setting.name}: meaning`);
  }
});

Deno.test("the README's short configuration table names settings with their defaults", () => {
  const rows = variableRows(readme, "## Configuration");
  assert.ok(rows.length >= 5, "the README names the settings a host needs");
  for (const [variable, defaultValue] of rows) {
    const setting = SETTINGS.find((candidate) => `\`${candidate.name}\`` === variable);
    assert.ok(setting, `${variable} is a setting`);
    assert.equal(defaultValue, setting.default, `${variable}: default`);
  }
  assert.match(readme, /\]\(docs\/configuration\.md\)/, "the README links to the full table");
});

Deno.test("the README's memory table is what each budget gives with the default caps", () => {
  const section = readme.split("\n## Memory\n")[1]?.split("\n## ")[0] ?? "";
  const rows = section.split("\n").filter((line) => /^\| \d/.test(line))
    .map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim()));
  assert.ok(rows.length >= 3, "the README shows what the budget gives");
  const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
  for (const [budget, audio, pdf, conversion, atOnce] of rows) {
    const deploy = budget!.includes("Deno Deploy");
    const config = loadConfig({
      MEMORY_BUDGET_MB: budget!.split(" ")[0]!,
      ...(deploy ? { SERVICE_MODE: "local", DENO_DEPLOYMENT_ID: "dep-1" } : {}),
    });
    const { memory, pdf: { limits } } = config;
    assert.equal(audio, config.audio.maxBytes ? mb(config.audio.maxBytes) : "not sold", `${budget}: audio`);
    assert.equal(pdf, `${mb(limits.maxBytes)} (${limits.maxPages.toLocaleString("en")})`, `${budget}: PDF`);
    const borrowing = memory.pdfBorrowBytes ? ` (${mb(memory.pdfBorrowBytes)})` : "";
    assert.equal(conversion, `${mb(memory.pdfJobBytes)}${borrowing}`, `${budget}: conversion`);
    const audioAtOnce = config.audio.maxBytes ? memory.audioConcurrency : 0; // a kind not sold runs none
    assert.equal(atOnce, `${memory.pdfConcurrency}, ${audioAtOnce}`, `${budget}: at once`);
  }
});

Deno.test(".env.example documents every variable the configuration reads, and no other", async () => {
  const example = await Deno.readTextFile(new URL(".env.example", ROOT));
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

Deno.test("the README is a front door: at most 300 lines, the rest in docs/", () => {
  const lines = readme.split("\n").length - (readme.endsWith("\n") ? 1 : 0);
  assert.ok(lines <= 300, `README.md has ${lines} lines`);
});

Deno.test("every relative link in the README, docs/ and the bench notes points to a file that exists", async () => {
  for (const { path, text } of await documents()) {
    const base = new URL(path, ROOT);
    for (const target of linkTargets(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [file, fragment] = target.split("#") as [string, string | undefined];
      const url = file === "" ? base : new URL(file, base);
      assert.ok(url.href.startsWith(ROOT.href), `${path}: ${target} stays in the repository`);
      assert.ok(await exists(url), `${path}: ${target} exists`);
      if (fragment && url.pathname.endsWith(".md")) {
        const linked = file === "" ? text : await Deno.readTextFile(url);
        assert.ok(anchors(linked).has(fragment), `${path}: ${target} names a heading`);
      }
    }
  }
});

Deno.test("every task and every repository path the README, docs/ and the bench notes name exists", async () => {
  const { tasks } = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT))) as {
    tasks: Record<string, string>;
  };
  const roots = "lib|http|mcp|routes|tests|bench|tasks|guides|docs";
  for (const { path, text } of await documents()) {
    for (const task of taskNames(text)) {
      assert.ok(task in tasks, `${path}: deno task ${task} is a task of deno.json`);
    }
    for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
      for (const word of span!.split(/\s+/)) {
        const named = word.match(new RegExp(`^((?:${roots})/[\\w./\\[\\]-]*)$`))?.[1];
        if (!named || named.includes("*")) continue;
        assert.ok(await exists(new URL(named, ROOT)), `${path}: ${named} exists`);
      }
    }
  }
});

Deno.test("headingAnchor(), linkTargets() and taskNames() read Markdown as GitHub and Deno do", () => {
  assert.equal(headingAnchor("Publishing to the MCP registry"), "publishing-to-the-mcp-registry");
  assert.equal(headingAnchor("PDF to Markdown: speed and memory"), "pdf-to-markdown-speed-and-memory");
  assert.deepEqual(linkTargets("[a](b.md) `[c](d.md)`\n```\n[e](f.md)\n```\n[g](h.md#i)"), [
    "b.md",
    "h.md#i",
  ]);
  assert.deepEqual(taskNames("`deno task make:pdf-layout-fixtures`, then `npx -y deno@2 task bench`: done"), [
    "make:pdf-layout-fixtures",
    "bench",
  ]);
});

/**
 * pandoc run as the real-world corpus' references are made: a source through
 * one Lua filter to GitHub Markdown, unwrapped. The reference builder's
 * filters are tested through it, against the real pandoc.
 *
 * @module
 */
import { runCommand } from "../../bench/pdf/_run.ts";

/**
 * pandoc's GitHub Markdown for `source` (read as `from`) through the Lua filter `filter`, pandoc given
 * `options` besides.
 */
export async function throughPandocFilter(
  source: string,
  from: "latex" | "gfm" | "markdown" | "rst",
  filter: string,
  options: readonly string[] = [],
): Promise<string> {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/filter.lua`, filter);
    await Deno.writeTextFile(`${dir}/source`, source);
    const args = [
      ...["-f", from, "-t", "gfm", "--wrap=none", ...options],
      ...[`--lua-filter=${dir}/filter.lua`, `${dir}/source`],
    ];
    return new TextDecoder().decode(await runCommand("pandoc", args));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

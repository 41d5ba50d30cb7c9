/**
 * Segmentation of a long tagged document full of list items, this tree's
 * structure passes against an earlier commit's, in one run. Each tagged list
 * line goes on with the last draft of its item; searching the document's
 * drafts from the end for it cost the whole document for each new item (the
 * structure tree gives every item an id of its own), so the time grew with the
 * square of the document's length. The earlier commit's `lib/` is taken with
 * `git archive` into a temporary folder and imported beside this tree's.
 *
 *     deno run -A bench/pdf/tagged_lists.ts [--base REF] [--pages N]
 *
 * `--base` defaults to 4df7b25 (the structure passes before the index of
 * tagged items); `--pages` to 400 pages of 24 items (two lines each). Prints
 * the best of three alternating runs of each at the full length and at a
 * quarter of it, and their ratios: with the lookups linear, the full length
 * costs about four times the quarter.
 *
 * @module
 */
import type { buildBlocks as BuildBlocks } from "../../lib/pdf/structure.ts";
import type { documentStats as DocumentStats } from "../../lib/pdf/stats.ts";
import type { FontStyle, Line, PageText, Span, Tag } from "../../lib/pdf/types.ts";

const ITEMS_PER_PAGE = 24, SIZE = 10, LEADING = 12, LEFT = 72, RIGHT = 522;
const serif: FontStyle = { name: "Serif", bold: false, italic: false, monospace: false };

/** A span of `text` from `x`, 5 points a character. */
function span(text: string, x: number, y: number, tag: Tag): Span {
  return { text, x, y, width: text.length * 5, size: SIZE, font: serif, tag };
}

/** `count` pages of tagged items, each a bullet label and its text over two lines; ids count on over the pages. */
export function taggedListPages(count: number): PageText[] {
  const pages: PageText[] = [];
  let id = 0;
  for (let page = 1; page <= count; page++) {
    const lines: Line[] = [];
    for (let n = 0; n < ITEMS_PER_PAGE; n++) {
      const item = { id: id++, depth: 0 }, block = id++;
      const y = 80 + n * 2 * LEADING;
      const first = `Item ${n} of page ${page} says what the list holds over a line that`;
      const spans = [
        span("•", LEFT, y, { block, listItem: item, label: true }),
        span(first, LEFT + 12, y, {
          block,
          listItem: item,
          paragraph: true,
        }),
      ];
      lines.push({ spans, x0: LEFT, x1: RIGHT, y, size: SIZE, page });
      const rest = span("runs on to a second.", LEFT + 12, y + LEADING, {
        block,
        listItem: item,
        paragraph: true,
      });
      lines.push({ spans: [rest], x0: LEFT + 12, x1: LEFT + 112, y: y + LEADING, size: SIZE, page });
    }
    pages.push({ page, width: 595, height: 842, lines });
  }
  return pages;
}

/** The structure passes of one tree of `lib/`. */
interface Passes {
  buildBlocks: typeof BuildBlocks;
  documentStats: typeof DocumentStats;
}

/** Milliseconds `passes` take to build the blocks of `pages`, and the blocks as JSON. */
function time(passes: Passes, pages: readonly PageText[]): { ms: number; blocks: string } {
  // The passes write into the lines they are given: each run gets a fresh copy.
  const copy = structuredClone(pages) as PageText[];
  const start = performance.now();
  const blocks = passes.buildBlocks(copy, {
    stats: passes.documentStats(copy),
    outline: [],
    pageBreaks: false,
  });
  return { ms: performance.now() - start, blocks: JSON.stringify(blocks) };
}

/** `ref`'s `lib/` unpacked into a temporary folder; returns the folder. */
async function unpack(ref: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "tagged_lists_base_" });
  const archive = new Deno.Command("git", { args: ["archive", ref, "lib"], stdout: "piped" }).spawn();
  const tar = new Deno.Command("tar", { args: ["-x", "-C", dir], stdin: "piped" }).spawn();
  await archive.stdout.pipeTo(tar.stdin);
  if (!(await archive.status).success || !(await tar.status).success) {
    throw new Error(`Cannot unpack "${ref}"`);
  }
  return dir;
}

/** Loads the structure passes under `root` (a folder holding `lib/`). */
async function load(root: string): Promise<Passes> {
  const { buildBlocks } = await import(`${root}/lib/pdf/structure.ts`);
  const { documentStats } = await import(`${root}/lib/pdf/stats.ts`);
  return { buildBlocks, documentStats };
}

if (import.meta.main) {
  const arg = (flag: string) => Deno.args.includes(flag) ? Deno.args[Deno.args.indexOf(flag) + 1] : undefined;
  const base = await unpack(arg("--base") ?? "4df7b25");
  try {
    const trees = {
      before: await load(`file://${base}`),
      after: await load(new URL("../..", import.meta.url).href),
    };
    console.log(`Load average: ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
    const full = Number(arg("--pages") ?? 400);
    for (const count of [Math.max(1, Math.round(full / 4)), full]) {
      const pages = taggedListPages(count);
      const best = { before: Infinity, after: Infinity };
      for (let round = 0; round < 3; round++) {
        const before = time(trees.before, pages), after = time(trees.after, pages);
        if (before.blocks !== after.blocks) throw new Error(`The blocks of ${count} pages differ`);
        best.before = Math.min(best.before, before.ms);
        best.after = Math.min(best.after, after.ms);
      }
      console.log(
        `${count} pages (${count * ITEMS_PER_PAGE} items): before ${best.before.toFixed(0)} ms, after ${
          best.after.toFixed(0)
        } ms, before ÷ after ${(best.before / best.after).toFixed(2)}`,
      );
    }
  } finally {
    await Deno.remove(base, { recursive: true });
  }
}

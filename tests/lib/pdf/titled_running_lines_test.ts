/**
 * On a page nothing repeats on, a running head or foot that names the
 * document (its title or author from the metadata) with a date or page
 * number at the other end of its baseline is dropped; the title alone atop
 * the page, set large, or in the body, stays.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { dropTitledRunningLines } from "../../../lib/pdf/titled_running_lines.ts";
import type { Line } from "../../../lib/pdf/types.ts";
import { REAL_DOCUMENTS, realPdfUrl } from "../../_support/pdf_real_corpus.ts";

const FONT = { name: "Sans", bold: false, italic: false, monospace: false };

/** A line of `text` at `y`, from `x0`, at `size`. */
function line(text: string, y: number, x0: number, size = 10): Line {
  const width = text.length * size * 0.5;
  return { page: 1, y, x0, x1: x0 + width, size, spans: [{ text, x: x0, y, width, size, font: FONT }] };
}

/** One A4 page of lines. */
function page(lines: Line[]) {
  return [{ page: 1, width: 595, height: 842, lines }];
}

const BODY = line("Body text set at the text's size, more of it than anything else on the page.", 200, 71);

Deno.test("a head naming the title beside a date and a foot naming the author are dropped on a single page", () => {
  const head = line("A Study of Rivers", 60, 71, 8), date = line("2019-01-10", 60, 474, 8);
  const foot = line("Jane Doe", 800, 71, 8), number = line("1", 800, 519, 8);
  const [out] = dropTitledRunningLines(page([head, date, BODY, foot, number]), [
    "A Study of Rivers",
    "Jane Doe",
  ]);
  assert.deepEqual(out!.lines, [BODY]);
});

Deno.test("the title alone atop the page, set large, in the body, other words, an unnamed document: all stay", () => {
  const date = line("2019-01-10", 60, 474, 8);
  // Set at the text's size atop the page, with nothing on its row: the page's own title.
  const alone = [line("A Study of Rivers", 60, 71), BODY];
  assert.deepEqual(dropTitledRunningLines(page(alone), ["A Study of Rivers"])[0]!.lines, alone);
  const large = [line("A Study of Rivers", 60, 71, 24), date, BODY];
  assert.deepEqual(dropTitledRunningLines(page(large), ["A Study of Rivers"])[0]!.lines, large);
  const inBody = [BODY, line("A Study of Rivers", 300, 71), line("2019", 300, 474)];
  assert.deepEqual(dropTitledRunningLines(page(inBody), ["A Study of Rivers"])[0]!.lines, inBody);
  const other = [line("A Study of Rivers and Lakes", 60, 71, 8), date, BODY];
  assert.deepEqual(dropTitledRunningLines(page(other), ["A Study of Rivers"])[0]!.lines, other);
  const head = [line("A Study of Rivers", 60, 71, 8), date, BODY];
  assert.deepEqual(dropTitledRunningLines(page(head), [undefined, ""])[0]!.lines, head);
});

Deno.test("a one-page Eisvogel document in Chinese opens with its first heading, its head and foot gone", async () => {
  const name = "eisvogel-chinese";
  assert.ok(!REAL_DOCUMENTS.find((d) => d.name === name)!.heldOut);
  const { markdown, title } = await convertPdf(await Deno.readFile(realPdfUrl(name)), {
    limits: { timeBudgetMs: 300_000 },
  });
  assert.equal(title, "価備手述改陸夜数木田了転由。");
  assert.ok(markdown.startsWith("# 陣委百三秋康経重示面合雪減背井足府迷根間。\n"), markdown);
  assert.ok(!markdown.includes("2019"), markdown);
  assert.ok(!markdown.includes("作者日期"), markdown);
});

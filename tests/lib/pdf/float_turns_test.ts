import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { buildPdf } from "../../_support/synthetic_pdf.ts";

/** A text line in 11 pt Helvetica at `x`, `y` (PDF space). */
function line(text: string, y: number, x = 72): string {
  return `BT /F1 11 Tf ${x} ${y} Td (${text}) Tj ET`;
}

/** Pages of Helvetica text, each a content stream of `line`s. */
function pages(contents: readonly string[][]): Uint8Array {
  const ids = contents.map((_, i) => 4 + i * 2);
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${ids.map((id) => `${id} 0 R`).join(" ")}] /Count ${contents.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ...contents.flatMap((lines, i) => {
      const text = lines.join("\n");
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${
          5 + i * 2
        } 0 R >>`,
        `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
      ];
    }),
  ]);
}

const BEFORE = [
  "Nulla malesuada porttitor diam. Donec felis erat, congue non, volutpat at, tincidunt tristique,",
  "libero. Vivamus viverra fermentum felis. Donec nonummy pellentesque ante. Phasellus semper",
  "adipiscing elit. Proin fermentum massa ac quam. Sed diam turpis, molestie vitae, placerat a,",
];
const AFTER = [
  "molestie nec, leo. Maecenas lacinia. Nam ipsum ligula, eleifend at, accumsan nec, suscipit a,",
  "ipsum. Morbi blandit ligula feugiat magna. Nunc eleifend consequat lorem. Sed lacinia nulla.",
];

Deno.test("a paragraph broken by a page turn runs on over the float heading the next page", async () => {
  const first = [
    line("Opening words of the chapter stand in a paragraph of their own, which ends here.", 720),
    ...BEFORE.map((text, k) => line(text, 690 - k * 14)),
  ];
  const second = [
    line("(a)", 700, 200),
    line("(b)", 700, 380),
    line("Figure 1.1: A figure with two subfigures: (a) first subfigure; (b) second subfigure.", 670, 90),
    ...AFTER.map((text, k) => line(text, 630 - k * 14)),
    line("Quisque ullamcorper placerat ipsum. Cras nibh. Morbi vel justo vitae lacus tincidunt.", 590),
  ];
  const { markdown } = await convertPdf(pages([first, second]));
  const blocks = markdown.trim().split(/\n\n+/);
  const whole = [...BEFORE, ...AFTER].join(" ");
  const at = blocks.indexOf(whole);
  assert.ok(at >= 0, markdown);
  // The float's blocks (its sub-labels, its caption) follow the paragraph made whole.
  const caption = blocks.findIndex((b) => /Figure 1\.1:/.test(b));
  assert.ok(caption > at && blocks.findIndex((b) => b.startsWith("Quisque")) > caption, markdown);
});

Deno.test("a page opening with a caption and a new paragraph after it leaves the paragraph before the turn whole", async () => {
  const first = [...BEFORE.slice(0, 2), "adipiscing elit. Proin fermentum massa ac quam. Sed diam turpis."]
    .map((
      text,
      k,
    ) => line(text, 690 - k * 14));
  const second = [
    line("Table 2: Values measured on the sample.", 700, 90),
    ...AFTER.map((text, k) => line(text.replace(/^molestie/, "Molestie"), 660 - k * 14)),
  ];
  const { markdown } = await convertPdf(pages([first, second]));
  const blocks = markdown.trim().split(/\n\n+/);
  assert.ok(blocks[0]!.endsWith("Sed diam turpis."), markdown);
  assert.match(blocks[1]!, /^(> )?Table 2:/, markdown);
  assert.match(blocks[2]!, /^Molestie nec/, markdown);
});

Deno.test("a float's own text opening lower-case at the page's head is no run-on of the paragraph before", async () => {
  const first = BEFORE.map((text, k) => line(text, 690 - k * 14));
  const second = [
    line("time in seconds, along the axis", 700, 200),
    line("Figure 2.1: The fluid's energy over time.", 670, 90),
    ...AFTER.map((text, k) => line(text, 630 - k * 14)),
  ];
  const { markdown } = await convertPdf(pages([first, second]));
  const blocks = markdown.trim().split(/\n\n+/);
  assert.ok(blocks.includes([...BEFORE, ...AFTER].join(" ")), markdown);
  assert.ok(blocks.includes("time in seconds, along the axis"), markdown);
});

Deno.test("a paragraph runs on over a float at the next page's head whose sub-figures' labels make many blocks", async () => {
  const first = BEFORE.map((text, k) => line(text, 690 - k * 14));
  // A grid of sub-figures, each row's labels under the row's figures, some rows of one: six blocks before the caption.
  const labels = [["(a)", 740], ["(b)", 700], ["(c)", 660], ["(d)", 620], ["(e)", 580], [
    "(f)",
    540,
  ]] as const;
  const second = [
    ...labels.map(([label, y]) => line(label, y, 300)),
    line("Figure 2: Six individual figures, (a) to (f), set in a grid over the page.", 510, 90),
    ...AFTER.map((text, k) => line(text, 470 - k * 14)),
  ];
  const { markdown } = await convertPdf(pages([first, second]));
  const blocks = markdown.trim().split(/\n\n+/);
  assert.ok(blocks.includes([...BEFORE, ...AFTER].join(" ")), markdown);
});

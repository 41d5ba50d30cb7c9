/**
 * Generates PDFs whose text or drawing is shaped to cost the reader's
 * structure passes time out of proportion to their size: a contents row of
 * hundreds of thousands of dots, one line of one character repeated, glyphs
 * drawn over one another, pages of tens of thousands of one-letter text
 * items or tiny rules, floods of outline entries, deep tagged structure, code
 * of backtick runs by the hundred thousand, page trees of as many nodes, an
 * index page of tens of thousands of rows.
 * Tests and `bench/pdf_hostile.ts` build them at run time; run this module to
 * write them to a folder:
 *
 *     deno run --allow-write tests/_support/hostile_text_pdf.ts /tmp/hostile_text
 *
 * @module
 */
import { buildPdf, textPdf } from "./synthetic_pdf.ts";

const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
const PAGE = "/Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >>";

/** Pages drawing `contents` (objects 4, 6, … and their streams 5, 7, …), then `extra` objects from the catalog's. */
function pagesPdf(contents: readonly string[], catalog = "", extra: readonly string[] = []): Uint8Array {
  const ids = contents.map((_, i) => 4 + i * 2);
  return buildPdf([
    `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`,
    `<< /Type /Pages /Kids [${ids.map((id) => `${id} 0 R`).join(" ")}] /Count ${contents.length} >>`,
    FONT,
    ...contents.flatMap((c, i) => [
      `<< ${PAGE} /Contents ${5 + i * 2} 0 R >>`,
      `<< /Length ${c.length} >>\nstream\n${c}\nendstream`,
    ]),
    ...extra,
  ]);
}

/** A contents page whose first entry's leaders are `dots` dots, then the page it names. */
export function contentsDotsPdf(dots: number): Uint8Array {
  return textPdf([
    [
      "Contents",
      `1 Introduction ${".".repeat(dots)} 1`,
      "2 Methods . . . . . . 3",
      "3 Results . . . . . . 5",
    ],
    ["1 Introduction", "The text of the first section."],
  ]);
}

/**
 * A contents row whose `dots` leaders are each their own text item (a kern of a full em between them, as
 * leaders set apart are drawn), before its page number.
 */
export function itemLeadersPdf(dots: number): Uint8Array {
  const leaders = Array.from({ length: dots }, () => "(.)").join(" -1000 ");
  return pagesPdf([
    `BT /F1 12 Tf 72 720 Td [(Intro) -1000 ${leaders} -1000 (5)] TJ ET BT /F1 12 Tf 72 700 Td (and more) Tj ET`,
  ]);
}

/** One line of `count` times `character` between a word and a page number, then a line of text. */
export function longLinePdf(character: string, count: number): Uint8Array {
  return textPdf([[`Intro${character.repeat(count)}5`, "and more"]]);
}

/** `count` dots drawn at one spot (a character spacing that takes back each advance), then a line of text. */
export function sameSpotGlyphsPdf(count: number): Uint8Array {
  const dot = 0.278 * 12;
  return pagesPdf([
    `BT /F1 12 Tf ${-dot} Tc 72 720 Td (${
      ".".repeat(count)
    }) Tj ET BT /F1 12 Tf 0 Tc 72 700 Td (and more) Tj ET`,
  ]);
}

/**
 * `count` one-letter text items, each placed on its own, 100 a row 5.7 points apart, rows 1.5 points
 * apart: rows of cells too close to be lines of text, each a table the search tries and turns down.
 */
export function stackedLettersPdf(count: number): Uint8Array {
  const parts = ["BT /F1 5 Tf"];
  for (let i = 0; i < count; i++) {
    const x = 20 + (i % 100) * 5.7, y = 780 - Math.floor(i / 100) * 1.5;
    parts.push(`1 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)} Tm (${String.fromCharCode(97 + (i % 26))}) Tj`);
  }
  parts.push("ET");
  return pagesPdf([parts.join("\n")]);
}

/** `count` filled rectangles 3 by 0.3 points, 140 a row, over a page with a line of text. */
export function tinyRulesPdf(count: number): Uint8Array {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    parts.push(`${20 + (i % 140) * 4} ${770 - Math.floor(i / 140) * 5} 3 0.3 re f`);
  }
  parts.push("BT /F1 10 Tf 72 20 Td (and more) Tj ET");
  return pagesPdf([parts.join("\n")]);
}

/** A ruled grid of `cells` cells (as square as fits the page), a letter in each of the first 4,000. */
export function ruledGridPdf(cells: number): Uint8Array {
  const side = Math.ceil(Math.sqrt(cells)), across = 570 / side, down = 740 / side;
  const parts = ["0.2 w"];
  for (let i = 0; i <= side; i++) {
    parts.push(
      `20 ${20 + i * down} m 590 ${20 + i * down} l S`,
      `${20 + i * across} 20 m ${20 + i * across} 760 l S`,
    );
  }
  for (let i = 0; i < Math.min(cells, 4000); i++) {
    parts.push(`BT /F1 2 Tf ${22 + (i % side) * across} ${22 + Math.floor(i / side) * down} Td (c) Tj ET`);
  }
  return pagesPdf([parts.join("\n")]);
}

/** Twenty pages of forty lines and an outline of `entries` entries, each naming one of the lines. */
export function outlineFloodPdf(entries: number): Uint8Array {
  const page = Array.from(
    { length: 40 },
    (_, k) => `BT /F1 10 Tf 72 ${760 - k * 18} Td (Section ${k} text) Tj ET`,
  )
    .join("\n");
  const contents = Array.from({ length: 20 }, () => page);
  const root = 4 + contents.length * 2, first = root + 1;
  const items = Array.from({ length: entries }, (_, i) => {
    const links = (i > 0 ? ` /Prev ${first + i - 1} 0 R` : "") +
      (i < entries - 1 ? ` /Next ${first + i + 1} 0 R` : "");
    const target = `[${4 + (i % contents.length) * 2} 0 R /XYZ 72 ${770 - (i % 40) * 18} 0]`;
    return `<< /Title (Section ${i % 40} text) /Parent ${root} 0 R${links} /Dest ${target} >>`;
  });
  const outlines = `<< /Type /Outlines /First ${first} 0 R /Last ${
    first + entries - 1
  } 0 R /Count ${entries} >>`;
  return pagesPdf(contents, `/Outlines ${root} 0 R`, [outlines, ...items]);
}

/** A tagged page whose one element, a `role` (a paragraph unless told), sits `depth` structure elements (`Div`) deep. */
export function deepTagsPdf(depth: number, role = "P"): Uint8Array {
  const content = "/P << /MCID 0 >> BDC BT /F1 12 Tf 72 720 Td (Deep) Tj ET EMC";
  // Objects: 6 the tree's root, 7 the parent tree, 8 … the elements, the paragraph last.
  const elements = Array.from({ length: depth + 1 }, (_, i) => {
    const parent = i === 0 ? 6 : 8 + i - 1;
    const kids = i === depth ? "<< /Type /MCR /Pg 4 0 R /MCID 0 >>" : `${8 + i + 1} 0 R`;
    return `<< /Type /StructElem /S /${i === depth ? role : "Div"} /P ${parent} 0 R /Pg 4 0 R /K ${kids} >>`;
  });
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 6 0 R /MarkInfo << /Marked true >> >>",
    "<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
    FONT,
    `<< ${PAGE} /Contents 5 0 R /StructParents 0 >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /StructTreeRoot /K 8 0 R /ParentTree 7 0 R >>",
    `<< /Nums [0 [${8 + depth} 0 R]] >>`,
    ...elements,
  ]);
}

/** One page drawing `content` with Helvetica as `/F1` and Courier (WinAnsi: 0x60 a backtick) as `/F2`. */
function monoPdf(content: string): Uint8Array {
  return buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [5 0 R] /Count 1 >>",
    FONT,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>",
    `<< ${PAGE.replace("/F1 3 0 R", "/F1 3 0 R /F2 4 0 R")} /Contents 6 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]);
}

/** A sentence whose inline code is `runs` backticks apart (`` ` ` ` ``), then a line of text. */
export function inlineBackticksPdf(runs: number): Uint8Array {
  return monoPdf(
    `BT /F1 10 Tf 72 720 Td (Run the ) Tj /F2 10 Tf (${
      "` ".repeat(runs)
    }) Tj /F1 10 Tf (command now.) Tj ET ` +
      "BT /F1 10 Tf 72 700 Td (and more) Tj ET",
  );
}

/** A code block whose middle line is `runs` fences (```` ``` ````) apart, after a line of prose. */
export function codeFencesPdf(runs: number): Uint8Array {
  return monoPdf(
    "BT /F1 10 Tf 72 740 Td (Some prose comes first here.) Tj ET " +
      `BT /F2 9 Tf 72 720 Td (let a = 1;) Tj 0 -11 Td (${
        "``` ".repeat(runs)
      }) Tj 0 -11 Td (let b = 2;) Tj ET ` +
      "BT /F1 10 Tf 72 660 Td (and more) Tj ET",
  );
}

/**
 * An index page of `rows` rows in size 1 type, 80 to a baseline across the page: the first half terms
 * ending in a comma (`term,`, an entry whose pages wrapped on), the rest entries with their pages
 * (`term, 5`). The search for the first entry looks under each comma for the pages.
 */
export function indexCommasPdf(rows: number): Uint8Array {
  const parts = ["BT /F1 1 Tf"];
  for (let i = 0; i < rows; i++) {
    // Set a little apart from the row above's, so no cells line up into a table's columns.
    const row = Math.floor(i / 80), x = 10 + (i % 80) * 7.4 + ((i * 7919) % 97) / 40, y = 785 - row * 1.6;
    parts.push(`1 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)} Tm (${i < rows / 2 ? "term," : "term, 5"}) Tj`);
  }
  parts.push("ET");
  return pagesPdf([parts.join("\n")]);
}

/** A one-page file and `nodes` empty page-tree nodes (`/Kids [] /Count 0`) no page reaches. */
export function pageTreeNodesPdf(nodes: number): Uint8Array {
  const node = "<< /Type /Pages /Parent 2 0 R /Kids [] /Count 0 >>";
  return pagesPdf(["BT /F1 10 Tf 72 720 Td (and more) Tj ET"], "", Array.from({ length: nodes }, () => node));
}

/** A page's contents: two titles, each over a line of text, all of one size. */
function titledPage(): string {
  const lines = [[720, "Alpha title"], [700, "Body text of the page."], [660, "Beta title"], [
    640,
    "More text.",
  ]];
  return lines.map(([y, text]) => `BT /F1 10 Tf 72 ${y} Td (${text}) Tj ET`).join("\n");
}

/**
 * The page of {@linkcode deepOutlinePdf} and an outline of three entries: the first title's, which points to
 * it; the second's, which points to an object that is no page; a third's, which names a destination the file
 * lacks.
 */
export function strayOutlinePdf(): Uint8Array {
  const entries = [
    "<< /Title (Alpha title) /Parent 6 0 R /Next 8 0 R /Dest [4 0 R /XYZ 72 730 0] >>",
    "<< /Title (Beta title) /Parent 6 0 R /Prev 7 0 R /Next 9 0 R /Dest [5 0 R /XYZ 72 670 0] >>",
    "<< /Title (More text.) /Parent 6 0 R /Prev 8 0 R /Dest (nowhere) >>",
  ];
  return pagesPdf([titledPage()], "/Outlines 6 0 R", [
    "<< /Type /Outlines /First 7 0 R /Last 9 0 R /Count 3 >>",
    ...entries,
  ]);
}

/**
 * A page of two titles, each over a line of text, and an outline `depth` entries deep: each entry the one
 * child of the one before, the first two naming the titles.
 */
export function deepOutlinePdf(depth: number): Uint8Array {
  const page = titledPage();
  // Objects: 4 the page, 5 its contents, 6 the outline's root, 7 … its entries.
  const entries = Array.from({ length: depth }, (_, i) => {
    const child = i < depth - 1 ? ` /First ${8 + i} 0 R /Last ${8 + i} 0 R /Count 1` : "";
    const title = ["Alpha title", "Beta title"][i] ?? `Entry ${i}`;
    return `<< /Title (${title}) /Parent ${i === 0 ? 6 : 6 + i} 0 R${child} /Dest [4 0 R /XYZ 72 ${
      i === 1 ? 670 : 730
    } 0] >>`;
  });
  const root = `<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count ${depth} >>`;
  return pagesPdf([page], "/Outlines 6 0 R", [root, ...entries]);
}

/** Every hostile text file by name, as the command line writes them. */
export function hostileTextFiles(): Record<string, Uint8Array> {
  return {
    "contents_dots_200k.pdf": contentsDotsPdf(200_000),
    "item_leaders_200k.pdf": itemLeadersPdf(200_000),
    "letters_200k.pdf": longLinePdf("a", 200_000),
    "spaces_200k.pdf": longLinePdf(" ", 200_000),
    "same_spot_100k.pdf": sameSpotGlyphsPdf(100_000),
    "stacked_letters_25k.pdf": stackedLettersPdf(25_000),
    "tiny_rules_20k.pdf": tinyRulesPdf(20_000),
    "ruled_grid_20k.pdf": ruledGridPdf(20_000),
    "outline_5k.pdf": outlineFloodPdf(5_000),
    "deep_tags_5k.pdf": deepTagsPdf(5_000),
    "deep_outline_50k.pdf": deepOutlinePdf(50_000),
    "inline_backticks_150k.pdf": inlineBackticksPdf(150_000),
    "code_fences_150k.pdf": codeFencesPdf(150_000),
    "page_tree_nodes_150k.pdf": pageTreeNodesPdf(150_000),
    "index_commas_32k.pdf": indexCommasPdf(32_000),
  };
}

if (import.meta.main) {
  const dir = Deno.args[0] ?? "hostile_text";
  await Deno.mkdir(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(hostileTextFiles())) {
    await Deno.writeFile(`${dir}/${name}`, bytes);
    console.log(`${name}\t${bytes.length} bytes`);
  }
}

/**
 * Writes the outline-only headings fixture again on pages a viewer shows
 * through a transform other than the plain upright one, as scanned, imposed,
 * cropped and landscape documents are: once with its content drawn a
 * quarter turn and a `/Rotate 90` entry turning it back, once with its media
 * box off the origin and its content moved with it. Each looks as the
 * original does; its outline destinations are moved with the content. Uses
 * `mutool run` (MuPDF). Run: `deno run -A bench/pdf/make_page_box_fixtures.ts`.
 *
 * @module
 */

/** The fixture rewritten, and the folder the variants are written to. */
const FIXTURES = new URL("../../tests/lib/pdf/fixtures/layout/", import.meta.url);
const SOURCE = "outline_headings.weasyprint.pdf";

/**
 * The variants: each a matrix `[a, b, c, d, e, f]` (of the page's width `w`
 * and height `h`) moving the content, the new media box, and the `/Rotate` entry.
 */
const VARIANTS: Record<
  string,
  (w: number, h: number) => { matrix: number[]; box: number[]; rotate: number }
> = {
  // Drawn a quarter turn anticlockwise on a landscape box, shown turned back clockwise.
  rotate90: (w, h) => ({ matrix: [0, 1, -1, 0, h, 0], box: [0, 0, h, w], rotate: 90 }),
  // The media box, and the content with it, moved off the origin.
  offset: (w, h) => ({ matrix: [1, 0, 0, 1, -120, 300], box: [-120, 300, w - 120, h + 300], rotate: 0 }),
};

/**
 * MuPDF's script: moves page 1's content by the matrix (wrapping its
 * contents in `q cm … Q`), sets its media box and turn, and moves each
 * outline entry's `/XYZ left top` destination through the same matrix.
 */
const SCRIPT = `
var doc = new PDFDocument(scriptArgs[0]);
var m = JSON.parse(scriptArgs[2]);
var page = doc.findPage(0);
var before = doc.addStream("q " + m.matrix.join(" ") + " cm\\n", {});
var after = doc.addStream("\\nQ\\n", {});
var contents = page.get("Contents"), all = doc.newArray();
all.push(before);
if (contents.isArray()) for (var i = 0; i < contents.length; i++) all.push(contents.get(i));
else all.push(contents);
all.push(after);
page.put("Contents", all);
page.put("MediaBox", m.box);
if (m.rotate) page.put("Rotate", m.rotate);
function move(node) {
  for (; node && !node.isNull(); node = node.get("Next")) {
    var dest = node.get("Dest");
    if (dest.isArray() && dest.get(1).toString() === "/XYZ") {
      var x = dest.get(2).valueOf(), y = dest.get(3).valueOf(), a = m.matrix;
      dest.put(2, a[0] * x + a[2] * y + a[4]);
      dest.put(3, a[1] * x + a[3] * y + a[5]);
    }
    move(node.get("First"));
  }
}
move(doc.getTrailer().get("Root").get("Outlines").get("First"));
doc.save(scriptArgs[1], "compress");
`;

/** The width and height of the source's first page, from `mutool info`. */
async function pageSize(path: string): Promise<[number, number]> {
  const out = await new Deno.Command("mutool", { args: ["info", path] }).output();
  const box = /\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(new TextDecoder().decode(out.stdout));
  if (!box) throw new Error(`no media box at the origin in ${path}`);
  return [Number(box[1]), Number(box[2])];
}

if (import.meta.main) {
  const source = new URL(SOURCE, FIXTURES).pathname;
  const [w, h] = await pageSize(source);
  const script = await Deno.makeTempFile({ suffix: ".js" });
  await Deno.writeTextFile(script, SCRIPT);
  try {
    for (const [name, variant] of Object.entries(VARIANTS)) {
      const target = new URL(SOURCE.replace(/\.pdf$/, `.${name}.pdf`), FIXTURES).pathname;
      const args = ["run", script, source, target, JSON.stringify(variant(w, h))];
      const run = await new Deno.Command("mutool", { args }).output();
      if (!run.success) throw new Error(new TextDecoder().decode(run.stderr));
      console.log(`wrote ${target}`);
    }
  } finally {
    await Deno.remove(script);
  }
}

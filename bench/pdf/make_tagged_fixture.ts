/**
 * Writes the tagged-structure fixture (`tests/lib/pdf/fixtures/tagged/roles.pdf`)
 * byte by byte: no producer at hand writes every way the PDF specification
 * lets a structure tree name its types, so this one page does, each the way
 * producers use it. The file is committed; tests read it.
 *
 * - A `RoleMap` that maps a type to another custom type it maps in turn
 *   (`Chapter` → `Heading1` → `H1`, as word processors name their styles), and
 *   `Para` → `P`.
 * - PDF 2.0 namespaces: `subsection` and `text` in a namespace of the
 *   document's own, mapped by its `RoleMapNS` to `H3` in the PDF 2.0
 *   namespace and to `P` (LaTeX's tagging writes its types so).
 * - `H` nested in two `Sect`s, its section number in a `Lbl`.
 * - Inline `Code` in a paragraph, once at a line's start.
 * - A bold line larger than the text, tagged `P`: the tags name the
 *   headings, typography adds none.
 * - A list item of two paragraphs (`P`s in its `LBody`).
 * - A running head marked as an `Artifact`, and a page foot that only its
 *   structure element (`Artifact`, PDF 2.0) says is furniture.
 *
 *     deno run -A bench/pdf/make_tagged_fixture.ts
 *
 * @module
 */

/** A structure element: its type, optional namespace object number, and kids (marked-content ids or elements). */
export interface Elem {
  type: string;
  ns?: number;
  kids: Array<number | Elem>;
}

/** Object numbers fixed by the layout below. */
const CATALOG = 1, PAGES = 2, ROOT = 3, PAGE = 4, CONTENT = 5, PARENT_TREE = 6;
/** Object numbers of the document's own namespace and of the PDF 2.0 one, for elements' `ns`. */
export const OWN_NS = 7, PDF2_NS = 8;
const FIRST_ELEMENT = 9;

/** A run of text in a marked-content sequence: [mcid, font, text]. */
export type Run = [mcid: number | "artifact", font: "F1" | "F2" | "F3", text: string];

/** One line of the page: where it starts, its size, and its runs. */
export interface PageLine {
  x: number;
  y: number;
  size: number;
  runs: Run[];
}

const LINES: PageLine[] = [
  { x: 72, y: 760, size: 9, runs: [["artifact", "F1", "Tagged Roles Guide, draft"]] },
  { x: 72, y: 700, size: 20, runs: [[0, "F2", "Tagged Roles Guide"]] },
  {
    x: 72,
    y: 670,
    size: 11,
    runs: [[1, "F1", "Each heading in this guide is named by its structure tree, whatever"]],
  },
  { x: 72, y: 656, size: 11, runs: [[2, "F1", "type names the producer gave the elements it wrote."]] },
  { x: 72, y: 620, size: 14, runs: [[3, "F2", "1"], [4, "F2", " Getting started"]] },
  { x: 72, y: 596, size: 11, runs: [[5, "F1", "Install the tool and run it once on an empty folder."]] },
  { x: 72, y: 560, size: 12, runs: [[6, "F2", "Settings"]] },
  {
    x: 72,
    y: 536,
    size: 11,
    runs: [[7, "F1", "Run the "], [8, "F3", "build"], [9, "F1", " command before the first start, and then"]],
  },
  {
    x: 72,
    y: 522,
    size: 11,
    runs: [[10, "F3", "check"], [11, "F1", " the log it writes next to the project."]],
  },
  { x: 72, y: 490, size: 16, runs: [[12, "F2", "Note well"]] },
  {
    x: 72,
    y: 470,
    size: 11,
    runs: [[13, "F1", "Plain text follows the bold line above it, in the body's size."]],
  },
  { x: 72, y: 446, size: 11, runs: [[14, "F1", "\u2022"], [15, "F1", "  first item of the list"]] },
  { x: 72, y: 432, size: 11, runs: [[16, "F1", "\u2022"], [17, "F1", "  second item of the list"]] },
  { x: 72, y: 404, size: 11, runs: [[19, "F1", "1."]] },
  { x: 90, y: 404, size: 11, runs: [[20, "F1", "Unpack the archive into the project folder."]] },
  { x: 90, y: 384, size: 11, runs: [[21, "F1", "Its second paragraph says where the files go."]] },
  { x: 280, y: 40, size: 9, runs: [[18, "F1", "Page 1 of 1"]] },
];

const TREE: Elem = {
  type: "Document",
  kids: [
    { type: "Chapter", kids: [0] },
    { type: "Para", kids: [1, 2] },
    {
      type: "Sect",
      kids: [{
        type: "Sect",
        kids: [{ type: "H", kids: [{ type: "Lbl", kids: [3] }, 4] }, { type: "P", kids: [5] }],
      }],
    },
    { type: "subsection", ns: OWN_NS, kids: [6] },
    {
      type: "text",
      ns: OWN_NS,
      kids: [7, { type: "Code", kids: [8] }, 9, { type: "Code", kids: [10] }, 11],
    },
    { type: "P", kids: [12] },
    { type: "P", kids: [13] },
    {
      type: "L",
      kids: [
        { type: "LI", kids: [{ type: "Lbl", kids: [14] }, { type: "LBody", kids: [15] }] },
        { type: "LI", kids: [{ type: "Lbl", kids: [16] }, { type: "LBody", kids: [17] }] },
      ],
    },
    {
      type: "L",
      kids: [{
        type: "LI",
        kids: [{ type: "Lbl", kids: [19] }, {
          type: "LBody",
          kids: [{ type: "P", kids: [20] }, { type: "P", kids: [21] }],
        }],
      }],
    },
    { type: "Artifact", ns: PDF2_NS, kids: [18] },
  ],
};

/** A PDF literal string in WinAnsi (the bullet is 0x95, the em dash 0x97). */
function literal(text: string): string {
  const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/\u2022/g, "\\225").replace(
    /\u2014/g,
    "\\227",
  );
  return `(${escaped})`;
}

/** The page's content stream: each run in its marked-content sequence. */
function content(lines: readonly PageLine[]): string {
  const out: string[] = [];
  for (const line of lines) {
    out.push(`BT ${line.x} ${line.y} Td`);
    for (const [mcid, font, text] of line.runs) {
      const open = mcid === "artifact"
        ? "/Artifact <</Type /Pagination /Subtype /Header>> BDC"
        : `/Span <</MCID ${mcid}>> BDC`;
      out.push(`${open} /${font} ${line.size} Tf ${literal(text)} Tj EMC`);
    }
    out.push("ET");
  }
  return out.join("\n") + "\n";
}

/** Numbers the elements depth first and writes their dictionaries; fills `parents` (mcid → element). */
function elements(root: Elem): { objects: Map<number, string>; parents: Map<number, number> } {
  const objects = new Map<number, string>();
  const parents = new Map<number, number>();
  let next = FIRST_ELEMENT;
  const walk = (elem: Elem, parent: number): number => {
    const num = next++;
    const kids = elem.kids.map((kid) => {
      if (typeof kid === "number") {
        parents.set(kid, num);
        return String(kid);
      }
      return `${walk(kid, num)} 0 R`;
    });
    const ns = elem.ns ? ` /NS ${elem.ns} 0 R` : "";
    objects.set(
      num,
      `<< /Type /StructElem /S /${elem.type}${ns} /P ${parent} 0 R /Pg ${PAGE} 0 R /K [${kids.join(" ")}] >>`,
    );
    return num;
  };
  walk(root, ROOT);
  return { objects, parents };
}

/** The whole file. */
export function taggedFixture(): Uint8Array {
  return taggedPage(LINES, TREE, `/subsection [/H3 ${PDF2_NS} 0 R] /text /P`);
}

/** An outline entry (a bookmark): its title and the height its destination shows at the window's top. */
export interface Bookmark {
  title: string;
  top: number;
}

/** Writes `bookmarks` as the document's outline into `objects`, after their last; returns the outline's number. */
function writeOutline(objects: Map<number, string>, bookmarks: readonly Bookmark[]): number {
  const root = Math.max(...objects.keys()) + 1;
  const first = root + 1, last = root + bookmarks.length;
  objects.set(root, `<< /Type /Outlines /First ${first} 0 R /Last ${last} 0 R /Count ${bookmarks.length} >>`);
  bookmarks.forEach((b, k) => {
    const num = first + k;
    const links = (k > 0 ? ` /Prev ${num - 1} 0 R` : "") + (num < last ? ` /Next ${num + 1} 0 R` : "");
    objects.set(
      num,
      `<< /Title (${b.title}) /Parent ${root} 0 R${links} /Dest [${PAGE} 0 R /XYZ 0 ${b.top} 0] >>`,
    );
  });
  return root;
}

/**
 * One tagged page written byte by byte: its lines, its structure tree, and
 * the `RoleMapNS` entries of the document's own namespace (`OWN_NS`); an
 * outline when `bookmarks` are given.
 */
export function taggedPage(
  lines: readonly PageLine[],
  tree: Elem,
  ownRoles: string,
  bookmarks: readonly Bookmark[] = [],
): Uint8Array {
  const { objects, parents } = elements(tree);
  const outline = bookmarks.length ? ` /Outlines ${writeOutline(objects, bookmarks)} 0 R` : "";
  const stream = content(lines);
  const font = (base: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${base} /Encoding /WinAnsiEncoding >>`;
  const mcids = [...parents.keys()].sort((a, b) => a - b).map((m) => `${parents.get(m)} 0 R`);
  objects.set(
    CATALOG,
    `<< /Type /Catalog /Pages ${PAGES} 0 R /StructTreeRoot ${ROOT} 0 R /MarkInfo << /Marked true >>${outline} >>`,
  );
  objects.set(PAGES, `<< /Type /Pages /Kids [${PAGE} 0 R] /Count 1 >>`);
  objects.set(
    ROOT,
    `<< /Type /StructTreeRoot /K ${FIRST_ELEMENT} 0 R /ParentTree ${PARENT_TREE} 0 R ` +
      `/RoleMap << /Chapter /Heading1 /Heading1 /H1 /Para /P >> /Namespaces [${OWN_NS} 0 R ${PDF2_NS} 0 R] >>`,
  );
  objects.set(
    PAGE,
    `<< /Type /Page /Parent ${PAGES} 0 R /MediaBox [0 0 612 792] /Contents ${CONTENT} 0 R /StructParents 0 ` +
      `/Resources << /Font << /F1 ${font("Helvetica")} /F2 ${font("Helvetica-Bold")} /F3 ${
        font("Courier")
      } >> >> >>`,
  );
  objects.set(CONTENT, `<< /Length ${stream.length} >>\nstream\n${stream}endstream`);
  objects.set(PARENT_TREE, `<< /Nums [0 [${mcids.join(" ")}]] >>`);
  objects.set(
    OWN_NS,
    `<< /Type /Namespace /NS (https://example.org/ns/guide) /RoleMapNS << ${ownRoles} >> >>`,
  );
  objects.set(PDF2_NS, `<< /Type /Namespace /NS (http://iso.org/pdf2/ssn) >>`);
  let body = "%PDF-2.0\n";
  const offsets: number[] = [];
  const count = Math.max(...objects.keys());
  for (let num = 1; num <= count; num++) {
    offsets[num] = body.length;
    body += `${num} 0 obj\n${objects.get(num)}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${count + 1}\n0000000000 65535 f \n`;
  for (let num = 1; num <= count; num++) body += `${String(offsets[num]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${count + 1} /Root ${CATALOG} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(body, (c) => c.charCodeAt(0));
}

if (import.meta.main) {
  const dir = new URL("../../tests/lib/pdf/fixtures/tagged/", import.meta.url);
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeFile(new URL("roles.pdf", dir), taggedFixture());
  console.log("roles.pdf: written");
}

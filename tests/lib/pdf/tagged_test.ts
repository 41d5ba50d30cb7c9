/**
 * A tagged PDF's structure tree read the way the specification has it:
 * types mapped through chained role maps and PDF 2.0 namespaces, `H` levelled
 * by its sections, inline code kept in its sentence,
 * artifacts and headings' numbers left out, and the tags alone naming the headings. The fixture
 * (`fixtures/tagged/roles.pdf`) is written by `bench/pdf/make_tagged_fixture.ts`
 * and converted with real pdf.js.
 */
import assert from "node:assert/strict";
import { convertPdf } from "../../../lib/pdf/convert.ts";
import { resolveRole } from "../../../lib/pdf/struct_roles.ts";
import { type StructNode, tagsFromStructTree } from "../../../lib/pdf/tagged.ts";
import { taggedFixture } from "../../../bench/pdf/make_tagged_fixture.ts";

const FIXTURE = new URL("./fixtures/tagged/roles.pdf", import.meta.url);

/** A stand-in for a pdf.js dictionary. */
function dict(entries: Record<string, unknown>) {
  return { get: (key: string) => entries[key] };
}

/** A stand-in for a pdf.js name. */
function name(value: string) {
  return { name: value };
}

Deno.test("the committed fixture is what its script writes", async () => {
  assert.deepEqual(await Deno.readFile(FIXTURE), taggedFixture());
});

Deno.test("a tagged PDF's headings come from its tree, through role maps and namespaces, and nothing else", async () => {
  const { markdown } = await convertPdf(await Deno.readFile(FIXTURE));
  const headings = markdown.split("\n").filter((l) => l.startsWith("#"));
  // Chapter → Heading1 → H1 (RoleMap twice); H in two Sects, its number's Lbl left out (as Markdown numbers no heading); subsection → H3 (RoleMapNS).
  assert.deepEqual(headings, ["# Tagged Roles Guide", "## Getting started", "### Settings"]);
  // `text` → P in its namespace; inline Code, also at a line's start, stays in the sentence.
  assert.ok(
    markdown.includes(
      "Run the `build` command before the first start, and then `check` the log it writes next to the project.",
    ),
    markdown,
  );
  // The tags name their headings: a larger bold line tagged P stays a paragraph.
  assert.ok(markdown.split("\n").includes("Note well"), markdown);
  assert.ok(markdown.includes("- first item of the list\n- second item of the list"), markdown);
  // An item's second P is its further paragraph, set under its text, not more of its first.
  assert.ok(
    markdown.includes(
      "1. Unpack the archive into the project folder.\n\n   Its second paragraph says where the files go.",
    ),
    markdown,
  );
  // A running head marked Artifact, and a foot only its structure element calls one, are left out.
  assert.ok(!markdown.includes("draft"), markdown);
  assert.ok(!markdown.includes("Page 1 of 1"), markdown);
});

Deno.test("role maps are followed through custom types to a standard one, and loops end", () => {
  const roleMap = new Map([["Chapter", "Heading1"], ["Heading1", "H1"], ["A", "B"], ["B", "A"]]);
  assert.equal(resolveRole("Chapter", undefined, roleMap, (v) => v), "H1");
  assert.equal(resolveRole("P", undefined, roleMap, (v) => v), "P");
  assert.ok(["A", "B"].includes(resolveRole("A", undefined, roleMap, (v) => v)));
});

Deno.test("a PDF 2.0 namespace maps its types by RoleMapNS, to a name or to a type of another namespace", () => {
  const pdf2 = dict({ NS: "http://iso.org/pdf2/ssn" });
  const ref = { num: 8, gen: 0 };
  const own = dict({
    NS: "https://example.org/ns",
    RoleMapNS: dict({ section: [name("H2"), ref], text: name("P"), chain: [name("section"), { num: 7 }] }),
  });
  const fetch = (v: unknown) => (v === ref ? pdf2 : own);
  const empty = new Map<string, string>();
  assert.equal(resolveRole("section", own, empty, fetch), "H2");
  assert.equal(resolveRole("text", own, empty, fetch), "P");
  assert.equal(resolveRole("chain", own, empty, fetch), "H2");
  // A type of a standard namespace is final, whatever the role map says.
  assert.equal(resolveRole("H2", pdf2, new Map([["H2", "P"]]), fetch), "H2");
  // A type its namespace does not map falls back on the document's role map.
  assert.equal(resolveRole("title", own, new Map([["title", "Title"]]), fetch), "Title");
});

Deno.test("H takes its level from the sections around it; a deep Hn stays at 6; a heading's label is left out", () => {
  const content = (id: string): StructNode => ({ type: "content", id });
  const tree: StructNode = {
    role: "Root",
    children: [{
      role: "Sect",
      children: [
        { role: "H", children: [{ role: "Lbl", children: [content("a")] }, content("b")] },
        { role: "Sect", children: [{ role: "H", children: [content("c")] }] },
        { role: "H8", children: [content("d")] },
        { role: "P", children: [content("e"), { role: "Code", children: [content("f")] }] },
        { role: "Code", children: [content("g")] },
      ],
    }],
  };
  const { tags, omitted } = tagsFromStructTree(tree, 0);
  assert.equal(tags.get("b")?.heading, 1);
  assert.deepEqual([...omitted], ["a"]);
  assert.equal(tags.get("c")?.heading, 2);
  assert.equal(tags.get("d")?.heading, 6);
  // Code in a paragraph is inline: same block, no listing; Code on its own is a listing.
  assert.equal(tags.get("f")?.block, tags.get("e")?.block);
  assert.equal(tags.get("f")?.code, undefined);
  assert.equal(tags.get("g")?.code, true);
});

Deno.test("content under an Artifact element is reported as an artifact, not tagged", () => {
  const tree: StructNode = {
    role: "Root",
    children: [
      { role: "P", children: [{ type: "content", id: "x" }] },
      { role: "Artifact", children: [{ role: "P", children: [{ type: "content", id: "y" }] }] },
    ],
  };
  const { tags, omitted } = tagsFromStructTree(tree, 0);
  assert.ok(tags.has("x"));
  assert.ok(!tags.has("y"));
  assert.deepEqual([...omitted], ["y"]);
});

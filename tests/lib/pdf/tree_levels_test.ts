/**
 * Heading levels a structure tree gives through a producer's own section
 * types (LaTeX's `section` → `H2` in the namespace of classes with chapters)
 * are counted from the document's top; levels tagged as such are the
 * author's and stay.
 */
import assert from "node:assert/strict";
import { OWN_HEADING_MARK, resolveRoleMarked } from "../../../lib/pdf/struct_roles.ts";
import { type StructNode, tagsFromStructTree } from "../../../lib/pdf/tagged.ts";
import { liftTreeLevels } from "../../../lib/pdf/tree_levels.ts";
import type { Draft } from "../../../lib/pdf/draft.ts";
import type { FontStyle } from "../../../lib/pdf/types.ts";

const body: FontStyle = { name: "Serif", bold: true, italic: false, monospace: false };

/** A stand-in for a pdf.js dictionary. */
function dict(entries: Record<string, unknown>) {
  return { get: (key: string) => entries[key] };
}

/** Headings tagged by `roles` (as pdf.js hands them over), each a one-line draft marked by its tag's level. */
function taggedHeadings(roles: readonly string[]): Draft[] {
  const tree: StructNode = {
    role: "Document",
    children: roles.map((role, i) => ({ role, children: [{ type: "content", id: `mc${i}` }] })),
  };
  const { tags } = tagsFromStructTree(tree, 0);
  return roles.map((_, i) => {
    const tag = tags.get(`mc${i}`)!;
    const span = { text: `Heading ${i}`, x: 72, y: 100 + 20 * i, width: 60, size: 10, font: body, tag };
    return {
      kind: "text",
      page: 1,
      heading: tag.heading,
      lines: [{ spans: [span], x0: 72, x1: 132, y: span.y, size: 10, page: 1 }],
    };
  });
}

Deno.test("a heading reached from the producer's own type is marked; one tagged as such is not", () => {
  const pdf2 = dict({ NS: "http://iso.org/pdf2/ssn" });
  const ref = { num: 8, gen: 0 };
  const latex = dict({
    NS: "https://www.latex-project.org/ns/book/2022",
    RoleMapNS: dict({ section: [{ name: "H2" }, ref] }),
  });
  const fetch = (v: unknown) => (v === ref ? pdf2 : latex);
  assert.equal(resolveRoleMarked("section", latex, new Map(), fetch), `H2${OWN_HEADING_MARK}`);
  assert.equal(resolveRoleMarked("H2", pdf2, new Map(), fetch), "H2");
  assert.equal(resolveRoleMarked("text", latex, new Map([["text", "P"]]), fetch), "P");
});

Deno.test("a tree whose own section types start at H2 has its headings counted from the top", () => {
  const drafts = taggedHeadings([`H2${OWN_HEADING_MARK}`, `H3${OWN_HEADING_MARK}`, `H2${OWN_HEADING_MARK}`]);
  liftTreeLevels(drafts);
  assert.deepEqual(drafts.map((d) => d.heading), [1, 2, 1]);
});

Deno.test("levels tagged as such, or under a top-level heading, stay as tagged", () => {
  const readme = taggedHeadings(["H2", "H3"]);
  liftTreeLevels(readme);
  assert.deepEqual(readme.map((d) => d.heading), [2, 3]);
  const titled = taggedHeadings([`H1${OWN_HEADING_MARK}`, `H2${OWN_HEADING_MARK}`]);
  liftTreeLevels(titled);
  assert.deepEqual(titled.map((d) => d.heading), [1, 2]);
  const mixed = taggedHeadings(["H2", `H3${OWN_HEADING_MARK}`]);
  liftTreeLevels(mixed);
  assert.deepEqual(mixed.map((d) => d.heading), [2, 3]);
});

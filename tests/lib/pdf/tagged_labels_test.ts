import assert from "node:assert/strict";
import { undecorated } from "../../../lib/pdf/tagged_labels.ts";
import { randomTexts } from "../../_support/random_texts.ts";

/** The one pattern the label's decoration was taken off with before. */
const PLAIN_DECORATION = /^[\p{Pd}\p{Ps}\s]+|[\p{Pd}\p{Pe}\s]+$/gu;

Deno.test("undecorated() takes dashes and brackets off a label as the one plain pattern did", () => {
  assert.equal(undecorated("—1—"), "1");
  assert.equal(undecorated("[A]"), "A");
  assert.equal(undecorated(" )"), "");
  const alphabet = ["A", "1", "-", "—", "(", ")", "[", "]", " ", "\n", ".", "{", "}"];
  for (const text of randomTexts(7, 20_000, 16, alphabet)) {
    assert.equal(undecorated(text), text.replace(PLAIN_DECORATION, ""), JSON.stringify(text));
  }
});

Deno.test("undecorated() reads a 400,000-character run of spaces or dashes in time linear in its length", () => {
  // Tried from every position, as the plain pattern was, each of these took many minutes.
  const n = 400_000;
  assert.equal(undecorated(`A${" ".repeat(n)}1`), `A${" ".repeat(n)}1`);
  assert.equal(undecorated(`A${"-".repeat(n)}1`), `A${"-".repeat(n)}1`);
  assert.equal(undecorated(`${"(".repeat(n)}A${")".repeat(n)}`), "A");
});

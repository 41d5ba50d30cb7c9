import assert from "node:assert/strict";
import { auditReference, auditWords, markdownText } from "../../bench/pdf/audit_references.ts";

Deno.test("auditWords reads words as printed: case folded, ligatures and line-end hyphens undone", () => {
  assert.deepEqual(auditWords("The ﬁrst con-\ntinued Word, 1.2"), [
    "the",
    "first",
    "continued",
    "word",
    "1",
    "2",
  ]);
  assert.equal(markdownText("[Fig. 1](#fig) <https://x.org>\n| --- | ---: |"), "Fig. 1 https://x.org\n ");
});

Deno.test("auditReference counts the words each side lacks and names the runs the other side has nowhere", () => {
  const printed = auditWords("Contents 1 Introduction 9 Chapter 1 Introduction lorem ipsum dolor sit amet");
  const reference = auditWords("Introduction lorem ipsum dolor sit amet consectetuer");
  const audit = auditReference(printed, reference);
  assert.equal(audit.missing, 6);
  assert.equal(audit.extra, 1);
  assert.deepEqual(audit.missingRuns, ["(6) contents 1 introduction 9 chapter 1"]);
  assert.deepEqual(audit.extraRuns, ["(1) consectetuer"]);
  assert.ok(audit.f1 > 0.6 && audit.f1 < 0.8, String(audit.f1));
});

import assert from "node:assert/strict";
import { FAILURE_CLASSES, NEXT_ACTIONS } from "../../../../lib/solana/transaction/classes.ts";
import { LANDED_STATES } from "../../../../lib/solana/transaction/landed_state.ts";

const GUIDE = await Deno.readTextFile(
  new URL("../../../../guides/transaction-diagnosis.md", import.meta.url),
);

/** The first cells of the guide's table rows, e.g. `slippage` from "| `slippage` | ...". */
const ROW_KEYS = new Set([...GUIDE.matchAll(/^\| `([a-z_]+)` +\|/gm)].map((match) => match[1]));

Deno.test("the transaction-diagnosis guide has a row for every failure class, action and landed state", () => {
  for (const name of [...FAILURE_CLASSES, ...NEXT_ACTIONS, ...LANDED_STATES]) {
    assert.ok(ROW_KEYS.has(name), `guide row for "${name}"`);
  }
});

Deno.test("the transaction-diagnosis guide names no class or action that does not exist", () => {
  const section = (title: string) => {
    const start = GUIDE.indexOf(`## ${title}`);
    const end = GUIDE.indexOf("\n## ", start + 1);
    return GUIDE.slice(start, end === -1 ? undefined : end);
  };
  // Body rows only: a header row is followed by the `| ---` separator.
  const keys = (text: string) =>
    [...text.matchAll(/^\| `([a-z_]+)` +\|.*\n(?!\| -)/gm)].map((match) => match[1]!);
  assert.deepEqual(keys(section("Failure classes")), [...FAILURE_CLASSES]);
  assert.deepEqual(keys(section("Next actions")), [...NEXT_ACTIONS]);
});

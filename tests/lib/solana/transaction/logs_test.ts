import assert from "node:assert/strict";
import { alignInstructions, innermostFailure, parseLogs } from "../../../../lib/solana/transaction/logs.ts";

const OUTER = "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4";
const INNER = "whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc";
const TOKEN = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const BUDGET = "ComputeBudget111111111111111111111111111111";

const NESTED = [
  `Program ${BUDGET} invoke [1]`,
  `Program ${BUDGET} success`,
  `Program ${OUTER} invoke [1]`,
  "Program log: Instruction: Route",
  `Program ${INNER} invoke [2]`,
  "Program log: Instruction: Swap",
  `Program ${TOKEN} invoke [3]`,
  "Program log: Instruction: TransferChecked",
  `Program ${TOKEN} consumed 6238 of 64998 compute units`,
  `Program ${TOKEN} success`,
  "Program data: QMbN6CYIceL=",
  `Program ${INNER} consumed 40000 of 98000 compute units`,
  `Program ${INNER} failed: custom program error: 0x1794`,
  `Program ${OUTER} consumed 52000 of 110000 compute units`,
  `Program ${OUTER} failed: custom program error: 0x1794`,
];

Deno.test("parseLogs() rebuilds the invocation tree with parents, depths, units and own lines", () => {
  const { frames, truncated, orphanLines } = parseLogs(NESTED);
  assert.equal(truncated, false);
  assert.deepEqual(orphanLines, []);
  assert.deepEqual(
    frames.map((
      f,
    ) => [f.program, f.parent, f.depth, f.status, f.computeUnitsConsumed, f.computeUnitsAvailable]),
    [
      [BUDGET, null, 1, "success", null, null],
      [OUTER, null, 1, "failed", 52000, 110000],
      [INNER, 1, 2, "failed", 40000, 98000],
      [TOKEN, 2, 3, "success", 6238, 64998],
    ],
  );
  assert.deepEqual(frames[1]!.logs, ["Program log: Instruction: Route"]);
  assert.deepEqual(frames[2]!.logs, ["Program log: Instruction: Swap", "Program data: QMbN6CYIceL="]);
  assert.equal(frames[2]!.error, "custom program error: 0x1794");
});

Deno.test("innermostFailure() returns the frame whose failure is logged first", () => {
  const { frames } = parseLogs(NESTED);
  alignInstructions(frames, [BUDGET, OUTER]);
  assert.equal(innermostFailure(frames, 1)?.program, INNER);
  assert.equal(innermostFailure(frames, 0), undefined);
  assert.equal(innermostFailure(frames, null)?.program, INNER);
});

Deno.test("alignInstructions() skips top-level instructions that logged nothing", () => {
  const precompile = "Ed25519SigVerify111111111111111111111111111";
  const { frames } = parseLogs(NESTED);
  alignInstructions(frames, [precompile, BUDGET, OUTER]);
  assert.deepEqual(frames.map((frame) => frame.instructionIndex), [1, 2, 2, 2]);
});

Deno.test("parseLogs() marks a cut-off log as truncated and leaves open frames incomplete", () => {
  const { frames, truncated } = parseLogs([...NESTED.slice(0, 8), "Log truncated"]);
  assert.equal(truncated, true);
  assert.deepEqual(frames.map((frame) => frame.status), [
    "success",
    "incomplete",
    "incomplete",
    "incomplete",
  ]);
  assert.equal(parseLogs(NESTED.slice(0, 6)).truncated, true, "frames that never close mean a cut log");
});

Deno.test("parseLogs() keeps unrecognised lines without throwing", () => {
  const { frames, orphanLines } = parseLogs([
    "stray line",
    `Program ${TOKEN} success`,
    `Program ${TOKEN} invoke [1]`,
    "Transfer: insufficient lamports 10, need 20",
    42,
    `Program ${TOKEN} failed: insufficient funds`,
  ]);
  assert.deepEqual(orphanLines, ["stray line", `Program ${TOKEN} success`]);
  assert.deepEqual(frames[0]!.logs, ["Transfer: insufficient lamports 10, need 20", "42"]);
  assert.equal(frames[0]!.error, "insufficient funds");
  assert.deepEqual(parseLogs(null).frames, []);
});

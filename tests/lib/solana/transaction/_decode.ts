/**
 * Test helper: attributes a custom error code raised by a top-level program,
 * as if its logs said only that (and any lines given before the failure).
 *
 * @module
 */
import { attributeFailure, type Attribution } from "../../../../lib/solana/transaction/attribution.ts";
import { parseTransactionError } from "../../../../lib/solana/transaction/error_shapes.ts";
import { alignInstructions, parseLogs } from "../../../../lib/solana/transaction/logs.ts";

/** Attributes `code` from `program`, with `lines` logged before it failed. */
export async function decodeCode(program: string, code: number, lines: string[] = []): Promise<Attribution> {
  const { frames } = parseLogs([
    `Program ${program} invoke [1]`,
    ...lines,
    `Program ${program} failed: custom program error: 0x${code.toString(16)}`,
  ]);
  alignInstructions(frames, [program]);
  return await attributeFailure(
    parseTransactionError({ InstructionError: [0, { Custom: code }] }),
    frames,
    null,
  );
}

/**
 * Recovers the instruction a failing frame was executing, top-level or CPI,
 * so its accounts and amounts can be read: a top-level frame maps to the
 * message's instruction; an inner frame to the entry of `innerInstructions`
 * at the same position among the CPIs of its top-level instruction.
 *
 * @module
 */
import type { LogFrame } from "./logs.ts";
import { type MessageView, rpcProgramAndData } from "./message.ts";

/** An instruction, resolved to addresses. */
export interface ResolvedInstruction {
  program: string;
  accounts: string[];
  /** Raw data, when the RPC gave it unparsed. */
  data: Uint8Array | null;
  /** The RPC's own parse (`jsonParsed`), when it gave one. */
  parsed: { type: string; info: Record<string, unknown> } | null;
}

type Json = Record<string, unknown>;

/**
 * The instruction `frame` ran, or `null` when it cannot be told (truncated
 * logs, missing inner instructions).
 */
export function failingInstruction(
  frame: LogFrame,
  frames: readonly LogFrame[],
  view: MessageView,
  innerInstructions: unknown,
): ResolvedInstruction | null {
  const addresses = view.accountKeys.map((key) => key.address);
  const top = frame.instructionIndex;
  if (top === null) return null;
  if (frame.parent === null) {
    const instruction = view.instructions[top];
    if (!instruction) return null;
    return {
      program: instruction.program,
      accounts: instruction.accounts.map((i) => addresses[i] ?? `#${i}`),
      data: instruction.data,
      parsed: null,
    };
  }
  const position = frames.filter((f) => f.instructionIndex === top && f.parent !== null).indexOf(frame);
  const group = Array.isArray(innerInstructions)
    ? (innerInstructions as Json[]).find((entry) => entry?.index === top)
    : undefined;
  const entry = Array.isArray(group?.instructions) ? (group.instructions as Json[])[position] : undefined;
  if (!entry) return null;
  return resolveEntry(entry, addresses);
}

function resolveEntry(entry: Json, addresses: readonly string[]): ResolvedInstruction {
  const { program, data } = rpcProgramAndData(entry, addresses);
  const accounts = Array.isArray(entry.accounts)
    ? (entry.accounts as unknown[]).map((a) => typeof a === "number" ? addresses[a] ?? `#${a}` : String(a))
    : [];
  const parsedRecord = entry.parsed as Json | undefined;
  const parsed = parsedRecord && typeof parsedRecord.type === "string" && parsedRecord.info &&
      typeof parsedRecord.info === "object"
    ? { type: parsedRecord.type, info: parsedRecord.info as Json }
    : null;
  return { program, accounts, data, parsed };
}

/**
 * Finds who failed and why: classifies the error, attributes an instruction
 * error to the innermost failing program in the logs (not the top-level
 * instruction's program), and names a custom code from, in order, the
 * AnchorError line logged in that frame, the built-in tables, the curated
 * tables, the Anchor framework codes, and the program's on-chain IDL. When
 * no table decides the class, it is read from the error's name, message and
 * the failing frame's last log lines ({@link inferMeaning}).
 *
 * @module
 */
import { type Confidence, verdictOf } from "./classes.ts";
import { causeLines, inferMeaning, statedCause, withRemedy } from "./error_meaning.ts";
import type { ParsedError } from "./error_shapes.ts";
import {
  type Attribution,
  type FailureSource,
  type IdlErrorLookup,
  inferredVerdict,
  type Located,
  lowest,
} from "./failure.ts";
import { innermostFailure, type LogFrame } from "./logs.ts";
import type { MessageView } from "./message.ts";
import { ANCHOR_ERRORS, ANCHOR_USER_ERROR_OFFSET } from "./program_errors/anchor.ts";
import { errorTableOf, isBuiltinProgram, programNameOf } from "./program_errors/registry.ts";
import type { ProgramErrorInfo, ProgramErrorTable } from "./program_errors/types.ts";
import { builtinFailure, transactionFailure } from "./runtime_failures.ts";

export type { Attribution, Failure, FailureSource, IdlErrorLookup } from "./failure.ts";

/** An Anchor program's logged error: the account it blames, its name, number and message. */
const ANCHOR_LINE =
  /AnchorError (?:thrown in \S+?|caused by account: (\S+?)|occurred)\. Error Code: (\w+)\. Error Number: (\d+)\. Error Message: (.*?)\.?$/;

/**
 * Attributes and decodes an error. `frames` must already be aligned with the
 * message's instructions.
 *
 * @example
 * ```ts
 * const { failure, verdict } = await attributeFailure(parsed, frames, view);
 * failure?.program; // the innermost failing program
 * verdict.failureClass; // e.g. "insufficient_funds"
 * ```
 */
export async function attributeFailure(
  parsed: ParsedError | null,
  frames: readonly LogFrame[],
  view: MessageView | null,
  lookupIdl?: IdlErrorLookup,
): Promise<Attribution> {
  if (!parsed) return { failure: null, verdict: verdictOf("none"), frame: null };
  if (parsed.transactionError !== "InstructionError") return transactionFailure(parsed, view);

  const index = parsed.instructionIndex;
  const frame = innermostFailure(frames, index) ?? deepestUnclosed(frames, index);
  const program = frame?.program ?? (index !== null ? view?.instructions[index]?.program ?? null : null);
  const base = {
    instructionIndex: index,
    program,
    programName: program ? programNameOf(program) : null,
    depth: frame?.depth ?? null,
    account: null,
    evidence: null,
  };
  const located: Confidence = frame?.status === "failed" ? "high" : "medium";

  const at: Located = { frame, base, located };
  if (parsed.instructionError !== "Custom" || parsed.customCode === null) return builtinFailure(parsed, at);
  return await customFailure(parsed.customCode, at, lookupIdl);
}

/** A program's custom error code, decoded from its table or IDL, or read from its log lines. */
async function customFailure(
  customCode: number,
  { frame, base, located }: Located,
  lookupIdl: IdlErrorLookup | undefined,
): Promise<Attribution> {
  const program = base.program;
  const code = customCode;
  const decoded = await decodeCustom(code, program, frame, lookupIdl);
  // The program's table decides when it gives a class; otherwise the words do.
  const inferred = decoded.info?.failureClass
    ? null
    : inferMeaning([decoded.info?.name, decoded.info?.message, ...causeLines(frame?.logs ?? [])]);
  const fromLine = inferred !== null && !decoded.info;
  const confidence = lowest(inferred ? lowest("medium", decoded.confidence) : decoded.confidence, located);
  return {
    failure: {
      ...base,
      code,
      hex: `0x${code.toString(16)}`,
      errorName: decoded.info?.name ?? "Custom",
      message: withRemedy(
        (decoded.info?.message ?? (fromLine ? logText(inferred.evidence) : undecodedMessage(code, frame))) +
          (decoded.accountName ? ` (account "${decoded.accountName}")` : ""),
        inferred,
      ),
      source: fromLine ? "log" : decoded.source,
      confidence: fromLine ? lowest("medium", located) : confidence,
      evidence: inferred?.evidence ?? null,
    },
    verdict: inferred
      ? inferredVerdict(inferred)
      : verdictOf(decoded.info?.failureClass ?? "program_error", decoded.info?.action),
    frame: frame ?? null,
  };
}

/** For a code no table names: the program's own words about the failure, with the code, rather than the bare code. */
function undecodedMessage(code: number, frame: LogFrame | undefined): string {
  const hex = `custom program error: 0x${code.toString(16)}`;
  const line = statedCause(frame?.logs ?? []);
  return line ? `${logText(line)} (${hex})` : hex;
}

/** A log line without its `Program log: ` prefix. */
function logText(line: string): string {
  return line.replace(/^Program log: /, "");
}

interface Decoded {
  info: ProgramErrorInfo | null;
  source: FailureSource;
  confidence: Confidence;
  /** The account an AnchorError line blames, by its name in the program. */
  accountName: string | null;
}

async function decodeCustom(
  code: number,
  program: string | null,
  frame: LogFrame | undefined,
  lookupIdl: IdlErrorLookup | undefined,
): Promise<Decoded> {
  const table = program ? errorTableOf(program) : undefined;
  const tableInfo = table?.errors[code];
  const anchorLog = frame ? anchorErrorIn(frame, code) : null;
  if (anchorLog) {
    return {
      info: { ...anchorLog.info, ...classOf(table, anchorLog.info.name) },
      source: "log",
      confidence: "high",
      accountName: anchorLog.accountName,
    };
  }
  if (tableInfo) {
    return { info: tableInfo, source: "table", confidence: table!.confidence, accountName: null };
  }
  const frameworkInfo = code < ANCHOR_USER_ERROR_OFFSET ? ANCHOR_ERRORS[code] : undefined;
  if (frameworkInfo && (!table || table.anchor)) {
    return { info: frameworkInfo, source: "table", confidence: table ? "high" : "medium", accountName: null };
  }
  // Runtime builtins are not Anchor programs: they have no IDL to ask for.
  if (program && !table && lookupIdl && !isBuiltinProgram(program)) {
    const idl = await lookupIdl(program, code);
    const idlInfo = idl?.[code];
    if (idlInfo) return { info: idlInfo, source: "idl", confidence: "high", accountName: null };
  }
  return { info: null, source: "runtime", confidence: "low", accountName: null };
}

/** A logged AnchorError for `code` in the frame's own lines. */
function anchorErrorIn(
  frame: LogFrame,
  code: number,
): { info: ProgramErrorInfo; accountName: string | null } | null {
  for (const line of frame.logs) {
    const match = line.match(ANCHOR_LINE);
    if (!match || Number(match[3]) !== code) continue;
    return {
      info: { name: match[2]!, message: match[4]!.trim() },
      accountName: match[1] ?? null,
    };
  }
  return null;
}

/**
 * The class the program's table (under any code, since numbering drifts) or
 * the Anchor framework gives an error of this name.
 */
function classOf(table: ProgramErrorTable | undefined, name: string): Partial<ProgramErrorInfo> {
  const known = Object.values(table?.errors ?? {}).find((info) => info.name === name) ??
    Object.values(ANCHOR_ERRORS).find((info) => info.name === name);
  if (!known) return {};
  return {
    ...(known.failureClass ? { failureClass: known.failureClass } : {}),
    ...(known.action ? { action: known.action } : {}),
  };
}

/** With truncated logs no frame says `failed`; the deepest frame left open under the instruction is the best guess. */
function deepestUnclosed(frames: readonly LogFrame[], index: number | null): LogFrame | undefined {
  let best: LogFrame | undefined;
  for (const frame of frames) {
    if (frame.status !== "incomplete") continue;
    if (index !== null && frame.instructionIndex !== index) continue;
    if (!best || frame.depth >= best.depth) best = frame;
  }
  return best;
}

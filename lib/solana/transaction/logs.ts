/**
 * Rebuilds the invocation tree from a transaction's log lines: one frame per
 * `Program <id> invoke [depth]`, closed by `success` or `failed: <reason>`,
 * with the compute units it reported and the lines it logged itself.
 *
 * @module
 */

/** How a frame ended. `incomplete` when the logs stop (truncated) before it closes. */
export type FrameStatus = "success" | "failed" | "incomplete";

/** One program invocation. Frames are listed in the order they were invoked. */
export interface LogFrame {
  /** Position in the frame list. */
  index: number;
  /** The invoking frame's index; `null` for a top-level instruction. */
  parent: number | null;
  /** 1 for a top-level instruction, 2 for its CPIs, and so on. */
  depth: number;
  /** The top-level instruction this frame runs under, once aligned with the message. */
  instructionIndex: number | null;
  /** The program's address. */
  program: string;
  status: FrameStatus;
  /** Units this frame (with its CPIs) consumed, when it reported them. */
  computeUnitsConsumed: number | null;
  /** Units it had left when it started, when reported (`consumed N of M`). */
  computeUnitsAvailable: number | null;
  /** Lines this frame logged itself (`Program log:`, `Program data:`, `Program return:`, runtime notes). */
  logs: string[];
  /** The reason after `failed: `, for a failed frame. */
  error: string | null;
  /** Index of the log line that opened the frame. */
  openLine: number;
  /** Index of the line that closed it, or `null` when it never closed. */
  closeLine: number | null;
}

/** The parsed log. */
export interface ParsedLogs {
  frames: LogFrame[];
  /** True when the node cut the log short (`Log truncated`) or frames never closed. */
  truncated: boolean;
  /** Lines outside any frame. */
  orphanLines: string[];
}

const INVOKE = /^Program (\S+) invoke \[(\d+)\]$/;
const CONSUMED = /^Program (\S+) consumed (\d+) of (\d+) compute units$/;
const SUCCESS = /^Program (\S+) success$/;
const FAILED = /^Program (\S+) failed: (.*)$/;
const TRUNCATED = /^Log truncated$/;

/**
 * Parses log lines into frames. Never throws; lines it does not recognise are
 * kept in the innermost open frame.
 *
 * @example
 * ```ts
 * const { frames } = parseLogs([
 *   "Program A invoke [1]", "Program B invoke [2]", "Program B failed: custom program error: 0x1",
 *   "Program A failed: custom program error: 0x1",
 * ]);
 * frames[1]?.status; // "failed"
 * ```
 */
export function parseLogs(lines: readonly unknown[] | null | undefined): ParsedLogs {
  const frames: LogFrame[] = [];
  const stack: LogFrame[] = [];
  const orphanLines: string[] = [];
  let truncated = false;

  (lines ?? []).forEach((raw, lineIndex) => {
    const line = typeof raw === "string" ? raw : String(raw);
    const top = stack[stack.length - 1];
    let match: RegExpMatchArray | null;
    if ((match = line.match(INVOKE))) {
      const frame: LogFrame = {
        index: frames.length,
        parent: top?.index ?? null,
        depth: Number(match[2]),
        instructionIndex: null,
        program: match[1]!,
        status: "incomplete",
        computeUnitsConsumed: null,
        computeUnitsAvailable: null,
        logs: [],
        error: null,
        openLine: lineIndex,
        closeLine: null,
      };
      frames.push(frame);
      stack.push(frame);
    } else if ((match = line.match(CONSUMED))) {
      const frame = findOpen(stack, match[1]!);
      if (frame) {
        frame.computeUnitsConsumed = Number(match[2]);
        frame.computeUnitsAvailable = Number(match[3]);
      } else orphanLines.push(line);
    } else if ((match = line.match(SUCCESS)) || (match = line.match(FAILED))) {
      const frame = closeFrame(stack, match[1]!);
      if (frame) {
        frame.status = match[2] === undefined ? "success" : "failed";
        frame.error = match[2] ?? null;
        frame.closeLine = lineIndex;
      } else orphanLines.push(line);
    } else if (TRUNCATED.test(line)) {
      truncated = true;
    } else if (top) {
      top.logs.push(line);
    } else {
      orphanLines.push(line);
    }
  });
  if (stack.length > 0) truncated = true;
  return { frames, truncated, orphanLines };
}

/** The innermost open frame of `program`. */
function findOpen(stack: LogFrame[], program: string): LogFrame | undefined {
  for (let i = stack.length - 1; i >= 0; i--) if (stack[i]!.program === program) return stack[i];
  return undefined;
}

/** Pops up to and including the innermost open frame of `program`. */
function closeFrame(stack: LogFrame[], program: string): LogFrame | undefined {
  const frame = findOpen(stack, program);
  if (!frame) return undefined;
  while (stack.length > 0 && stack.pop() !== frame) { /* frames left open above it never closed */ }
  return frame;
}

/**
 * Assigns each frame its top-level instruction by matching the depth-1 frames,
 * in order, with the message's instruction programs (a top-level instruction
 * that logged nothing, such as a precompile, is skipped over).
 *
 * @param programs The program address of each top-level instruction, in order.
 */
export function alignInstructions(frames: LogFrame[], programs: readonly string[]): void {
  let cursor = 0;
  for (const frame of frames) {
    if (frame.parent !== null) {
      frame.instructionIndex = frames[frame.parent]!.instructionIndex;
      continue;
    }
    let j = cursor;
    while (j < programs.length && programs[j] !== frame.program) j++;
    if (j < programs.length) {
      frame.instructionIndex = j;
      cursor = j + 1;
    }
  }
}

/**
 * The innermost failing frame under top-level instruction `instructionIndex`
 * (any instruction when `null`): the failed frame whose `failed:` line comes
 * first, since a failure closes the inner frame before its callers.
 */
export function innermostFailure(
  frames: readonly LogFrame[],
  instructionIndex: number | null,
): LogFrame | undefined {
  let best: LogFrame | undefined;
  for (const frame of frames) {
    if (frame.status !== "failed") continue;
    if (instructionIndex !== null && frame.instructionIndex !== instructionIndex) continue;
    if (!best || (frame.closeLine ?? Infinity) < (best.closeLine ?? Infinity)) best = frame;
  }
  return best;
}

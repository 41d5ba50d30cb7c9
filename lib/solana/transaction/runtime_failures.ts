/**
 * Failures the runtime names itself: a transaction-level error, or an
 * instruction error other than a program's custom code (stated by the log,
 * explained by the runtime's wording, or unrecognised). A program's custom
 * codes are decoded in `attribution.ts`.
 *
 * @module
 */
import { type Verdict, verdictOf } from "./classes.ts";
import { causeLines, inferMeaning, withRemedy } from "./error_meaning.ts";
import type { ParsedError } from "./error_shapes.ts";
import { type Attribution, type Failure, inferredVerdict, type Located, lowest } from "./failure.ts";
import { INSTRUCTION_ERRORS } from "./instruction_errors.ts";
import type { LogFrame } from "./logs.ts";
import type { MessageView } from "./message.ts";
import { programNameOf } from "./program_errors/registry.ts";
import { runtimeCause } from "./runtime_causes.ts";
import { TRANSACTION_ERRORS } from "./transaction_errors.ts";

/** A built-in (runtime) instruction error: unrecognised, stated by the log, or the runtime's own words. */
export function builtinFailure(parsed: ParsedError, located: Located): Attribution {
  const { frame } = located;
  const name = parsed.instructionError ?? "Unknown";
  const info = INSTRUCTION_ERRORS[name];
  if (!info || !parsed.recognised) {
    return uncoded(located, {
      errorName: name,
      message: `Unrecognised instruction error "${name}"${parsed.detail ? `: ${parsed.detail}` : ""}`,
      source: "runtime",
      confidence: "low",
      evidence: null,
    }, verdictOf("unknown"));
  }
  const stated = runtimeCause(frame, name);
  if (stated) {
    return uncoded(located, {
      account: stated.account,
      errorName: stated.errorName,
      message: stated.message,
      source: "log",
      confidence: located.located,
      evidence: null,
    }, verdictOf("invalid_transaction", "fix_transaction"));
  }
  const exceeded = name === "ProgramFailedToComplete" && mentionsMeterExceeded(frame);
  const inferred = !exceeded && info.failureClass === "program_error" && frame
    ? inferMeaning([frame.error, ...causeLines(frame.logs)])
    : null;
  return uncoded(
    located,
    {
      errorName: name,
      message: withRemedy(parsed.detail ? `${info.message}: ${parsed.detail}` : info.message, inferred),
      source: "runtime",
      confidence: inferred ? lowest("medium", located.located) : located.located,
      evidence: inferred?.evidence ?? null,
    },
    exceeded
      ? verdictOf("compute_exceeded")
      : inferred
      ? inferredVerdict(inferred)
      : verdictOf(info.failureClass, info.action),
  );
}

/** The attribution to the located frame of a failure that carries no program error code. */
function uncoded(
  { frame, base }: Located,
  failure:
    & Pick<Failure, "errorName" | "message" | "source" | "confidence" | "evidence">
    & Partial<Pick<Failure, "account">>,
  verdict: Verdict,
): Attribution {
  return { failure: { ...base, code: null, hex: null, ...failure }, verdict, frame: frame ?? null };
}

/** A transaction-level error (not an instruction's), attributed to the instruction and account it names. */
export function transactionFailure(parsed: ParsedError, view: MessageView | null): Attribution {
  const info = parsed.recognised ? TRANSACTION_ERRORS[parsed.transactionError] : undefined;
  const instruction = parsed.instructionIndex !== null
    ? view?.instructions[parsed.instructionIndex]
    : undefined;
  const account = parsed.accountIndex !== null
    ? view?.accountKeys[parsed.accountIndex]?.address ?? null
    : null;
  const name = parsed.transactionError;
  return {
    failure: {
      instructionIndex: parsed.instructionIndex,
      program: instruction?.program ?? null,
      programName: instruction ? programNameOf(instruction.program) : null,
      depth: null,
      code: null,
      hex: null,
      errorName: name,
      message: info
        ? info.message
        : `Unrecognised transaction error "${name}"${parsed.detail ? `: ${parsed.detail}` : ""}`,
      source: "runtime",
      confidence: info ? "high" : "low",
      account,
      evidence: null,
    },
    verdict: info ? verdictOf(info.failureClass, info.action) : verdictOf("unknown"),
    frame: null,
  };
}

/** True when the frame's error or logs say the compute meter ran out. */
function mentionsMeterExceeded(frame: LogFrame | undefined): boolean {
  if (!frame) return false;
  return [frame.error ?? "", ...frame.logs].some((line) =>
    /exceeded CUs meter|compute units? exceeded/i.test(line)
  );
}

/**
 * Every InstructionError variant of the Solana runtime with the text the
 * runtime logs for it (`Program <id> failed: <text>`) and its verdict.
 * `Custom` codes belong to the failing program and are decoded elsewhere.
 *
 * @module
 */
import type { RuntimeErrorInfo } from "./transaction_errors.ts";
import type { ActionKind, FailureClass } from "./classes.ts";

type Row = [name: string, text: string, failureClass: FailureClass, action?: ActionKind];

const ROWS: Row[] = [
  ["GenericError", "generic instruction error", "program_error"],
  ["InvalidArgument", "invalid program argument", "invalid_transaction"],
  ["InvalidInstructionData", "invalid instruction data", "invalid_transaction"],
  ["InvalidAccountData", "invalid account data for instruction", "account_state"],
  ["AccountDataTooSmall", "account data too small for instruction", "account_state"],
  ["InsufficientFunds", "insufficient funds for instruction", "insufficient_funds"],
  ["IncorrectProgramId", "incorrect program id for instruction", "invalid_transaction"],
  ["MissingRequiredSignature", "missing required signature for instruction", "signature"],
  ["AccountAlreadyInitialized", "instruction requires an uninitialized account", "account_state"],
  ["UninitializedAccount", "instruction requires an initialized account", "account_state", "create_account"],
  [
    "UnbalancedInstruction",
    "sum of account balances before and after instruction do not match",
    "program_error",
  ],
  ["ModifiedProgramId", "instruction illegally modified the program id of an account", "program_error"],
  [
    "ExternalAccountLamportSpend",
    "instruction spent from the balance of an account it does not own",
    "program_error",
  ],
  ["ExternalAccountDataModified", "instruction modified data of an account it does not own", "program_error"],
  ["ReadonlyLamportChange", "instruction changed the balance of a read-only account", "invalid_transaction"],
  ["ReadonlyDataModified", "instruction modified data of a read-only account", "invalid_transaction"],
  ["DuplicateAccountIndex", "instruction contains duplicate accounts", "invalid_transaction"],
  ["ExecutableModified", "instruction changed executable bit of an account", "program_error"],
  ["RentEpochModified", "instruction modified rent epoch of an account", "program_error"],
  ["NotEnoughAccountKeys", "insufficient account keys for instruction", "invalid_transaction"],
  [
    "AccountDataSizeChanged",
    "program other than the account's owner changed the size of the account data",
    "program_error",
  ],
  ["AccountNotExecutable", "instruction expected an executable account", "invalid_transaction"],
  [
    "AccountBorrowFailed",
    "instruction tries to borrow reference for an account which is already borrowed",
    "program_error",
  ],
  [
    "AccountBorrowOutstanding",
    "instruction left account with an outstanding borrowed reference",
    "program_error",
  ],
  [
    "DuplicateAccountOutOfSync",
    "instruction modifications of multiply-passed account differ",
    "program_error",
  ],
  ["Custom", "custom program error", "program_error"],
  ["InvalidError", "program returned invalid error code", "program_error"],
  ["ExecutableDataModified", "instruction changed executable accounts data", "program_error"],
  ["ExecutableLamportChange", "instruction changed the balance of an executable account", "program_error"],
  ["ExecutableAccountNotRentExempt", "executable accounts must be rent exempt", "program_error"],
  ["UnsupportedProgramId", "Unsupported program id", "invalid_transaction"],
  ["CallDepth", "Cross-program invocation call depth too deep", "program_error"],
  ["MissingAccount", "An account required by the instruction is missing", "invalid_transaction"],
  [
    "ReentrancyNotAllowed",
    "Cross-program invocation reentrancy not allowed for this instruction",
    "program_error",
  ],
  ["MaxSeedLengthExceeded", "Length of the seed is too long for address generation", "invalid_transaction"],
  ["InvalidSeeds", "Provided seeds do not result in a valid address", "invalid_transaction"],
  ["InvalidRealloc", "Failed to reallocate account data", "program_error"],
  ["ComputationalBudgetExceeded", "Computational budget exceeded", "compute_exceeded"],
  [
    "PrivilegeEscalation",
    "Cross-program invocation with unauthorized signer or writable account",
    "invalid_transaction",
  ],
  ["ProgramEnvironmentSetupFailure", "Failed to create program execution environment", "transient"],
  ["ProgramFailedToComplete", "Program failed to complete", "program_error"],
  ["ProgramFailedToCompile", "Program failed to compile", "program_error"],
  ["Immutable", "Account is immutable", "account_state"],
  ["IncorrectAuthority", "Incorrect authority provided", "invalid_transaction"],
  ["BorshIoError", "Failed to serialize or deserialize account data", "invalid_transaction"],
  [
    "AccountNotRentExempt",
    "An account does not have enough lamports to be rent-exempt",
    "insufficient_funds",
  ],
  ["InvalidAccountOwner", "Invalid account owner", "account_state"],
  ["ArithmeticOverflow", "Program arithmetic overflowed", "invalid_transaction"],
  ["UnsupportedSysvar", "Unsupported sysvar", "invalid_transaction"],
  ["IllegalOwner", "Provided owner is not allowed", "invalid_transaction"],
  [
    "MaxAccountsDataAllocationsExceeded",
    "Accounts data allocations exceeded the maximum allowed per transaction",
    "invalid_transaction",
  ],
  ["MaxAccountsExceeded", "Max accounts exceeded", "invalid_transaction"],
  ["MaxInstructionTraceLengthExceeded", "Max instruction trace length exceeded", "invalid_transaction"],
  [
    "BuiltinProgramsMustConsumeComputeUnits",
    "Builtin programs must consume compute units",
    "compute_exceeded",
  ],
  ["BailOut", "Block production bailed out", "transient"],
];

/** InstructionError variants, by their JSON name; `message` is the runtime's own log text. */
export const INSTRUCTION_ERRORS: Readonly<Record<string, RuntimeErrorInfo>> = Object.fromEntries(
  ROWS.map(([name, message, failureClass, action]) => [
    name,
    action ? { message, failureClass, action } : { message, failureClass },
  ]),
);

/** The InstructionError variant whose runtime text is `text` (as logged after `failed: `), if any. */
export function instructionErrorByText(text: string): string | undefined {
  const wanted = text.trim().toLowerCase();
  for (const [name, message] of ROWS) if (message.toLowerCase() === wanted) return name;
  return undefined;
}

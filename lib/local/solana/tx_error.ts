/**
 * Transaction errors of the local chain in the shapes a validator's JSON-RPC
 * uses: the serde form of `TransactionError` (`"BlockhashNotFound"`,
 * `{"InstructionError":[2,{"Custom":1}]}`, `{"InsufficientFundsForRent":{"account_index":1}}`)
 * and its display text (used in `-32002` preflight messages).
 *
 * LiteSVM reports errors as numbers (fieldless variants, in its own order) or
 * small objects; {@linkcode fromLiteSvmError} converts them.
 *
 * @module
 */

/** A transaction error as the RPC serializes it. */
export type RpcTransactionError = string | Record<string, unknown>;

/** LiteSVM's fieldless `TransactionError` variants, in LiteSVM's numbering. */
const FIELDLESS_TRANSACTION_ERRORS = [
  "AccountInUse",
  "AccountLoadedTwice",
  "AccountNotFound",
  "ProgramAccountNotFound",
  "InsufficientFundsForFee",
  "InvalidAccountForFee",
  "AlreadyProcessed",
  "BlockhashNotFound",
  "CallChainTooDeep",
  "MissingSignatureForFee",
  "InvalidAccountIndex",
  "SignatureFailure",
  "InvalidProgramForExecution",
  "SanitizeFailure",
  "ClusterMaintenance",
  "AccountBorrowOutstanding",
  "WouldExceedMaxBlockCostLimit",
  "UnsupportedVersion",
  "InvalidWritableAccount",
  "WouldExceedMaxAccountCostLimit",
  "WouldExceedAccountDataBlockLimit",
  "TooManyAccountLocks",
  "AddressLookupTableNotFound",
  "InvalidAddressLookupTableOwner",
  "InvalidAddressLookupTableData",
  "InvalidAddressLookupTableIndex",
  "InvalidRentPayingAccount",
  "WouldExceedMaxVoteCostLimit",
  "WouldExceedAccountDataTotalLimit",
  "MaxLoadedAccountsDataSizeExceeded",
  "ResanitizationNeeded",
  "InvalidLoadedAccountsDataSizeLimit",
  "UnbalancedTransaction",
  "ProgramCacheHitMaxLimit",
  "CommitCancelled",
] as const;

/** LiteSVM's fieldless `InstructionError` variants, in LiteSVM's numbering. */
const FIELDLESS_INSTRUCTION_ERRORS = [
  "GenericError",
  "InvalidArgument",
  "InvalidInstructionData",
  "InvalidAccountData",
  "AccountDataTooSmall",
  "InsufficientFunds",
  "IncorrectProgramId",
  "MissingRequiredSignature",
  "AccountAlreadyInitialized",
  "UninitializedAccount",
  "UnbalancedInstruction",
  "ModifiedProgramId",
  "ExternalAccountLamportSpend",
  "ExternalAccountDataModified",
  "ReadonlyLamportChange",
  "ReadonlyDataModified",
  "DuplicateAccountIndex",
  "ExecutableModified",
  "RentEpochModified",
  "NotEnoughAccountKeys",
  "AccountDataSizeChanged",
  "AccountNotExecutable",
  "AccountBorrowFailed",
  "AccountBorrowOutstanding",
  "DuplicateAccountOutOfSync",
  "InvalidError",
  "ExecutableDataModified",
  "ExecutableLamportChange",
  "ExecutableAccountNotRentExempt",
  "UnsupportedProgramId",
  "CallDepth",
  "MissingAccount",
  "ReentrancyNotAllowed",
  "MaxSeedLengthExceeded",
  "InvalidSeeds",
  "InvalidRealloc",
  "ComputationalBudgetExceeded",
  "PrivilegeEscalation",
  "ProgramEnvironmentSetupFailure",
  "ProgramFailedToComplete",
  "ProgramFailedToCompile",
  "Immutable",
  "IncorrectAuthority",
  "AccountNotRentExempt",
  "InvalidAccountOwner",
  "ArithmeticOverflow",
  "UnsupportedSysvar",
  "IllegalOwner",
  "MaxAccountsDataAllocationsExceeded",
  "MaxAccountsExceeded",
  "MaxInstructionTraceLengthExceeded",
  "BuiltinProgramsMustConsumeComputeUnits",
  "BorshIoError",
] as const;

/** Converts an error from LiteSVM (`FailedTransactionMetadata.err()`) to its RPC shape. */
export function fromLiteSvmError(error: unknown): RpcTransactionError {
  if (typeof error === "number") return FIELDLESS_TRANSACTION_ERRORS[error] ?? `UnknownError${error}`;
  const kind = (error as { constructor?: { name?: string } })?.constructor?.name ?? "";
  const fields = error as { index?: number; accountIndex?: number; err?: () => unknown };
  switch (kind) {
    case "TransactionErrorInstructionError":
      return { InstructionError: [fields.index ?? 0, fromLiteSvmInstructionError(fields.err?.())] };
    case "TransactionErrorDuplicateInstruction":
      return { DuplicateInstruction: fields.index ?? 0 };
    case "TransactionErrorInsufficientFundsForRent":
      return { InsufficientFundsForRent: { account_index: fields.accountIndex ?? 0 } };
    case "TransactionErrorProgramExecutionTemporarilyRestricted":
      return { ProgramExecutionTemporarilyRestricted: { account_index: fields.accountIndex ?? 0 } };
    default:
      return String(error);
  }
}

function fromLiteSvmInstructionError(error: unknown): string | Record<string, unknown> {
  if (typeof error === "number") return FIELDLESS_INSTRUCTION_ERRORS[error] ?? "InvalidError";
  if (error && typeof error === "object" && "code" in error) return { Custom: Number(error.code) };
  // LiteSVM still models BorshIoError with a message; current validators send the unit variant.
  return "BorshIoError";
}

const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountInUse: "Account in use",
  AccountLoadedTwice: "Account loaded twice",
  AccountNotFound: "Attempt to debit an account but found no record of a prior credit.",
  ProgramAccountNotFound: "Attempt to load a program that does not exist",
  InsufficientFundsForFee: "Insufficient funds for fee",
  InvalidAccountForFee: "This account may not be used to pay transaction fees",
  AlreadyProcessed: "This transaction has already been processed",
  BlockhashNotFound: "Blockhash not found",
  CallChainTooDeep: "Loader call chain is too deep",
  MissingSignatureForFee: "Transaction requires a fee but has no signature present",
  InvalidAccountIndex: "Transaction contains an invalid account reference",
  SignatureFailure: "Transaction did not pass signature verification",
  InvalidProgramForExecution: "This program may not be used for executing instructions",
  SanitizeFailure: "Transaction failed to sanitize accounts offsets correctly",
  ClusterMaintenance: "Transactions are currently disabled due to cluster maintenance",
  AccountBorrowOutstanding: "Transaction processing left an account with an outstanding borrowed reference",
  WouldExceedMaxBlockCostLimit: "Transaction would exceed max Block Cost Limit",
  UnsupportedVersion: "Transaction version is unsupported",
  InvalidWritableAccount: "Transaction loads a writable account that cannot be written",
  WouldExceedMaxAccountCostLimit: "Transaction would exceed max account limit within the block",
  WouldExceedAccountDataBlockLimit: "Transaction would exceed account data limit within the block",
  TooManyAccountLocks: "Transaction locked too many accounts",
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  InvalidAddressLookupTableOwner: "Transaction loads an address table account with an invalid owner",
  InvalidAddressLookupTableData: "Transaction loads an address table account with invalid data",
  InvalidAddressLookupTableIndex: "Transaction address table lookup uses an invalid index",
  InvalidRentPayingAccount: "Transaction leaves an account with a lower balance than rent-exempt minimum",
  WouldExceedMaxVoteCostLimit: "Transaction would exceed max Vote Cost Limit",
  WouldExceedAccountDataTotalLimit: "Transaction would exceed total account data limit",
  MaxLoadedAccountsDataSizeExceeded: "Transaction exceeded max loaded accounts data size cap",
  InvalidLoadedAccountsDataSizeLimit:
    "LoadedAccountsDataSizeLimit set for transaction must be greater than 0.",
  ResanitizationNeeded: "ResanitizationNeeded",
  UnbalancedTransaction: "Sum of account balances before and after transaction do not match",
  ProgramCacheHitMaxLimit: "Program cache hit max limit",
  CommitCancelled: "CommitCancelled",
};

const INSTRUCTION_ERROR_TEXT: Record<string, string> = {
  GenericError: "generic instruction error",
  InvalidArgument: "invalid program argument",
  InvalidInstructionData: "invalid instruction data",
  InvalidAccountData: "invalid account data for instruction",
  AccountDataTooSmall: "account data too small for instruction",
  InsufficientFunds: "insufficient funds for instruction",
  IncorrectProgramId: "incorrect program id for instruction",
  MissingRequiredSignature: "missing required signature for instruction",
  AccountAlreadyInitialized: "instruction requires an uninitialized account",
  UninitializedAccount: "instruction requires an initialized account",
  UnbalancedInstruction: "sum of account balances before and after instruction do not match",
  ModifiedProgramId: "instruction illegally modified the program id of an account",
  ExternalAccountLamportSpend: "instruction spent from the balance of an account it does not own",
  ExternalAccountDataModified: "instruction modified data of an account it does not own",
  ReadonlyLamportChange: "instruction changed the balance of a read-only account",
  ReadonlyDataModified: "instruction modified data of a read-only account",
  DuplicateAccountIndex: "instruction contains duplicate accounts",
  ExecutableModified: "instruction changed executable bit of an account",
  RentEpochModified: "instruction modified rent epoch of an account",
  NotEnoughAccountKeys: "insufficient account keys for instruction",
  AccountDataSizeChanged: "program other than the account's owner changed the size of the account data",
  AccountNotExecutable: "instruction expected an executable account",
  AccountBorrowFailed: "instruction tries to borrow reference for an account which is already borrowed",
  AccountBorrowOutstanding: "instruction left account with an outstanding borrowed reference",
  DuplicateAccountOutOfSync: "instruction modifications of multiply-passed account differ",
  InvalidError: "program returned invalid error code",
  ExecutableDataModified: "instruction changed executable accounts data",
  ExecutableLamportChange: "instruction changed the balance of an executable account",
  ExecutableAccountNotRentExempt: "executable accounts must be rent exempt",
  UnsupportedProgramId: "Unsupported program id",
  CallDepth: "Cross-program invocation call depth too deep",
  MissingAccount: "An account required by the instruction is missing",
  ReentrancyNotAllowed: "Cross-program invocation reentrancy not allowed for this instruction",
  MaxSeedLengthExceeded: "Length of the seed is too long for address generation",
  InvalidSeeds: "Provided seeds do not result in a valid address",
  InvalidRealloc: "Failed to reallocate account data",
  ComputationalBudgetExceeded: "Computational budget exceeded",
  PrivilegeEscalation: "Cross-program invocation with unauthorized signer or writable account",
  ProgramEnvironmentSetupFailure: "Failed to create program execution environment",
  ProgramFailedToComplete: "Program failed to complete",
  ProgramFailedToCompile: "Program failed to compile",
  Immutable: "Account is immutable",
  IncorrectAuthority: "Incorrect authority provided",
  BorshIoError: "Failed to serialize or deserialize account data",
  AccountNotRentExempt: "An account does not have enough lamports to be rent-exempt",
  InvalidAccountOwner: "Invalid account owner",
  ArithmeticOverflow: "Program arithmetic overflowed",
  UnsupportedSysvar: "Unsupported sysvar",
  IllegalOwner: "Provided owner is not allowed",
  MaxAccountsDataAllocationsExceeded:
    "Accounts data allocations exceeded the maximum allowed per transaction",
  MaxAccountsExceeded: "Max accounts exceeded",
  MaxInstructionTraceLengthExceeded: "Max instruction trace length exceeded",
  BuiltinProgramsMustConsumeComputeUnits: "Builtin programs must consume compute units",
};

/** The validator's display text of an error, e.g. `Error processing Instruction 2: custom program error: 0x1`. */
export function describeTransactionError(error: RpcTransactionError): string {
  if (typeof error === "string") return TRANSACTION_ERROR_TEXT[error] ?? error;
  const [kind, value] = Object.entries(error)[0] ?? ["", undefined];
  if (kind === "InstructionError" && Array.isArray(value)) {
    return `Error processing Instruction ${value[0]}: ${describeInstructionError(value[1])}`;
  }
  if (kind === "DuplicateInstruction") {
    return `Transaction contains a duplicate instruction (${value}) that is not allowed`;
  }
  const accountIndex = (value as { account_index?: number } | undefined)?.account_index;
  if (kind === "InsufficientFundsForRent") {
    return `Transaction results in an account (${accountIndex}) with insufficient funds for rent`;
  }
  if (kind === "ProgramExecutionTemporarilyRestricted") {
    return `Execution of the program referenced by account at index ${accountIndex} is temporarily restricted.`;
  }
  return kind;
}

function describeInstructionError(error: unknown): string {
  if (typeof error === "string") return INSTRUCTION_ERROR_TEXT[error] ?? error;
  if (error && typeof error === "object" && "Custom" in error) {
    return `custom program error: 0x${Number(error.Custom).toString(16)}`;
  }
  return String(error);
}

/**
 * Every TransactionError variant of the Solana runtime (39, plus the RPC's
 * newer names) with what it means and its verdict. `InstructionError` itself
 * is decoded by {@link ./instruction_errors.ts}.
 *
 * @module
 */
import type { ActionKind, FailureClass } from "./classes.ts";

/** What a runtime error variant means and how to react. */
export interface RuntimeErrorInfo {
  /** A plain-language explanation. */
  message: string;
  failureClass: FailureClass;
  /** Overrides the class's default action. */
  action?: ActionKind;
}

function info(message: string, failureClass: FailureClass, action?: ActionKind): RuntimeErrorInfo {
  return action ? { message, failureClass, action } : { message, failureClass };
}

/** TransactionError variants, by their JSON name. */
export const TRANSACTION_ERRORS: Readonly<Record<string, RuntimeErrorInfo>> = {
  AccountInUse: info(
    "An account it writes was locked by another transaction being processed at the same time",
    "account_in_use",
  ),
  AccountLoadedTwice: info("The same account appears twice in the account list", "invalid_transaction"),
  AccountNotFound: info(
    "The fee payer has never been credited: there is no SOL to take the fee from",
    "insufficient_funds",
  ),
  ProgramAccountNotFound: info(
    "A program it calls does not exist on this cluster (wrong program id or wrong cluster)",
    "invalid_transaction",
  ),
  InsufficientFundsForFee: info("The fee payer cannot pay the base and priority fee", "insufficient_funds"),
  InvalidAccountForFee: info(
    "The fee payer cannot pay fees: it must be a system-owned account without data",
    "invalid_transaction",
  ),
  AlreadyProcessed: info("A transaction with this signature was already processed", "already_processed"),
  BlockhashNotFound: info(
    "Its recent blockhash is unknown to the node: expired, or the node is behind",
    "expired_blockhash",
  ),
  InstructionError: info("An instruction failed", "program_error"),
  CallChainTooDeep: info("The loader call chain is too deep", "program_error"),
  MissingSignatureForFee: info("The fee payer did not sign", "signature"),
  InvalidAccountIndex: info(
    "An instruction refers to an account index that does not exist",
    "invalid_transaction",
  ),
  SignatureFailure: info(
    "A signature does not verify: the message changed after signing, or the wrong key signed",
    "signature",
  ),
  InvalidProgramForExecution: info("A program it calls cannot be executed", "invalid_transaction"),
  SanitizeFailure: info("The message is malformed (bad offsets or counts)", "invalid_transaction"),
  ClusterMaintenance: info("Transactions are disabled during cluster maintenance", "transient"),
  AccountBorrowOutstanding: info("A program left an account borrowed", "program_error"),
  WouldExceedMaxBlockCostLimit: info(
    "The block was full: its compute-unit budget was used up by other transactions",
    "transient",
    "raise_priority_fee",
  ),
  UnsupportedVersion: info("The cluster does not support this transaction version", "invalid_transaction"),
  InvalidWritableAccount: info("It marks an account writable that cannot be written", "invalid_transaction"),
  WouldExceedMaxAccountCostLimit: info(
    "An account it writes has used up its compute-unit budget in this block (a hot account)",
    "transient",
    "raise_priority_fee",
  ),
  WouldExceedAccountDataBlockLimit: info("The block's account-data growth limit was reached", "transient"),
  TooManyAccountLocks: info("It locks more accounts than allowed (64)", "invalid_transaction"),
  AddressLookupTableNotFound: info(
    "An address lookup table it uses does not exist or is closed",
    "invalid_transaction",
  ),
  InvalidAddressLookupTableOwner: info(
    "An account used as an address lookup table is not owned by the lookup table program",
    "invalid_transaction",
  ),
  InvalidAddressLookupTableData: info("An address lookup table's data is invalid", "invalid_transaction"),
  InvalidAddressLookupTableIndex: info(
    "An index into an address lookup table is out of range (a table extended in this slot needs one more slot)",
    "invalid_transaction",
  ),
  InvalidRentPayingAccount: info(
    "An account would be left below the rent-exempt minimum",
    "insufficient_funds",
  ),
  WouldExceedMaxVoteCostLimit: info("The block's vote compute-unit budget was used up", "transient"),
  WouldExceedAccountDataTotalLimit: info("The cluster's total account-data limit was reached", "transient"),
  DuplicateInstruction: info(
    "A compute-budget instruction appears twice (e.g. two SetComputeUnitLimit)",
    "invalid_transaction",
  ),
  InsufficientFundsForRent: info(
    "An account would be left below the rent-exempt minimum for its size",
    "insufficient_funds",
  ),
  MaxLoadedAccountsDataSizeExceeded: info(
    "The accounts it loads exceed its loaded-accounts data-size limit",
    "compute_exceeded",
    "fix_transaction",
  ),
  InvalidLoadedAccountsDataSizeLimit: info("Its loaded-accounts data-size limit is 0", "invalid_transaction"),
  ResanitizationNeeded: info(
    "A feature activated meanwhile: the transaction must be checked again",
    "transient",
  ),
  ProgramExecutionTemporarilyRestricted: info("A program it calls is temporarily restricted", "transient"),
  UnbalancedTransaction: info("The lamports of its accounts do not add up after execution", "program_error"),
  ProgramCacheHitMaxLimit: info("The node's program cache was under pressure", "transient"),
  CommitCancelled: info("The node cancelled the commit of this transaction", "transient"),
};

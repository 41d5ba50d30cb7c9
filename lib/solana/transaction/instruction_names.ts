/**
 * Names the instructions of the built-in programs (System, SPL Token,
 * Token-2022, Associated Token Account, Compute Budget, Memo) from their data.
 *
 * @module
 */
import { ASSOCIATED_TOKEN_PROGRAM } from "./program_errors/associated_token.ts";
import { COMPUTE_BUDGET_PROGRAM } from "./program_errors/registry.ts";
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "./program_errors/spl_token.ts";
import { SYSTEM_PROGRAM } from "./program_errors/system.ts";

const SYSTEM = [
  "CreateAccount",
  "Assign",
  "Transfer",
  "CreateAccountWithSeed",
  "AdvanceNonceAccount",
  "WithdrawNonceAccount",
  "InitializeNonceAccount",
  "AuthorizeNonceAccount",
  "Allocate",
  "AllocateWithSeed",
  "AssignWithSeed",
  "TransferWithSeed",
  "UpgradeNonceAccount",
];

const TOKEN = [
  "InitializeMint",
  "InitializeAccount",
  "InitializeMultisig",
  "Transfer",
  "Approve",
  "Revoke",
  "SetAuthority",
  "MintTo",
  "Burn",
  "CloseAccount",
  "FreezeAccount",
  "ThawAccount",
  "TransferChecked",
  "ApproveChecked",
  "MintToChecked",
  "BurnChecked",
  "InitializeAccount2",
  "SyncNative",
  "InitializeAccount3",
  "InitializeMultisig2",
  "InitializeMint2",
  "GetAccountDataSize",
  "InitializeImmutableOwner",
  "AmountToUiAmount",
  "UiAmountToAmount",
];

const TOKEN_2022_EXTRA = [
  "InitializeMintCloseAuthority",
  "TransferFeeExtension",
  "ConfidentialTransferExtension",
  "DefaultAccountStateExtension",
  "Reallocate",
  "MemoTransferExtension",
  "CreateNativeMint",
  "InitializeNonTransferableMint",
  "InterestBearingMintExtension",
  "CpiGuardExtension",
  "InitializePermanentDelegate",
  "TransferHookExtension",
  "ConfidentialTransferFeeExtension",
  "WithdrawExcessLamports",
  "MetadataPointerExtension",
  "GroupPointerExtension",
  "GroupMemberPointerExtension",
  "ConfidentialMintBurnExtension",
  "ScaledUiAmountExtension",
  "PausableExtension",
];

const ASSOCIATED_TOKEN = ["Create", "CreateIdempotent", "RecoverNested"];

const COMPUTE_BUDGET = [
  "RequestUnits",
  "RequestHeapFrame",
  "SetComputeUnitLimit",
  "SetComputeUnitPrice",
  "SetLoadedAccountsDataSizeLimit",
];

const MEMO_PROGRAMS = new Set([
  "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr",
  "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo",
]);

/**
 * The instruction's name for a built-in program, or `null` when the program
 * is not one of them or the data does not match.
 *
 * @example
 * ```ts
 * instructionName("11111111111111111111111111111111", new Uint8Array([2, 0, 0, 0])); // "Transfer"
 * ```
 */
export function instructionName(
  program: string,
  data: Uint8Array | null,
  parsedType?: string,
): string | null {
  if (!data && parsedType) return parsedType[0]!.toUpperCase() + parsedType.slice(1);
  if (MEMO_PROGRAMS.has(program)) return "Memo";
  if (program === ASSOCIATED_TOKEN_PROGRAM) {
    return data && data.length > 0 ? ASSOCIATED_TOKEN[data[0]!] ?? null : "Create";
  }
  if (!data || data.length === 0) return null;
  if (program === SYSTEM_PROGRAM) {
    if (data.length < 4) return null;
    return SYSTEM[new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true)] ?? null;
  }
  if (program === TOKEN_PROGRAM) return TOKEN[data[0]!] ?? null;
  if (program === TOKEN_2022_PROGRAM) return [...TOKEN, ...TOKEN_2022_EXTRA][data[0]!] ?? null;
  if (program === COMPUTE_BUDGET_PROGRAM) return COMPUTE_BUDGET[data[0]!] ?? null;
  return null;
}

/**
 * Custom error codes of SPL Token and Token-2022. Token-2022 shares codes
 * 0–19 with SPL Token and adds its extension errors from 20.
 *
 * @module
 */
import { type ErrorRow, errorRows, type ProgramErrorTable, sequentialRows } from "./types.ts";

/** The SPL Token program's address. */
export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
/** The Token-2022 program's address. */
export const TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";

const SHARED: ErrorRow[] = sequentialRows(0, [
  ["NotRentExempt", "The account's lamports are below the rent-exempt minimum", "insufficient_funds"],
  ["InsufficientFunds", "The source token account holds fewer tokens than the amount", "insufficient_funds"],
  ["InvalidMint", "The mint account is not a valid mint", "invalid_transaction"],
  ["MintMismatch", "The token account belongs to a different mint", "invalid_transaction"],
  ["OwnerMismatch", "The signer is not the token account's owner or delegate", "invalid_transaction"],
  ["FixedSupply", "The mint has no mint authority: its supply is fixed", "token_restriction"],
  ["AlreadyInUse", "The account is already initialized", "account_state"],
  ["InvalidNumberOfProvidedSigners", "The number of signers given does not match the multisig", "signature"],
  ["InvalidNumberOfRequiredSigners", "The number of required signers is out of range", "invalid_transaction"],
  ["UninitializedState", "The token account or mint is not initialized", "account_state", "create_account"],
  [
    "NativeNotSupported",
    "The instruction does not support native (wrapped SOL) accounts",
    "invalid_transaction",
  ],
  [
    "NonNativeHasBalance",
    "A non-native account can only be closed when its balance is zero",
    "account_state",
  ],
  ["InvalidInstruction", "The instruction data is invalid", "invalid_transaction"],
  ["InvalidState", "The account is in an invalid state", "account_state"],
  ["Overflow", "The operation overflowed", "invalid_transaction"],
  ["AuthorityTypeNotSupported", "This account does not support that authority type", "invalid_transaction"],
  ["MintCannotFreeze", "The mint has no freeze authority", "token_restriction"],
  ["AccountFrozen", "The token account is frozen", "token_restriction"],
  ["MintDecimalsMismatch", "The decimals given do not match the mint's", "invalid_transaction"],
  [
    "NonNativeNotSupported",
    "The instruction only supports native (wrapped SOL) accounts",
    "invalid_transaction",
  ],
]);

const EXTENSIONS: ErrorRow[] = sequentialRows(20, [
  ["ExtensionTypeMismatch", "An extension type does not match the account type", "invalid_transaction"],
  ["ExtensionBaseMismatch", "An extension does not match the base account type", "invalid_transaction"],
  ["ExtensionAlreadyInitialized", "The extension is already initialized on this account", "account_state"],
  [
    "ConfidentialTransferAccountHasBalance",
    "The account still holds a confidential balance",
    "account_state",
  ],
  [
    "ConfidentialTransferAccountNotApproved",
    "The account is not approved for confidential transfers",
    "token_restriction",
  ],
  [
    "ConfidentialTransferDepositsAndTransfersDisabled",
    "The account does not accept confidential deposits or transfers",
    "token_restriction",
  ],
  [
    "ConfidentialTransferElGamalPubkeyMismatch",
    "The ElGamal public key does not match",
    "invalid_transaction",
  ],
  ["ConfidentialTransferBalanceMismatch", "The confidential balance does not match", "invalid_transaction"],
  ["MintHasSupply", "The mint still has supply", "account_state"],
  ["NoAuthorityExists", "No authority is set for this operation", "invalid_transaction"],
  ["TransferFeeExceedsMaximum", "The transfer fee exceeds the allowed maximum", "invalid_transaction"],
  [
    "MintRequiredForTransfer",
    "This mint's extensions require the mint account: use TransferChecked",
    "invalid_transaction",
  ],
  ["FeeMismatch", "The fee given does not match the mint's transfer fee", "invalid_transaction"],
  ["FeeParametersMismatch", "The transfer fee parameters do not match", "invalid_transaction"],
  ["ImmutableOwner", "The token account's owner cannot be changed", "token_restriction"],
  [
    "AccountHasWithheldTransferFees",
    "The account holds withheld transfer fees: harvest them first",
    "account_state",
  ],
  ["NoMemo", "The receiving account requires a memo before incoming transfers", "token_restriction"],
  ["NonTransferable", "The mint is non-transferable", "token_restriction"],
  [
    "NonTransferableNeedsImmutableOwnership",
    "Non-transferable tokens need an account with an immutable owner",
    "invalid_transaction",
  ],
  [
    "MaximumPendingBalanceCreditCounterExceeded",
    "Too many pending confidential credits: apply the pending balance",
    "account_state",
  ],
  ["MaximumDepositAmountExceeded", "The confidential deposit amount is too large", "invalid_transaction"],
  [
    "CpiGuardSettingsLocked",
    "CPI Guard settings cannot change inside a cross-program call",
    "token_restriction",
  ],
  [
    "CpiGuardTransferBlocked",
    "CPI Guard blocks this transfer inside a cross-program call",
    "token_restriction",
  ],
  ["CpiGuardBurnBlocked", "CPI Guard blocks this burn inside a cross-program call", "token_restriction"],
  [
    "CpiGuardCloseAccountBlocked",
    "CPI Guard blocks closing the account inside a cross-program call",
    "token_restriction",
  ],
  ["CpiGuardApproveBlocked", "CPI Guard blocks approvals inside a cross-program call", "token_restriction"],
  [
    "CpiGuardSetAuthorityBlocked",
    "CPI Guard blocks authority changes inside a cross-program call",
    "token_restriction",
  ],
  [
    "CpiGuardOwnerChangeBlocked",
    "CPI Guard blocks owner changes inside a cross-program call",
    "token_restriction",
  ],
  ["ExtensionNotFound", "The account does not have the extension", "invalid_transaction"],
  [
    "NonConfidentialTransfersDisabled",
    "The account only accepts confidential transfers",
    "token_restriction",
  ],
  [
    "ConfidentialTransferFeeAccountHasWithheldFee",
    "The account holds withheld confidential transfer fees",
    "account_state",
  ],
  ["InvalidExtensionCombination", "These extensions cannot be combined", "invalid_transaction"],
  ["InvalidLengthForAlloc", "The allocation length does not match the extensions", "invalid_transaction"],
  ["AccountDecryption", "The account balance could not be decrypted", "invalid_transaction"],
  ["ProofGeneration", "A zero-knowledge proof could not be generated", "invalid_transaction"],
  ["InvalidProofInstructionOffset", "The proof instruction offset is invalid", "invalid_transaction"],
  ["HarvestToMintDisabled", "Harvesting withheld fees to the mint is disabled", "token_restriction"],
  [
    "SplitProofContextStateAccountsNotSupported",
    "Split proof context state accounts are not supported",
    "invalid_transaction",
  ],
  [
    "NotEnoughProofContextStateAccounts",
    "Not enough proof context state accounts were given",
    "invalid_transaction",
  ],
  ["MalformedCiphertext", "A ciphertext is malformed", "invalid_transaction"],
  ["CiphertextArithmeticFailed", "Ciphertext arithmetic failed", "invalid_transaction"],
  ["PedersenCommitmentMismatch", "A Pedersen commitment does not match", "invalid_transaction"],
  ["RangeProofLengthMismatch", "A range proof has the wrong length", "invalid_transaction"],
  ["IllegalBitLength", "A range proof bit length is not allowed", "invalid_transaction"],
  ["FeeCalculation", "The transfer fee calculation failed", "invalid_transaction"],
  [
    "IllegalMintBurnConversion",
    "Minting or burning across these mints is not allowed",
    "invalid_transaction",
  ],
  ["InvalidScale", "The UI amount scale is invalid", "invalid_transaction"],
  ["MintPaused", "The mint is paused: transfers, mints and burns are blocked", "token_restriction"],
  ["PendingBalanceNonZero", "The pending confidential balance must be applied first", "account_state"],
]);

/** SPL Token errors. */
export const TOKEN_ERRORS: ProgramErrorTable = {
  program: TOKEN_PROGRAM,
  programName: "SPL Token",
  anchor: false,
  confidence: "high",
  errors: errorRows(SHARED),
};

/** Token-2022 errors. */
export const TOKEN_2022_ERRORS: ProgramErrorTable = {
  program: TOKEN_2022_PROGRAM,
  programName: "Token-2022",
  anchor: false,
  confidence: "high",
  errors: errorRows([...SHARED, ...EXTENSIONS]),
};

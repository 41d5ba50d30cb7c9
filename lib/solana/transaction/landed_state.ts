/**
 * Where a transaction stands: landed (final) and succeeded or failed, seen but
 * not final yet (`pending`, with its commitment), or never landed and either
 * still able to (`pending`) or not any more (`expired`).
 *
 * @module
 */

/** The landed states. */
export const LANDED_STATES = ["landed_success", "landed_failed", "pending", "expired"] as const;

/** One of {@linkcode LANDED_STATES}. */
export type LandedState = typeof LANDED_STATES[number];

/** A commitment level. */
export type Commitment = "processed" | "confirmed" | "finalized";

/** What `getSignatureStatuses` said about the signature. */
export interface SignatureStatus {
  slot: number | null;
  confirmationStatus: Commitment | null;
  err: unknown;
}

/**
 * Reads the first entry of a `getSignatureStatuses` result; `null` when the
 * cluster has no status for it.
 */
export function signatureStatusOf(result: unknown): SignatureStatus | null {
  const entry = (result as { value?: unknown[] } | null)?.value?.[0];
  if (!entry || typeof entry !== "object") return null;
  const record = entry as Record<string, unknown>;
  const status = record.confirmationStatus;
  return {
    slot: typeof record.slot === "number" ? record.slot : null,
    confirmationStatus: status === "processed" || status === "confirmed" || status === "finalized"
      ? status
      : null,
    err: record.err ?? errOfLegacyStatus(record.status),
  };
}

/**
 * The state of a transaction that `getTransaction` found (so at least
 * confirmed): landed once finalized, pending before.
 */
export function stateOfFound(failed: boolean, status: SignatureStatus | null): {
  landedState: LandedState;
  commitment: Commitment;
} {
  const commitment = status?.confirmationStatus === "finalized" ? "finalized" : "confirmed";
  if (commitment !== "finalized") return { landedState: "pending", commitment };
  return { landedState: failed ? "landed_failed" : "landed_success", commitment };
}

/** What is known about whether a transaction not found can still land. */
export interface ExpiryEvidence {
  /** Current finalized block height, when asked. */
  blockHeight: number | null;
  /** The caller's last valid block height for the transaction. */
  lastValidBlockHeight: number | null;
  /** Whether the caller's blockhash is still valid, when asked. */
  blockhashValid: boolean | null;
}

/**
 * Decides between `expired` and `pending` for a transaction no node has seen;
 * `null` when the evidence cannot tell. Expired only when it certainly can no
 * longer land: the finalized height passed its last valid height, or its
 * blockhash is no longer valid even for the finalized bank.
 */
export function stateOfMissing(
  evidence: ExpiryEvidence,
): { landedState: LandedState; blocksRemaining: number | null } | null {
  const { blockHeight, lastValidBlockHeight, blockhashValid } = evidence;
  if (blockHeight !== null && lastValidBlockHeight !== null) {
    if (blockHeight > lastValidBlockHeight) return { landedState: "expired", blocksRemaining: 0 };
    if (blockhashValid !== false) {
      return { landedState: "pending", blocksRemaining: lastValidBlockHeight - blockHeight };
    }
  }
  if (blockhashValid === false) return { landedState: "expired", blocksRemaining: 0 };
  if (blockhashValid === true) return { landedState: "pending", blocksRemaining: null };
  return null;
}

function errOfLegacyStatus(status: unknown): unknown {
  if (status && typeof status === "object" && "Err" in status) return (status as { Err: unknown }).Err;
  return null;
}

/**
 * Commitment of a landed transaction on the local chain. A validator reports
 * a transaction `processed` while it sits in the newest block, `confirmed`
 * once the cluster has built on it, and `finalized` (rooted) once enough
 * blocks lie above it; the local chain stands in for the vote with a fixed
 * number of later slots.
 *
 * @module
 */

/** A commitment level, lowest first. */
export const COMMITMENTS = ["processed", "confirmed", "finalized"] as const;

/** One of {@linkcode COMMITMENTS}. */
export type CommitmentLevel = typeof COMMITMENTS[number];

/** Where a landed transaction stands, as `getSignatureStatuses` reports it. */
export interface CommitmentStatus {
  confirmationStatus: CommitmentLevel;
  /** Blocks built on top of its block; `null` once finalized. */
  confirmations: number | null;
}

/**
 * The commitment of a transaction `depth` slots below the newest one when
 * blocks become final `finalityLagSlots` slots after they land: finalized
 * at once with no lag, otherwise processed in the newest slot, confirmed
 * below it, and finalized at the lag.
 *
 * @example
 * ```ts
 * commitmentAtDepth(0n, 3).confirmationStatus; // "processed"
 * commitmentAtDepth(2n, 3); // { confirmationStatus: "confirmed", confirmations: 2 }
 * commitmentAtDepth(3n, 3).confirmations; // null
 * ```
 */
export function commitmentAtDepth(depth: bigint, finalityLagSlots: number): CommitmentStatus {
  if (depth >= BigInt(finalityLagSlots)) return { confirmationStatus: "finalized", confirmations: null };
  return { confirmationStatus: depth === 0n ? "processed" : "confirmed", confirmations: Number(depth) };
}

/** Whether `level` is at least `required`. */
export function meetsCommitment(level: CommitmentLevel, required: CommitmentLevel): boolean {
  return COMMITMENTS.indexOf(level) >= COMMITMENTS.indexOf(required);
}

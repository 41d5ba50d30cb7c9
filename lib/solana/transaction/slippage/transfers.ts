/**
 * Token movements a failing swap made before it stopped, read from the
 * instructions it invoked. A failed transaction's pre- and post-token
 * balances are equal (the runtime reverts every change), so these transfers
 * are where the amounts of the legs that did run are still visible.
 *
 * @module
 */
import type { ResolvedInstruction } from "../failing_instruction.ts";
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "../program_errors/spl_token.ts";
import { ByteReader } from "./bytes.ts";

/** One token transfer. */
export interface TokenTransfer {
  source: string;
  destination: string;
  amount: bigint;
}

/** The SPL Token and Token-2022 transfers among `instructions` (Transfer and TransferChecked). */
export function tokenTransfers(instructions: readonly ResolvedInstruction[]): TokenTransfer[] {
  const transfers: TokenTransfer[] = [];
  for (const instruction of instructions) {
    if (instruction.program !== TOKEN_PROGRAM && instruction.program !== TOKEN_2022_PROGRAM) continue;
    const parsed = instruction.parsed;
    if (parsed && (parsed.type === "transfer" || parsed.type === "transferChecked")) {
      const info = parsed.info;
      const amount = info.amount ?? (info.tokenAmount as Record<string, unknown> | undefined)?.amount;
      if (typeof info.source === "string" && typeof info.destination === "string" && isDigits(amount)) {
        transfers.push({ source: info.source, destination: info.destination, amount: BigInt(amount) });
      }
      continue;
    }
    const data = instruction.data;
    const amount = data ? new ByteReader(data).u64(1) : null;
    if (!data || amount === null) continue;
    // Transfer: [source, destination, authority]; TransferChecked: [source, mint, destination, authority].
    const destination = data[0] === 3
      ? instruction.accounts[1]
      : data[0] === 12
      ? instruction.accounts[2]
      : null;
    const source = instruction.accounts[0];
    if (destination && source) transfers.push({ source, destination, amount });
  }
  return transfers;
}

/**
 * The total moved into `account` (what a swap paid out to it) or, with
 * `from`, out of it; `null` when nothing moved.
 */
export function movedAmount(
  transfers: readonly TokenTransfer[],
  account: string,
  direction: "into" | "from",
): bigint | null {
  const matching = transfers.filter((transfer) =>
    direction === "into" ? transfer.destination === account : transfer.source === account
  );
  return matching.length === 0 ? null : matching.reduce((sum, transfer) => sum + transfer.amount, 0n);
}

function isDigits(value: unknown): value is string {
  return typeof value === "string" && /^\d{1,20}$/.test(value);
}

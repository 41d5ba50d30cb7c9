/**
 * Jupiter v6, the router: its route instructions carry the quote and the
 * slippage setting (`quoted_out_amount` or `quoted_in_amount`, and
 * `slippage_bps`), and each leg emits a `SwapEvent` (input and output mint
 * and amount) through a self-invocation. The v1 routes put the route plan
 * first, so their fixed arguments are read from the end; the v2 routes put it
 * last. Layouts from the published Jupiter v6 IDL.
 *
 * @module
 */
import { getBase58Decoder } from "@solana/kit";
import type { ResolvedInstruction } from "../failing_instruction.ts";
import { ByteReader, startsWith } from "./bytes.ts";
import type { BoundSide, SwapDecoder } from "./types.ts";

/** Jupiter v6. */
export const JUPITER_V6 = "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4";

/** One route instruction's layout. */
interface RouteLayout {
  discriminator: string;
  side: BoundSide;
  /** Offset of the quoted amount; negative counts from the end. */
  quoted: number;
  /** Offset of `slippage_bps`; negative counts from the end. */
  slippage: number;
  /** Position of the mint the bound is in (the destination mint, or the source mint for exact out). */
  mint: number;
  /** Position of the sender's token account the output lands in (or, for exact out, the input leaves). */
  account: number;
}

/** v1 routes end with `quoted u64, slippage_bps u16, platform_fee_bps u8`. */
const V1_TAIL = { quoted: -11, slippage: -3 };

const ROUTES: readonly RouteLayout[] = [
  { discriminator: "e517cb977ae3ad2a", side: "min_out", ...V1_TAIL, mint: 5, account: 3 }, // route
  { discriminator: "96564774a75d0e68", side: "min_out", ...V1_TAIL, mint: 5, account: 3 }, // route_with_token_ledger
  { discriminator: "c1209b3341d69c81", side: "min_out", ...V1_TAIL, mint: 8, account: 6 }, // shared_accounts_route
  { discriminator: "e6798f50779f6aaa", side: "min_out", ...V1_TAIL, mint: 8, account: 6 }, // shared_accounts_route_with_token_ledger
  { discriminator: "d033ef977b2bed5c", side: "max_in", ...V1_TAIL, mint: 5, account: 2 }, // exact_out_route
  { discriminator: "b0d169a89a7d453e", side: "max_in", ...V1_TAIL, mint: 7, account: 3 }, // shared_accounts_exact_out_route
  { discriminator: "bb64facc31c4af14", side: "min_out", quoted: 16, slippage: 24, mint: 4, account: 2 }, // route_v2
  { discriminator: "d19853937cfed8e9", side: "min_out", quoted: 17, slippage: 25, mint: 7, account: 5 }, // shared_accounts_route_v2
  { discriminator: "9d8ab85215f4f324", side: "max_in", quoted: 16, slippage: 24, mint: 3, account: 1 }, // exact_out_route_v2
  { discriminator: "3560e5cad8bbfa18", side: "max_in", quoted: 17, slippage: 25, mint: 6, account: 2 }, // shared_accounts_exact_out_route_v2
];

/** Anchor's event-instruction tag, then `SwapEvent`'s discriminator. */
const SWAP_EVENT = "e445a52e51cb9a1d" + "40c6cde8260871e2";

const base58 = getBase58Decoder();

/**
 * The route's bound: the quote less (or, for exact out, plus) the slippage,
 * as the router computes it, rounded down.
 */
export const jupiterV6: SwapDecoder = {
  programs: [JUPITER_V6],
  terms(instruction) {
    const layout = ROUTES.find((route) => startsWith(instruction.data, route.discriminator));
    if (!layout) return null;
    const data = instruction.data!;
    const reader = new ByteReader(data);
    const at = (offset: number) => offset < 0 ? data.length + offset : offset;
    const quoted = reader.u64(at(layout.quoted));
    const slippageBps = reader.u16(at(layout.slippage));
    if (quoted === null || slippageBps === null || slippageBps > 10_000) return null;
    const scale = layout.side === "min_out" ? 10_000n - BigInt(slippageBps) : 10_000n + BigInt(slippageBps);
    const mint = instruction.accounts[layout.mint];
    const account = instruction.accounts[layout.account];
    return {
      side: layout.side,
      bound: quoted * scale / 10_000n,
      quoted,
      slippageBps,
      ...(mint && mint !== JUPITER_V6 ? { mint, mintUnchecked: true } : {}),
      ...(account && account !== JUPITER_V6 ? { userAccount: account } : {}),
    };
  },
  stated({ children }, terms) {
    if (!terms?.mint) return null;
    const events = children.filter((child) => child.program === JUPITER_V6).map(swapEvent)
      .filter((event) => event !== null);
    const legs = terms.side === "min_out"
      ? events.filter((event) => event.outputMint === terms.mint).map((event) => event.outputAmount)
      : events.filter((event) => event.inputMint === terms.mint).map((event) => event.inputAmount);
    if (legs.length === 0) return null;
    return { source: "event", actual: legs.reduce((sum, amount) => sum + amount, 0n) };
  },
};

interface SwapEvent {
  inputMint: string;
  inputAmount: bigint;
  outputMint: string;
  outputAmount: bigint;
}

/** `SwapEvent { amm, input_mint, input_amount, output_mint, output_amount }` after the 16-byte tag. */
function swapEvent(instruction: ResolvedInstruction): SwapEvent | null {
  const data = instruction.data;
  if (!startsWith(data, SWAP_EVENT) || data.length < 128) return null;
  const reader = new ByteReader(data);
  return {
    inputMint: base58.decode(data.subarray(48, 80)),
    inputAmount: reader.u64(80)!,
    outputMint: base58.decode(data.subarray(88, 120)),
    outputAmount: reader.u64(120)!,
  };
}

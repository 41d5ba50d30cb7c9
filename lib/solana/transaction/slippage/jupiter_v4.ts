/**
 * Jupiter v4, the router before v6: its `route` instruction ends its
 * arguments as v6's first routes do (`in_amount u64, out_amount u64,
 * slippage_bps u16, platform_fee_bps u8`), and its accounts start with the
 * token program, the user's authority and the destination token account.
 * Each leg logs a `SwapEvent` (`amm, input_mint, input_amount, output_mint,
 * output_amount`) as Anchor `Program data:`. Layouts from the published
 * Jupiter v4 IDL.
 *
 * @module
 */
import { getBase58Decoder } from "@solana/kit";
import { ByteReader, startsWith } from "./bytes.ts";
import type { SwapDecoder } from "./types.ts";

/** Jupiter v4. */
export const JUPITER_V4 = "JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB";

/** `route`'s Anchor discriminator. */
const ROUTE = "e517cb977ae3ad2a";

/** The `SwapEvent` Jupiter v4 logs after each leg. */
const SWAP_EVENT = "516ce3becdd00ac4";

const base58 = getBase58Decoder();

/** The route's bound: the quoted out amount less the slippage, rounded down. */
export const jupiterV4: SwapDecoder = {
  programs: [JUPITER_V4],
  terms(instruction) {
    const data = instruction.data;
    if (!startsWith(data, ROUTE) || data.length < 8 + 19) return null;
    const reader = new ByteReader(data);
    const quoted = reader.u64(data.length - 11);
    const slippageBps = reader.u16(data.length - 3);
    if (quoted === null || slippageBps === null || slippageBps > 10_000) return null;
    const account = instruction.accounts[2];
    return {
      side: "min_out",
      bound: quoted * (10_000n - BigInt(slippageBps)) / 10_000n,
      quoted,
      slippageBps,
      ...(account ? { userAccount: account } : {}),
    };
  },
  stated({ frame }, terms) {
    if (!terms) return null;
    const legs = frame.logs.flatMap((line) => {
      const payload = line.match(/^Program data: ([A-Za-z0-9+/=]+)$/)?.[1];
      const data = payload ? Uint8Array.from(atob(payload), (c) => c.charCodeAt(0)) : null;
      if (!startsWith(data, SWAP_EVENT) || data.length < 120) return [];
      const reader = new ByteReader(data);
      return [{ outputMint: base58.decode(data.subarray(80, 112)), outputAmount: reader.u64(112)! }];
    });
    // The route ends in the mint its last leg gives; split legs into that mint add up.
    const mint = legs.at(-1)?.outputMint;
    if (!mint) return null;
    const actual = legs.filter((leg) => leg.outputMint === mint).reduce(
      (sum, leg) => sum + leg.outputAmount,
      0n,
    );
    return { source: "event", actual };
  },
};

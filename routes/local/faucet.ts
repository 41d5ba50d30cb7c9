/**
 * `POST /local/faucet` (local mode only): `{"address": "<Solana or 0x
 * address>", "usdc": "10"}` mints local USDC to a buyer (at most 1000 a
 * call); a Solana buyer also gets lamports for fees. `GET` says how to use it
 * (the 402 page links here in local mode).
 *
 * @module
 */
import type { Address } from "@solana/addresses";
import { isSolanaAddress } from "../../lib/solana/mod.ts";
import { z } from "zod";
import { InvalidInputError } from "../../lib/shared/errors.ts";
import { defineRoute, jsonResponse, parseInput, readJsonObject } from "../../lib/operation/mod.ts";
import { localChains } from "./_rpc.ts";

const MAX_FAUCET_USDC = 1000;

const faucetInput = z.object({
  address: z.string().refine((value) => isSolanaAddress(value) || /^0x[0-9a-fA-F]{40}$/.test(value), {
    error: (issue) => `"${String(issue.input).slice(0, 64)}" is neither a Solana nor an EVM address`,
  }),
  usdc: z.string().regex(/^\d+(\.\d{1,6})?$/, 'must be a decimal string with at most 6 decimals, e.g. "10"')
    .refine(
      (value) => Number(value) > 0 && Number(value) <= MAX_FAUCET_USDC,
      `must be more than 0 and at most ${MAX_FAUCET_USDC}`,
    )
    .default("10"),
});

export default defineRoute({
  summary: "The local faucet: GET says how to use it, POST mints local USDC to a Solana or EVM buyer",
  localOnly: true,
  GET(route) {
    return jsonResponse(route, {
      faucet: `${route.baseUrl}/local/faucet`,
      usage: 'POST a JSON body {"address": "<Solana or 0x address>", "usdc": "10"} to mint test USDC ' +
        `(at most ${MAX_FAUCET_USDC} a call) on this service's local chains; a Solana address also gets ` +
        "lamports for fees",
      example: `curl -X POST ${route.baseUrl}/local/faucet -H 'Content-Type: application/json' ` +
        `-d '{"address":"<your address>","usdc":"10"}'`,
    });
  },
  async POST(route) {
    const local = localChains(route.runtime.local);
    const body = await readJsonObject(route.request, 4096);
    const { address, usdc } = parseInput(faucetInput, body) as { address: string; usdc: string };
    const atomic = toAtomic(usdc);
    if (address.startsWith("0x")) {
      if (!local.evm) throw new InvalidInputError("EVM addresses are not funded: the alternate chain is off");
      const transaction = await local.evm.fund(address as `0x${string}`, atomic);
      const balance = await local.evm.usdcBalance(address as `0x${string}`);
      return jsonResponse(route, {
        address,
        chain: "evm",
        network: "eip155:84532",
        usdc,
        balance: String(balance),
        transaction,
      });
    }
    await local.solana.fund(address as Address, { usdc: atomic, lamports: 10_000_000n });
    const balance = local.solana.usdcBalance(address as Address);
    return jsonResponse(route, {
      address,
      chain: "solana",
      network: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
      usdc,
      balance: String(balance),
    });
  },
});

/** `"10.5"` USDC → 10500000 atomic units. */
function toAtomic(usdc: string): bigint {
  const [whole = "0", fraction = ""] = usdc.split(".");
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, "0"));
}

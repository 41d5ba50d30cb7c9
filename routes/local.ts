/**
 * Local-mode endpoints (served only when `SERVICE_MODE=local`): the embedded
 * chains' JSON-RPC (`POST /local/solana`, `POST /local/evm`) so any wallet or
 * SDK can use them, `POST /local/faucet` to fund a buyer with local USDC, and
 * the in-process facilitator's HTTP API (`/local/facilitator/{supported,verify,settle}`)
 * so other x402 servers can settle on the embedded chains too.
 *
 * @module
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { isAddress } from "@solana/kit";
import type { Address } from "@solana/kit";
import { z } from "zod";
import type { LocalChains } from "../lib/local/types.ts";
import { InvalidInputError } from "../lib/errors.ts";
import { envelope } from "./_http/context.ts";
import { parseInput, readBody, readJson } from "./_http/input.ts";

const MAX_RPC_BODY_BYTES = 2 * 1024 * 1024;
const MAX_FAUCET_USDC = 1000;

const faucetInput = z.object({
  address: z.string().refine((value) => isAddress(value) || /^0x[0-9a-fA-F]{40}$/.test(value), {
    error: (issue) => `"${String(issue.input).slice(0, 64)}" is neither a Solana nor an EVM address`,
  }),
  usdc: z.string().regex(/^\d+(\.\d{1,6})?$/, 'must be a decimal string with at most 6 decimals, e.g. "10"')
    .refine(
      (value) => Number(value) > 0 && Number(value) <= MAX_FAUCET_USDC,
      `must be more than 0 and at most ${MAX_FAUCET_USDC}`,
    )
    .default("10"),
});

/** The local-mode routes, mounted at `/local`. */
export function localRoutes(local: LocalChains): Hono {
  const app = new Hono();
  app.post("/solana", (c) => proxyRpc(c, (body) => local.solana.handleRpc(body)));
  if (local.evm) {
    const evm = local.evm;
    app.post("/evm", (c) => proxyRpc(c, (body) => evm.handleRpc(body)));
  }
  app.get("/facilitator/supported", async (c) => c.json(await local.facilitator.getSupported()));
  for (const step of ["verify", "settle"] as const) {
    app.post(`/facilitator/${step}`, async (c) => {
      const body = await readJson(c, MAX_RPC_BODY_BYTES) as {
        paymentPayload?: never;
        paymentRequirements?: never;
      };
      if (!body.paymentPayload || !body.paymentRequirements) {
        throw new InvalidInputError(
          `Invalid ${step} request: expected {x402Version, paymentPayload, paymentRequirements}`,
        );
      }
      return c.json(await local.facilitator[step](body.paymentPayload, body.paymentRequirements));
    });
  }
  app.post("/faucet", async (c) => {
    const body = await readJson(c, 4096);
    const { address, usdc } = parseInput(faucetInput, body) as { address: string; usdc: string };
    const atomic = toAtomic(usdc);
    if (address.startsWith("0x")) {
      if (!local.evm) throw new InvalidInputError("EVM addresses are not funded: the alternate chain is off");
      const transaction = await local.evm.fund(address as `0x${string}`, atomic);
      const balance = await local.evm.usdcBalance(address as `0x${string}`);
      return c.json(
        envelope(c, {
          address,
          chain: "evm",
          network: "eip155:84532",
          usdc,
          balance: String(balance),
          transaction,
        }),
      );
    }
    await local.solana.fund(address as Address, { usdc: atomic, lamports: 10_000_000n });
    const balance = local.solana.usdcBalance(address as Address);
    return c.json(
      envelope(c, {
        address,
        chain: "solana",
        network: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
        usdc,
        balance: String(balance),
      }),
    );
  });
  return app;
}

/** `"10.5"` USDC → 10500000 atomic units. */
function toAtomic(usdc: string): bigint {
  const [whole = "0", fraction = ""] = usdc.split(".");
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, "0"));
}

async function proxyRpc(c: Context, handle: (body: unknown) => Promise<unknown>): Promise<Response> {
  const raw = await readBody(c, MAX_RPC_BODY_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return c.json({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null });
  }
  return c.json(await handle(body) as object);
}

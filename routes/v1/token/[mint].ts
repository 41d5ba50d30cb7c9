/**
 * `GET /v1/token/{mint}`: everything a mint says about itself (program,
 * supply, authorities, every Token-2022 extension, metadata) and who holds it.
 *
 * @module
 */
import { z } from "zod";
import { defineOperation } from "../../../lib/operation/mod.ts";
import { addressSchema } from "../../../lib/solana/mod.ts";
import { loadTokenChecks, tokenReportSchema } from "../../../lib/solana/token/mod.ts";

export default defineOperation({
  id: "chain_token_analysis",
  title: "Solana token mint inspection",
  summary: "Authorities, supply, every Token-2022 extension, metadata and holder concentration of a mint",
  description: "Reads a Solana token mint (classic Token or Token-2022) and returns its program, decimals, " +
    "supply (raw and in whole tokens), mint and freeze authorities, every Token-2022 extension decoded with " +
    "its authorities and whether it can still change (transfer fee incl. scheduled fee, permanent delegate, " +
    "transfer hook, default account state, pausable, close authority, metadata, groups and the rest; unknown " +
    "extensions are reported, never dropped), its metadata (Token-2022 or Metaplex: name, symbol, uri, update " +
    "authority, mutable), and the 20 largest token accounts resolved to owners with top-1 and top-10 shares " +
    "of supply, labelling burn and the mint's own authorities. Use it before accepting or buying a token; " +
    "for a scored verdict use chain_token_risk.",
  method: "GET",
  price: "$0.006",
  alt: false,
  guide: "token-safety",
  input: z.object({ mint: addressSchema("mint").describe("The mint address (base58)") }),
  output: tokenReportSchema,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  example: { mint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
  async handler({ mint }, ctx) {
    const { inspectToken } = await loadTokenChecks();
    const { report } = await inspectToken(ctx.services.solana, mint, ctx.signal);
    return report;
  },
});

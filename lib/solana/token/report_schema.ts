/**
 * zod schemas of the token inspection and risk answers, shared by the
 * `GET /v1/token/{mint}` and `POST /v1/token/risk` operations. They mirror
 * {@linkcode TokenReport} and {@linkcode RiskAssessment}.
 *
 * @module
 */
import { z } from "zod";
import type { TokenReport } from "./inspect.ts";
import type { RiskAssessment } from "./risk.ts";

/** Fails to compile when a schema's output and the lib type drift apart. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const address = z.string();
const share = z.number().min(0).max(1).nullable().describe("Fraction from 0 to 1, rounded to 4 decimals");
const rawAmount = z.string().describe("Raw token units (u64 as a decimal string)");

const extension = z.object({
  name: z.string().describe("camelCase extension name as in jsonParsed RPC output, or `unknown`"),
  typeId: z.number().int(),
  status: z.enum(["decoded", "unknown", "unparseable"]),
  authorities: z.array(z.object({ role: z.string(), address: address.nullable() })),
  canChange: z.boolean().nullable().describe(
    "Whether a live authority can still change it; null when unknown",
  ),
  state: z.record(z.string(), z.unknown()).describe("Decoded fields: u64 as strings, options as null"),
  summary: z.string(),
  dataBase64: z.string().optional().describe("Raw entry bytes for unknown or unparseable extensions"),
});

const metadata = z.object({
  source: z.enum(["token-2022", "metaplex"]),
  address,
  name: z.string(),
  symbol: z.string(),
  uri: z.string(),
  updateAuthority: address.nullable(),
  mutable: z.boolean(),
  additionalMetadata: z.record(z.string(), z.string()),
  sellerFeeBasisPoints: z.number().int().nullable(),
  creators: z.array(z.object({ address, verified: z.boolean(), share: z.number().int() })),
});

const holder = z.object({
  rank: z.number().int(),
  tokenAccount: address,
  owner: address.nullable(),
  amount: rawAmount,
  uiAmount: z.string(),
  share,
  frozen: z.boolean().nullable(),
  ownerIsProgramAddress: z.boolean().nullable(),
  labels: z.array(
    z.enum([
      "burn",
      "mint",
      "mintAuthority",
      "freezeAuthority",
      "permanentDelegate",
      "metadataUpdateAuthority",
    ]),
  ),
});

const concentration = z.discriminatedUnion("available", [
  z.object({
    available: z.literal(true),
    holders: z.array(holder),
    owners: z.number().int(),
    top1Share: share,
    top10Share: share,
    nonCirculatingAmount: rawAmount,
    nonCirculatingShare: share,
    top1CirculatingShare: share,
    top10CirculatingShare: share,
  }),
  z.object({ available: z.literal(false), reason: z.string() }),
]);

/** Schema of {@linkcode TokenReport}. */
export const tokenReportSchema = z.object({
  mint: address,
  tokenProgram: z.object({ name: z.enum(["token", "token-2022"]), id: address }),
  decimals: z.number().int(),
  supply: z.object({ raw: rawAmount, ui: z.string() }),
  mintAuthority: address.nullable(),
  freezeAuthority: address.nullable(),
  accountSize: z.number().int(),
  extensions: z.array(extension),
  metadataPointer: address.nullable(),
  metadata: metadata.nullable(),
  concentration,
  context: z.object({ slot: z.number().int(), epoch: z.string() }),
});

const severity = z.enum(["info", "low", "medium", "high", "critical"]);

/** Schema of {@linkcode RiskAssessment}. */
export const riskAssessmentSchema = z.object({
  score: z.number().int().min(0).max(100),
  level: z.enum(["low", "medium", "high", "critical"]),
  confidence: z.object({
    score: z.number().min(0).max(1),
    level: z.enum(["high", "medium", "low"]),
    reasons: z.array(z.string()),
  }),
  signals: z.array(z.object({
    id: z.string(),
    severity,
    weight: z.number().int(),
    evidence: z.record(z.string(), z.unknown()),
    explanation: z.string(),
    unknown: z.boolean(),
  })),
  rulesVersion: z.string(),
});

const _tokenReportMatches: Same<z.infer<typeof tokenReportSchema>, TokenReport> = true;
const _riskAssessmentMatches: Same<z.infer<typeof riskAssessmentSchema>, RiskAssessment> = true;

/**
 * The operation registry: every paid operation, declared once in its own
 * module under `routes/` (the file path mirrors the URL path). HTTP routes,
 * x402 prices, OpenAPI, MCP tools, discovery metadata and docs are all
 * generated from this list.
 *
 * @module
 */
import type { AnyOperation } from "../lib/operation.ts";
import normalizeAudio from "./v1/audio/normalize.ts";
import priorityFees from "./v1/fees/priority.ts";
import pdfToMarkdown from "./v1/pdf/to-markdown.ts";
import tokenAnalysis from "./v1/token/[mint].ts";
import tokenRisk from "./v1/token/risk.ts";
import transactionAnalysis from "./v1/transaction/[signature].ts";
import transactionSimulate from "./v1/transaction/simulate.ts";

/** Every operation the service sells. */
export const operations: readonly AnyOperation[] = [
  transactionAnalysis,
  transactionSimulate,
  priorityFees,
  tokenAnalysis,
  tokenRisk,
  pdfToMarkdown,
  normalizeAudio,
];

/** The operations also sold under `/alt`, paid on the alternate chain. */
export const altOperations: readonly AnyOperation[] = operations.filter((operation) => operation.alt);

/**
 * Test and bench helper: replays the evaluation corpus (recorded mainnet
 * transactions, see `tasks/extract_diagnosis_corpus.ts`) through
 * `explainTransaction` against a loopback JSON-RPC stub that answers with the
 * recorded responses, and scores each answer against its hand-made label.
 *
 * @module
 */
import { explainTransaction } from "../../../../lib/solana/transaction/explain.ts";
import type { ExplainResult } from "../../../../lib/solana/transaction/schema.ts";
import { createSolanaClient } from "../../../../lib/solana/rpc.ts";

const CORPUS = new URL("../../../fixtures/solana/diagnosis_corpus.json", import.meta.url);

/**
 * A hand-made label: the classes a correct answer may give and the program that
 * raised the error (`null` for a transaction error no program raised).
 */
export interface CaseLabel {
  classes: string[];
  program: string | null;
  /** `stated` when the logs or error name say what happened; `unstated` otherwise. */
  cause: "stated" | "unstated";
  why: string;
}

/** One recorded transaction and its label (`null` for a success, whose only right class is `none`). */
export interface CorpusCase {
  id: string;
  heldOut: boolean;
  source: { repo: string; path: string; commit: string };
  response: { meta: { err: unknown } } & Record<string, unknown>;
  label: CaseLabel | null;
}

/** How one case was answered. */
export interface Scored {
  id: string;
  heldOut: boolean;
  failed: boolean;
  stated: boolean;
  expected: string[];
  got: string;
  expectedProgram: string | null;
  gotProgram: string | null;
  /** RPC HTTP round trips the explanation took. */
  roundTrips: number;
  classOk: boolean;
  programOk: boolean;
  result: ExplainResult;
}

/** The corpus cases. */
export function loadCorpus(): CorpusCase[] {
  return JSON.parse(Deno.readTextFileSync(CORPUS));
}

/** Serves the recorded responses on 127.0.0.1 as a node that has exactly these transactions. */
function startStub(cases: CorpusCase[]) {
  const bySignature = new Map(cases.map((entry) => [entry.id, entry]));
  const answer = (call: { id: unknown; method: string; params: unknown[] }) => {
    const entry = bySignature.get(call.params?.[0] as string);
    const statuses = call.params?.[0] as string[];
    switch (call.method) {
      case "getTransaction":
        return entry?.response ?? null;
      case "getSignatureStatuses":
        return {
          context: { slot: 1 },
          value: statuses.map((signature) => {
            const found = bySignature.get(signature);
            if (!found) return null;
            const err = found.response.meta.err ?? null;
            return {
              slot: (found.response.slot as number | null) ?? 0,
              confirmations: null,
              err,
              status: err === null ? { Ok: null } : { Err: err },
              confirmationStatus: "finalized",
            };
          }),
        };
      case "getMultipleAccounts":
        // No program in the corpus has an IDL account here.
        return { context: { slot: 1 }, value: (call.params[0] as unknown[]).map(() => null) };
      default:
        return undefined;
    }
  };
  return Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, async (request) => {
    const body = await request.json();
    const calls = Array.isArray(body) ? body : [body];
    const replies = calls.map((call) => {
      const result = answer(call);
      return result === undefined
        ? {
          jsonrpc: "2.0",
          id: call.id,
          error: { code: -32601, message: `Method not found: ${call.method}` },
        }
        : { jsonrpc: "2.0", id: call.id, result };
    });
    return Response.json(Array.isArray(body) ? replies : replies[0]);
  });
}

/** Explains every case through the stub (with `repair` when asked) and scores the answers. */
export async function replayCorpus(
  cases: CorpusCase[] = loadCorpus(),
  options: { repair?: boolean } = {},
): Promise<Scored[]> {
  const server = startStub(cases);
  try {
    const scored: Scored[] = [];
    for (const entry of cases) {
      // A fresh client per case: no cached explanation or IDL answer carries over.
      const client = createSolanaClient(`http://127.0.0.1:${server.addr.port}/`);
      const result = await explainTransaction(client, {
        signature: entry.id,
        ...(options.repair ? { repair: {} } : {}),
      });
      const failed = entry.response.meta.err !== null && entry.response.meta.err !== undefined;
      const expected = failed ? entry.label?.classes ?? [] : ["none"];
      const expectedProgram = failed ? entry.label?.program ?? null : null;
      const gotProgram = result.failure?.program ?? null;
      scored.push({
        id: entry.id,
        heldOut: entry.heldOut,
        failed,
        stated: failed && entry.label?.cause === "stated",
        expected,
        got: result.failureClass,
        expectedProgram,
        gotProgram,
        roundTrips: client.stats.roundTrips,
        classOk: expected.includes(result.failureClass),
        programOk: gotProgram === expectedProgram,
        result,
      });
    }
    return scored;
  } finally {
    await server.shutdown();
  }
}

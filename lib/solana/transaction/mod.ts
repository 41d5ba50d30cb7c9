/**
 * Transactions (`chain_transaction_analysis`, `chain_transaction_simulate`):
 * explain a landed or missing transaction, or simulate an unsent one, with
 * the same diagnosis: failure class, innermost failing program, next action.
 *
 * The face holds what a route declares (input and output schemas); the
 * decoder of a serialized transaction and the diagnosis itself (kit's codecs,
 * the program error tables) are imported with their first use, so that an
 * idle service does not hold them.
 *
 * @module
 */
import { importOnDemand } from "../../shared/on_demand.ts";

export { explainInputSchema, simulateInputSchema } from "./input_schema.ts";
export { explainSchema, simulateSchema } from "./schema.ts";

/** The serialized-transaction decoder and size check (`transactionProblem`), imported on first use. */
export function loadTransactionDecoder(): Promise<typeof import("./serialized.ts")> {
  return importOnDemand<typeof import("./serialized.ts")>(new URL("./serialized.ts", import.meta.url));
}

/** The diagnosis, landed (`explainTransaction`) or simulated (`simulateTransaction`), imported on first use. */
export async function loadDiagnosis(): Promise<
  & Pick<typeof import("./explain.ts"), "explainTransaction">
  & Pick<typeof import("./simulate.ts"), "simulateTransaction">
> {
  const [{ explainTransaction }, { simulateTransaction }] = await Promise.all([
    importOnDemand<typeof import("./explain.ts")>(new URL("./explain.ts", import.meta.url)),
    importOnDemand<typeof import("./simulate.ts")>(new URL("./simulate.ts", import.meta.url)),
  ]);
  return { explainTransaction, simulateTransaction };
}

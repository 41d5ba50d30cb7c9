/**
 * Transactions (`chain_transaction_analysis`, `chain_transaction_simulate`):
 * explain a landed or missing transaction, or simulate an unsent one, with
 * the same diagnosis: failure class, innermost failing program, next action.
 *
 * @module
 */
export { explainTransaction } from "./explain.ts";
export { simulateTransaction } from "./simulate.ts";
export { explainInputSchema, simulateInputSchema } from "./input_schema.ts";
export { explainSchema, simulateSchema } from "./schema.ts";

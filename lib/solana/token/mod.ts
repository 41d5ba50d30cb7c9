/**
 * Token mints (`chain_token_analysis`, `chain_token_risk`): inspection of a
 * mint (program, supply, authorities, extensions, metadata, holders) and the
 * risk score built on it.
 *
 * @module
 */
export { inspectToken } from "./inspect.ts";
export { riskAssessmentSchema, tokenReportSchema } from "./report_schema.ts";
export { assessRisk } from "./risk.ts";

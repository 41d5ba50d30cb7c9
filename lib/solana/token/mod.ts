/**
 * Token mints (`chain_token_analysis`, `chain_token_risk`): inspection of a
 * mint (program, supply, authorities, extensions, metadata, holders) and the
 * risk score built on it.
 *
 * The face holds what a route declares (the report schemas); the inspection
 * and the risk rules (kit's account decoders, Token-2022's extensions) are
 * imported with their first use, so that an idle service does not hold them.
 *
 * @module
 */
import { importOnDemand } from "../../shared/on_demand.ts";

export { riskAssessmentSchema, tokenReportSchema } from "./report_schema.ts";

/** The inspection of a mint (`inspectToken`) and its risk rules (`assessRisk`), imported on first use. */
export async function loadTokenChecks(): Promise<
  Pick<typeof import("./inspect.ts"), "inspectToken"> & Pick<typeof import("./risk.ts"), "assessRisk">
> {
  const [{ inspectToken }, { assessRisk }] = await Promise.all([
    importOnDemand<typeof import("./inspect.ts")>(new URL("./inspect.ts", import.meta.url)),
    importOnDemand<typeof import("./risk.ts")>(new URL("./risk.ts", import.meta.url)),
  ]);
  return { inspectToken, assessRisk };
}

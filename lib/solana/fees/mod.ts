/**
 * Priority fees (`chain_priority_fees`): quantiles of recent prioritisation
 * fees, globally and for given writable accounts, levels and a recommended
 * price, and the compute-budget arithmetic other products share.
 *
 * @module
 */
export {
  LEVEL_PERCENTILES,
  MAX_COMPUTE_UNIT_LIMIT,
  priorityFeeLamports,
  type PriorityFeeReport,
  priorityFeeReport,
} from "./priority_fees.ts";
export { percentileOf } from "./quantiles.ts";

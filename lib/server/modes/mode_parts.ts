/**
 * What a mode (local or remote) hands the runtime.
 *
 * @module
 */
import type { FacilitatorClient } from "@x402/core/server";
import type { LocalChains } from "./local_chains.ts";
import type { PaymentRail } from "../../payments/mod.ts";
import type { Services } from "../services.ts";

/** The parts a mode provides. */
export interface ModeParts {
  facilitator: FacilitatorClient;
  rails: { solana: PaymentRail; evm?: PaymentRail };
  services: Pick<Services, "solana">;
  local?: LocalChains;
  close(): Promise<void>;
}

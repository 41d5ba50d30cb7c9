/**
 * The dependencies handed to every operation handler, and how they are built
 * from the configuration.
 *
 * @module
 */
import { type AudioService, createAudioService } from "../audio/mod.ts";
import type { Config } from "./config/load.ts";
import { createPdfService, type PdfService } from "../pdf/mod.ts";
import { RoomLoan } from "../shared/room_loan.ts";
import type { SolanaClient } from "../solana/mod.ts";

/** Shared dependencies for operation handlers. */
export interface Services {
  /** The Solana cluster being diagnosed. */
  solana: SolanaClient;
  /** Audio limits and concurrency gate, from the configuration. */
  audio: AudioService;
  /** PDF limits and concurrency gate, from the configuration. */
  pdf: PdfService;
}

/** The services for `config`, diagnosing through `solana`. */
export function buildServices(config: Pick<Config, "audio" | "pdf">, solana: SolanaClient): Services {
  // The audio jobs' room, lent to a PDF conversion priced past its share (`config/memory_plan.ts`).
  const room = new RoomLoan();
  return {
    solana,
    audio: createAudioService(config.audio, room),
    pdf: createPdfService({ ...config.pdf, room }),
  };
}

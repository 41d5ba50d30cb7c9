/** The service's version, as reported by `/healthz` and the descriptors. */
export const VERSION = "0.1.0";

/** The service's name in descriptors. */
export const SERVICE_NAME = "Solana Diagnostics API";

/**
 * `POST /v1/transaction/simulate`: simulates a transaction before it is sent
 * and diagnoses it like a landed one.
 *
 * @module
 */
import { InvalidInputError } from "../../../lib/shared/errors.ts";
import { defineOperation } from "../../../lib/operation/mod.ts";
import {
  loadDiagnosis,
  loadTransactionDecoder,
  simulateInputSchema,
  simulateSchema,
} from "../../../lib/solana/transaction/mod.ts";

export default defineOperation({
  id: "chain_transaction_simulate",
  title: "Simulate a Solana transaction",
  summary:
    "Dry-run a transaction before sending it: will it work, what will it cost, what limit and fee to set",
  description:
    "Simulates a serialized Solana transaction (legacy, v0 or v1; signed or not; base64 or base58) against the " +
    "current state with a fresh blockhash and no signature check, and returns its instructions (named for the " +
    "built-in programs), success or the attributed failure with a stable failureClass and nextAction, compute " +
    "units used with the limit to set (used plus 10%, or measured at the maximum limit when it ran out), a " +
    "compute-unit price from recent fees of the accounts it writes, the fee, SOL and token balance changes " +
    "(from the node, or from up to 20 accountAddresses you name), the program invocation tree, and the " +
    "replacement blockhash with its last valid block height. A failure whose fix is mechanical (compute-unit " +
    "limit, price at a fee level, fresh blockhash, missing associated token account) comes with `repair`: the " +
    "same message rebuilt, unsigned, offered only when its own simulation succeeds; otherwise why not.",
  method: "POST",
  price: "$0.008",
  alt: false,
  guide: "transaction-diagnosis",
  input: simulateInputSchema,
  output: simulateSchema,
  annotations: { readOnlyHint: true, idempotentHint: false, openWorldHint: true },
  example: {
    // A v0 SOL transfer with a 1,000-unit limit, unsigned, with a placeholder blockhash.
    transaction:
      "AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACAAQACBCTtW2lGBwJBsBy" +
      "9zmEqel+a6ZYY5mlcgx59blrJJ2uZlRJ6n4a+sbWP39ruj4G/FXHBZBmibsFxc2bk2jMGNDQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" +
      "AAAAAAAMGRm/lIRcy/+ytunLDm+e8jOW7xfcSayxDmzpAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACAwAFAugDAAACAgABDA" +
      "IAAABAQg8AAAAAAAA=",
    encoding: "base64",
  },
  // Whether the transaction decodes, checked before payment with the decoder loaded on first use.
  async precheck(input) {
    const { transactionProblem } = await loadTransactionDecoder();
    const problem = transactionProblem(input.transaction, input.encoding);
    if (problem) throw new InvalidInputError(`Invalid input: "transaction": ${problem}`);
  },
  async handler(input, ctx) {
    const { simulateTransaction } = await loadDiagnosis();
    return await simulateTransaction(ctx.services.solana, {
      transaction: input.transaction,
      encoding: input.encoding,
      ...(input.accountAddresses ? { accountAddresses: input.accountAddresses } : {}),
      ...(input.repair ? { repair: input.repair } : {}),
    }, ctx.signal);
  },
});

/**
 * "Precheck, then run", whatever the transport: an operation's input is
 * checked (schema, then the operation's own cheap checks) before any payment
 * is asked for, and the handler runs within a time budget with its output
 * checked against the schema.
 *
 * @module
 */
import { UpstreamTimeoutError } from "../shared/errors.ts";
import type { Logger } from "../shared/log.ts";
import { callBudget } from "../shared/time_budget.ts";
import type { PaymentGateway } from "../payments/mod.ts";
import type { Services } from "../server/services.ts";
import { binaryBytes } from "./binary_output.ts";
import type { AnyOperation, PrecheckOptions } from "./define.ts";

/** What selling an operation needs, on any transport. */
export interface OperationDeps {
  readonly gateway: PaymentGateway;
  readonly services: Services;
  readonly log: Logger;
  /** The work's time budget, in milliseconds. */
  readonly requestTimeoutMs: number;
}

/**
 * Runs an operation's own checks on already parsed input. Every transport
 * calls it before asking for payment, so a request that cannot succeed is
 * refused for free. A transport passes the signal that aborts when its
 * caller leaves, and the upload's size when it read only the first bytes
 * (see {@linkcode PrecheckOptions}).
 */
export function precheck(
  operation: AnyOperation,
  input: Record<string, unknown>,
  services: Services,
  options: PrecheckOptions & { signal: AbortSignal },
): void | Promise<void> {
  return operation.precheck?.(input as never, services, options);
}

/** Options for {@linkcode runOperation}. */
export interface RunOptions {
  requestId: string;
  /** Aborted when the caller goes away. */
  signal: AbortSignal;
  services: Services;
  /** The work's time budget, in milliseconds. */
  timeoutMs: number;
}

/**
 * Runs an operation's handler on validated input within a time budget and
 * checks the output against its schema, whatever the transport (bytes in a
 * binary output field stay bytes: see `binary_output.ts`). A handler
 * cut short by the budget is an {@linkcode UpstreamTimeoutError}; an output
 * that breaks the schema is a plain `Error` (a bug, reported as internal).
 */
export async function runOperation(
  operation: AnyOperation,
  input: Record<string, unknown>,
  options: RunOptions,
): Promise<Record<string, unknown>> {
  // Ended with the call (see `time_budget.ts`): a call answered at once leaves nothing behind for the budget.
  const budget = callBudget(options.signal, options.timeoutMs);
  let output: unknown;
  try {
    const work = (async () =>
      await operation.handler(input as never, {
        requestId: options.requestId,
        signal: budget.signal,
        services: options.services,
      }))();
    // Work that ignores its signal still ends at the budget: it is never served (nor paid) late.
    work.catch(() => {});
    output = await Promise.race([work, budget.spent]);
  } catch (error) {
    if (budget.overBudget() && !(error instanceof UpstreamTimeoutError)) {
      throw new UpstreamTimeoutError(`Request took longer than its ${options.timeoutMs} ms budget`, {
        cause: error,
      });
    }
    throw error;
  } finally {
    budget.end();
  }
  const record = output as Record<string, unknown>;
  if (checkedOutputs.get(record) === operation) return record;
  // Bytes returned in the binary field stand for its base64: the schema sees a string there.
  const shown = binaryBytes(operation, record) ? { ...record, [operation.binaryOutput!.field]: "" } : output;
  const checked = operation.output.safeParse(shown);
  if (!checked.success) {
    throw new Error(`Output of "${operation.id}" breaks its schema: ${checked.error.message}`);
  }
  if (Object.isFrozen(record)) checkedOutputs.set(record, operation);
  return record;
}

/**
 * Outputs already checked against their operation's schema. An answer a
 * handler hands out again is frozen to its depths by whoever keeps it (the
 * fee reports: see `lib/solana/fees/kept_reports.ts`), so it cannot have
 * changed since: it is checked once, not once per request (about 40 µs of a
 * paid fee call in place). An output that is not frozen is checked each time.
 */
const checkedOutputs = new WeakMap<object, AnyOperation>();

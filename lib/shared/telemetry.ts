/**
 * Traces and metrics through the OpenTelemetry API, which Deno itself
 * exports when `OTEL_DENO=true` (OTLP to `OTEL_EXPORTER_OTLP_ENDPOINT`; on
 * Deno Deploy, to its observability pages): no SDK, no exporter of ours.
 * Without it the API is a no-op, so a counter costs next to nothing, and a
 * span nothing at all ({@linkcode traced} then skips even the no-op span's
 * switch of the active context, about 16 µs each). Deno's own spans (each HTTP request served, each `fetch`) are
 * the parents of ours, and log lines written through the console API inside
 * a span carry its trace id.
 *
 * The instruments, one list for the operations page:
 * - `http.server.requests`: requests answered, by `http.route` and `http.response.status_code`;
 * - `x402.payments`: payments by `outcome` (`verified`, `resent`, `settled`, `released`, `refused`) and `reason`;
 * - `x402.revenue`: USDC base units settled, by `operation` and `network`;
 * - `x402.settlement.duration`: ms from asking the facilitator to settle to its answer;
 * - `solana.rpc.duration` and `solana.rpc.errors`: each RPC round trip, by `rpc.method`;
 * - `memory.budget.in_use`: bytes of the memory budget held now, by `part`.
 *
 * @module
 */
import {
  type Attributes,
  type Counter,
  type Histogram,
  INVALID_SPAN_CONTEXT,
  metrics,
  ProxyTracerProvider,
  type Span,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";

/** The name our spans and instruments are reported under. */
const SCOPE = "solana-diagnostics";

const tracer = trace.getTracer(SCOPE);
const meter = metrics.getMeter(SCOPE);

/**
 * Runs `work` in a new span named `name`, the active one while it runs (so
 * spans and console lines inside are its children); an error it throws marks
 * the span failed and is thrown on.
 */
export function traced<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  // Nothing records spans: the API's own no-op span still costs a context switch each (about 16 µs).
  if (!(recording ??= spansRecorded())) {
    try {
      return work(NO_SPAN);
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.message : String(error),
      });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Whether spans are recorded, known from the first span on (Deno registers its exporter before any code runs). */
let recording: boolean | undefined;

/**
 * Whether a tracer provider records spans: the API's global provider is a
 * proxy with nothing behind it unless one was registered (Deno's own, with
 * `OTEL_DENO=true`).
 */
function spansRecorded(): boolean {
  const provider = trace.getTracerProvider();
  return !(provider instanceof ProxyTracerProvider) || provider.getDelegateTracer(SCOPE) !== undefined;
}

/** The span work is given when nothing records spans: it takes attributes and records nothing. */
const NO_SPAN: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** The service's instruments (see the module comment). */
export interface ServiceMetrics {
  readonly requests: Counter;
  readonly payments: Counter;
  readonly revenue: Counter;
  readonly settlementDuration: Histogram;
  readonly rpcDuration: Histogram;
  readonly rpcErrors: Counter;
}

/** The instruments every part of the service records to. */
export const serviceMetrics: ServiceMetrics = Object.freeze({
  requests: meter.createCounter("http.server.requests", {
    description: "Requests answered, by route and status",
  }),
  payments: meter.createCounter("x402.payments", {
    description: "Payments by outcome (verified, resent, settled, released, refused) and reason",
  }),
  revenue: meter.createCounter("x402.revenue", {
    description: "USDC settled, in base units (1 USDC = 1,000,000), by operation and network",
    unit: "{usdc_base_unit}",
  }),
  settlementDuration: meter.createHistogram("x402.settlement.duration", {
    description: "Time from asking the facilitator to settle to its answer",
    unit: "ms",
  }),
  rpcDuration: meter.createHistogram("solana.rpc.duration", {
    description: "Solana RPC round trips, by method",
    unit: "ms",
  }),
  rpcErrors: meter.createCounter("solana.rpc.errors", {
    description: "Solana RPC round trips that failed, by method and kind",
  }),
});

/**
 * Reports `read()` (bytes of the memory budget held now, by part) whenever
 * metrics are collected.
 */
export function observeMemoryBudget(read: () => Readonly<Record<string, number>>): void {
  meter.createObservableGauge("memory.budget.in_use", {
    description: "Bytes of the memory budget held now, by part (request bodies, PDF and audio jobs)",
    unit: "By",
  }).addCallback((result) => {
    for (const [part, bytes] of Object.entries(read())) result.observe(bytes, { part });
  });
}

/** Milliseconds since `started` (a `performance.now()` reading). */
export function msSince(started: number): number {
  return performance.now() - started;
}

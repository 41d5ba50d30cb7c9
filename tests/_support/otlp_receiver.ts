/**
 * An OTLP/HTTP receiver on loopback: what an OpenTelemetry Collector's
 * `otlp` receiver accepts at `/v1/traces`, `/v1/logs` and `/v1/metrics`, in
 * the JSON encoding (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`, which Deno's
 * exporter speaks besides protobuf). Each export is decoded as the OTLP JSON
 * mapping defines it and flattened into spans, log records and metric data
 * points a test can search. Deno's exporter is the real one; only the
 * collector is stood in for (Debian and npm ship none).
 *
 * @module
 */

/** An OTLP `AnyValue` decoded to a plain value. */
export type OtlpValue = string | number | boolean | null | OtlpValue[] | { [key: string]: OtlpValue };

/** A span as received. */
export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string;
  readonly name: string;
  /** The instrumentation scope that made it. */
  readonly scope: string;
  readonly attributes: Readonly<Record<string, OtlpValue>>;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  readonly statusCode: number;
}

/** A log record as received. */
export interface ReceivedLog {
  readonly traceId: string;
  readonly spanId: string;
  /** The body, as text (Deno sends a console line with its newline). */
  readonly body: string;
  readonly scope: string;
  readonly attributes: Readonly<Record<string, OtlpValue>>;
}

/** One data point of a metric as received. */
export interface ReceivedPoint {
  readonly metric: string;
  readonly scope: string;
  /** `sum`, `gauge` or `histogram`. */
  readonly kind: string;
  readonly attributes: Readonly<Record<string, OtlpValue>>;
  /** The value of a sum or gauge, or the sum of a histogram's observations. */
  readonly value: number;
  /** Observations counted (histograms; 1 otherwise). */
  readonly count: number;
  /** When the point was taken, in ns since the epoch. */
  readonly timeUnixNano: bigint;
}

/** A running receiver. */
export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>`: set it as `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  readonly endpoint: string;
  readonly spans: ReceivedSpan[];
  readonly logs: ReceivedLog[];
  readonly points: ReceivedPoint[];
  /** Exports that could not be decoded, with why (a test should expect none). */
  readonly rejected: string[];
  /** The latest point of `metric` whose attributes include `attributes`, if any. */
  latest(metric: string, attributes?: Record<string, OtlpValue>): ReceivedPoint | undefined;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** Decodes an OTLP JSON `AnyValue`. */
export function decodeValue(value: unknown): OtlpValue {
  const v = (value ?? {}) as Json;
  if ("stringValue" in v) return String(v.stringValue);
  if ("boolValue" in v) return Boolean(v.boolValue);
  // int64 travels as a decimal string in OTLP JSON.
  if ("intValue" in v) return Number(v.intValue);
  if ("doubleValue" in v) return Number(v.doubleValue);
  if ("arrayValue" in v) return (((v.arrayValue as Json)?.values ?? []) as unknown[]).map(decodeValue);
  if ("kvlistValue" in v) return attributesOf((v.kvlistValue as Json)?.values);
  if ("bytesValue" in v) return String(v.bytesValue);
  return null;
}

/** Decodes an OTLP `KeyValue` list. */
export function attributesOf(list: unknown): Record<string, OtlpValue> {
  const attributes: Record<string, OtlpValue> = {};
  for (const entry of (Array.isArray(list) ? list : []) as Json[]) {
    attributes[String(entry.key)] = decodeValue(entry.value);
  }
  return attributes;
}

const array = (value: unknown): Json[] => (Array.isArray(value) ? value : []) as Json[];
const scopeName = (scoped: Json) => String((scoped.scope as Json | undefined)?.name ?? "");

/** The spans of a `/v1/traces` export. */
export function spansOf(body: Json): ReceivedSpan[] {
  return array(body.resourceSpans).flatMap((resource) =>
    array(resource.scopeSpans).flatMap((scoped) =>
      array(scoped.spans).map((span) => ({
        traceId: String(span.traceId ?? ""),
        spanId: String(span.spanId ?? ""),
        parentSpanId: String(span.parentSpanId ?? ""),
        name: String(span.name),
        scope: scopeName(scoped),
        attributes: attributesOf(span.attributes),
        statusCode: Number((span.status as Json | undefined)?.code ?? 0),
      }))
    )
  );
}

/** The log records of a `/v1/logs` export. */
export function logsOf(body: Json): ReceivedLog[] {
  return array(body.resourceLogs).flatMap((resource) =>
    array(resource.scopeLogs).flatMap((scoped) =>
      array(scoped.logRecords).map((record) => {
        const text = decodeValue(record.body);
        return {
          traceId: String(record.traceId ?? ""),
          spanId: String(record.spanId ?? ""),
          body: typeof text === "string" ? text : JSON.stringify(text),
          scope: scopeName(scoped),
          attributes: attributesOf(record.attributes),
        };
      })
    )
  );
}

/** The data points of a `/v1/metrics` export. */
export function pointsOf(body: Json): ReceivedPoint[] {
  return array(body.resourceMetrics).flatMap((resource) =>
    array(resource.scopeMetrics).flatMap((scoped) =>
      array(scoped.metrics).flatMap((metric) => {
        const kind = ["sum", "gauge", "histogram"].find((k) => k in metric);
        if (!kind) return [];
        return array((metric[kind] as Json).dataPoints).map((point) => ({
          metric: String(metric.name),
          scope: scopeName(scoped),
          kind,
          attributes: attributesOf(point.attributes),
          value: kind === "histogram" ? Number(point.sum ?? 0) : Number(point.asDouble ?? point.asInt ?? 0),
          count: kind === "histogram" ? Number(point.count ?? 0) : 1,
          timeUnixNano: BigInt(String(point.timeUnixNano ?? "0")),
        }));
      })
    )
  );
}

/** Whether `attributes` hold every entry of `wanted`. */
function includes(
  attributes: Readonly<Record<string, OtlpValue>>,
  wanted: Record<string, OtlpValue>,
): boolean {
  return Object.entries(wanted).every(([key, value]) => attributes[key] === value);
}

/** Starts a receiver on a free loopback port. */
export function startOtlpReceiver(): OtlpReceiver {
  const spans: ReceivedSpan[] = [];
  const logs: ReceivedLog[] = [];
  const points: ReceivedPoint[] = [];
  const rejected: string[] = [];
  const readers: Record<string, (body: Json) => void> = {
    "/v1/traces": (body) => spans.push(...spansOf(body)),
    "/v1/logs": (body) => logs.push(...logsOf(body)),
    "/v1/metrics": (body) => points.push(...pointsOf(body)),
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (request) => {
    const { pathname } = new URL(request.url);
    const read = readers[pathname];
    const type = request.headers.get("content-type") ?? "";
    if (request.method !== "POST" || !read) return new Response(null, { status: 404 });
    if (!type.startsWith("application/json")) {
      rejected.push(`${pathname}: ${type || "no content type"} (expected http/json)`);
      await request.body?.cancel();
      return new Response(null, { status: 415 });
    }
    try {
      read(await request.json());
    } catch (error) {
      rejected.push(`${pathname}: ${error}`);
      return new Response(null, { status: 400 });
    }
    // An empty ExportServiceResponse: everything accepted.
    return Response.json({});
  });
  return {
    endpoint: `http://127.0.0.1:${server.addr.port}`,
    spans,
    logs,
    points,
    rejected,
    latest(metric, attributes = {}) {
      return points
        .filter((point) => point.metric === metric && includes(point.attributes, attributes))
        .reduce<ReceivedPoint | undefined>(
          (newest, point) => (!newest || point.timeUnixNano >= newest.timeUnixNano ? point : newest),
          undefined,
        );
    },
    close: () => server.shutdown(),
  };
}

/**
 * The environment that makes a Deno process export to `receiver`: Deno's
 * own OpenTelemetry on, JSON over HTTP, metrics every `metricIntervalMs`.
 */
export function otlpEnv(receiver: OtlpReceiver, metricIntervalMs = 500): Record<string, string> {
  return {
    OTEL_DENO: "true",
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_METRIC_EXPORT_INTERVAL: String(metricIntervalMs),
    OTEL_SERVICE_NAME: "solana-diagnostics-test",
  };
}

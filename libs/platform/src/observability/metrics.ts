import * as prom from 'prom-client';

/**
 * The process's Prometheus registry (prom-client), rendered in the text exposition format at
 * GET /_metrics, with Node's default metrics (event-loop lag, GC, heap, resident memory, file
 * descriptors). Metrics are declared once, at module level, with the names of their labels:
 * `metrics.counter(name, help, ['outcome'])`.
 */
type Labels = Record<string, string>;

export class Counter {
  constructor(private readonly metric: prom.Counter<string>) {}
  inc(labels: Labels = {}, by = 1): void {
    this.metric.inc(labels, by);
  }
}

export class Gauge {
  constructor(private readonly metric: prom.Gauge<string>) {}
  set(value: number, labels: Labels = {}): void {
    this.metric.set(labels, value);
  }
}

export class Histogram {
  constructor(private readonly metric: prom.Histogram<string>) {}
  observe(value: number, labels: Labels = {}): void {
    this.metric.observe(labels, value);
  }
}

export class MetricsRegistry {
  private readonly registry = new prom.Registry();
  private readonly declared = new Map<string, Counter | Gauge | Histogram>();

  constructor() {
    prom.collectDefaultMetrics({ register: this.registry });
  }

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.declare(
      name,
      () => new Counter(new prom.Counter({ name, help, labelNames, registers: [this.registry] })),
    );
  }

  gauge(name: string, help: string, labelNames: readonly string[] = []): Gauge {
    return this.declare(name, () => new Gauge(new prom.Gauge({ name, help, labelNames, registers: [this.registry] })));
  }

  histogram(name: string, help: string, buckets?: number[], labelNames: readonly string[] = []): Histogram {
    return this.declare(
      name,
      () =>
        new Histogram(
          new prom.Histogram({ name, help, labelNames, registers: [this.registry], ...(buckets ? { buckets } : {}) }),
        ),
    );
  }

  /** The Content-Type of `render()`'s text. */
  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  private declare<T extends Counter | Gauge | Histogram>(name: string, make: () => T): T {
    const existing = this.declared.get(name);
    if (existing) return existing as T;
    const metric = make();
    this.declared.set(name, metric);
    return metric;
  }
}

export const metrics = new MetricsRegistry();

import { DomainError } from '../errors/domain-error';

/**
 * At most `size` calls at once, the rest waiting in order; past `maxWaiting` waiting, a call is
 * refused at once with 429 (Retry-After 1). Hand-written: p-limit and its kin queue without a
 * bound and cannot refuse.
 */
export class Slots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly size: number,
    private readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {}

  /** Calls running or waiting. */
  get busy(): number {
    return this.running + this.waiting.length;
  }

  async run<T>(call: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) {
      if (this.waiting.length >= this.maxWaiting) throw DomainError.throttled(1);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await call();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** `Slots` of `size` per key, each dropped when its last call ends. */
export class KeyedSlots {
  private readonly byKey = new Map<string, Slots>();

  constructor(private readonly size: number) {}

  async run<T>(key: string, call: () => Promise<T>): Promise<T> {
    let slots = this.byKey.get(key);
    if (!slots) this.byKey.set(key, (slots = new Slots(this.size)));
    try {
      return await slots.run(call);
    } finally {
      if (slots.busy === 0) this.byKey.delete(key);
    }
  }
}

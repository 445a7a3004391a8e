import { KeyedSlots, Slots } from './slots';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
const tick = () => new Promise((r) => setImmediate(r));

describe('Slots', () => {
  it('runs at most its size at once, the rest in order, and refuses past its queue', async () => {
    const slots = new Slots(2, 1);
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      slots.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    await expect(slots.run(async () => 'late')).rejects.toMatchObject({ kind: 'throttled' });
    gates[0].resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[1].resolve();
    gates[2].resolve();
    await expect(Promise.all(runs)).resolves.toEqual([0, 1, 2]);
    expect(slots.busy).toBe(0);
  });

  it('frees its slot when a call fails', async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });
});

describe('KeyedSlots', () => {
  it('bounds each key on its own and forgets idle keys', async () => {
    const slots = new KeyedSlots(1);
    const gate = deferred();
    const order: string[] = [];
    const a1 = slots.run('a', async () => {
      order.push('a1');
      await gate.promise;
    });
    const a2 = slots.run('a', async () => void order.push('a2'));
    const b1 = slots.run('b', async () => void order.push('b1'));
    await tick();
    expect(order).toEqual(['a1', 'b1']);
    gate.resolve();
    await Promise.all([a1, a2, b1]);
    expect(order).toEqual(['a1', 'b1', 'a2']);
    expect((slots as unknown as { byKey: Map<string, unknown> }).byKey.size).toBe(0);
  });
});

import { jest } from '@jest/globals';
import { EvaluationTurns } from './evaluation-turns';

describe('EvaluationTurns', () => {
  it('runs a project’s evaluations one per turn of the event loop, letting other projects in between', async () => {
    const turns = new EvaluationTurns();
    const order: string[] = [];
    const hostile = [1, 2, 3].map((n) => turns.run(1, () => order.push(`hostile ${n}`)));
    // Arrives after the hostile project's three, in a later callback of the same turn.
    const neighbour = new Promise((resolve) => setImmediate(resolve)).then(() =>
      turns.run(2, () => order.push('neighbour')),
    );
    await Promise.all([...hostile, neighbour]);
    expect(order[0]).toBe('hostile 1');
    expect(order.indexOf('neighbour')).toBeLessThan(order.indexOf('hostile 3'));
  });

  it('hands the turn on when an evaluation throws', async () => {
    const turns = new EvaluationTurns();
    const failed = turns.run(1, () => {
      throw new Error('boom');
    });
    const next = turns.run(1, () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });

  it('gives every waiting request of a project its turn, one per turn of the loop', async () => {
    const turns = new EvaluationTurns();
    const order: number[] = [];
    await Promise.all(Array.from({ length: 20 }, (_, n) => turns.run(1, () => order.push(n))));
    expect(order).toHaveLength(20);
    expect(new Set(order).size).toBe(20);
  });

  it('wakes each waiting request once, in arrival order (one turn scheduled per turn, not one per waiter)', async () => {
    const turns = new EvaluationTurns();
    const immediates = jest.spyOn(global, 'setImmediate');
    const order: number[] = [];
    try {
      await Promise.all(Array.from({ length: 50 }, (_, n) => turns.run(1, () => order.push(n))));
      expect(order).toEqual(Array.from({ length: 50 }, (_, n) => n));
      // 50 turns (and the one that ends the last): looking again at every turn cost 1,275
      expect(immediates.mock.calls.length).toBeLessThanOrEqual(51);
    } finally {
      immediates.mockRestore();
    }
  });

  it('costs a project alone no turn when nothing waits', async () => {
    const turns = new EvaluationTurns();
    let ran = false;
    const done = turns.run(1, () => (ran = true));
    expect(ran).toBe(true);
    await done;
  });
});

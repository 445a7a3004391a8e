import { propertiesTimeline } from './properties-timeline';

const at = (d: number) => new Date(Date.UTC(2026, 0, d));

describe('propertiesTimeline', () => {
  const events = [
    { timestamp: at(1), properties: { $set: { plan: 'free', name: 'a' } } },
    { timestamp: at(2), properties: {} },
    { timestamp: at(3), properties: { $set: { name: 'b' } } },
    { timestamp: at(4), properties: { $set: { plan: 'pro' } } },
    { timestamp: at(5), properties: { $unset: ['plan'] } },
  ];

  it('makes a point where any property changes', () => {
    const points = propertiesTimeline(events);
    expect(points.map((p) => [p.timestamp.getUTCDate(), p.properties, p.relevantEventCount])).toEqual([
      [1, { plan: 'free', name: 'a' }, 2],
      [3, { plan: 'free', name: 'b' }, 1],
      [4, { plan: 'pro', name: 'b' }, 1],
      [5, { name: 'b' }, 1],
    ]);
  });

  it('only looks at the crucial keys and starts at `from` with the state built so far', () => {
    const points = propertiesTimeline(events, { crucialKeys: ['plan'], from: at(2) });
    expect(points.map((p) => [p.timestamp.getUTCDate(), p.properties, p.relevantEventCount])).toEqual([
      [2, { plan: 'free' }, 2],
      [4, { plan: 'pro' }, 1],
      [5, {}, 1],
    ]);
  });
});

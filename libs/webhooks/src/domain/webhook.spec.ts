import { managesWebhook } from './webhook';

describe('who manages a webhook', () => {
  it('is its creator or an organization admin', () => {
    expect(managesWebhook({ createdById: 7 }, 7, false)).toBe(true);
    expect(managesWebhook({ createdById: 7 }, 8, false)).toBe(false);
    expect(managesWebhook({ createdById: 7 }, 8, true)).toBe(true);
  });

  it('leaves a webhook whose creator is unknown to the admins', () => {
    expect(managesWebhook({ createdById: null }, 7, false)).toBe(false);
    expect(managesWebhook({ createdById: null }, 7, true)).toBe(true);
  });
});

import { startTestApp, TestApp } from '../support/test-app';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('lists the bootstrap project', async () => {
    const res = await t.get('/api/projects/').expect(200);
    expect(res.body.results[0].id).toBe(t.projectId);
  });
});

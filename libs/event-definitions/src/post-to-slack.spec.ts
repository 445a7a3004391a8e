import { FailedAuthThrottle, TenancyService } from '@app/platform';
import type { DataSource, EntityManager } from 'typeorm';
import type { EventDefinitionsRepository } from './persistence/event-definitions.repository';
import { PostToSlack } from './post-to-slack';

/** PostToSlack's cache: what a change to the project or its definitions does to the next batch. */
describe('PostToSlack', () => {
  const event = { event: 'paid' };

  function setup() {
    const project = { id: 1, slackIncomingWebhook: null as string | null };
    const projects = {
      findOneBy: () => Promise.resolve({ ...project }),
      findOneByOrFail: () => Promise.resolve({ ...project }),
      update: (_where: unknown, set: Partial<typeof project>) => Promise.resolve(Object.assign(project, set)),
    };
    const ds = { getRepository: () => projects } as unknown as DataSource;
    const tenancy = new TenancyService(ds, {} as FailedAuthThrottle);
    let names: () => Promise<string[]> = () => Promise.resolve([]);
    const repo = { postToSlackNames: () => names() } as unknown as EventDefinitionsRepository;
    const post = new PostToSlack(repo, tenancy);
    return {
      tenancy,
      post,
      matching: () => post.matching(ds as unknown as EntityManager, 1, [event]),
      setNames: (next: () => Promise<string[]>) => (names = next),
    };
  }

  it("posts from the next batch once the project's Slack webhook is set, and stops once it is removed", async () => {
    const { tenancy, matching, setNames } = setup();
    setNames(() => Promise.resolve(['paid']));
    expect(await matching()).toEqual([]);
    await tenancy.updateProject(1, { slackIncomingWebhook: 'https://hooks.slack.com/services/T/B/x' });
    expect(await matching()).toEqual([event]);
    await tenancy.updateProject(1, { slackIncomingWebhook: null });
    expect(await matching()).toEqual([]);
  });

  it('does not keep an answer read before a change it was told of meanwhile', async () => {
    const { tenancy, post, matching, setNames } = setup();
    await tenancy.updateProject(1, { slackIncomingWebhook: 'https://hooks.slack.com/services/T/B/x' });
    let answer!: (names: string[]) => void;
    setNames(() => new Promise((resolve) => (answer = resolve)));
    const reading = matching();
    await new Promise((resolve) => setImmediate(resolve));
    // The definition's post_to_slack committed while the batch was reading the old names.
    setNames(() => Promise.resolve(['paid']));
    post.forget(1);
    answer([]);
    expect(await reading).toEqual([]);
    expect(await matching()).toEqual([event]);
  });
});

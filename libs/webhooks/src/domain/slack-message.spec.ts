import { personLabel, slackMessage } from './slack-message';

describe('the Slack message of a post_to_slack event', () => {
  const base = { event: 'signed_up', distinctId: 'user 1', projectId: 7, personUuid: null };

  it('names the person by name and e-mail, else e-mail, else distinct id', () => {
    expect(personLabel({ ...base, properties: { name: 'Ada', email: 'ada@example.com' } })).toBe(
      'Ada (ada@example.com)',
    );
    expect(personLabel({ ...base, properties: { email: 'ada@example.com' } })).toBe('ada@example.com');
    expect(personLabel({ ...base, properties: { first_name: 'Ada', last_name: 'L' } })).toBe('Ada L');
    expect(personLabel({ ...base, properties: null })).toBe('user 1');
  });

  it("links to the person's page in the console by uuid", () => {
    const uuid = '0192d6e4-8c1a-7c3e-9f00-00000000beef';
    const msg = slackMessage({ ...base, personUuid: uuid, properties: { name: 'Ada' } }, 'https://bunting.example.com');
    expect(msg.text).toBe(`*signed_up* by <https://bunting.example.com/project/7/persons/${uuid}|Ada>`);
  });

  it('links to the persons searched by distinct id when the person is not known, and escapes Slack markup', () => {
    const msg = slackMessage(
      { ...base, event: '<b>&', distinctId: 'a|b>c&d', properties: null },
      'https://bunting.example.com/',
    );
    expect(msg.text).toBe(
      '*&lt;b&gt;&amp;* by <https://bunting.example.com/project/7/persons?search=a%7Cb%3Ec%26d|a|b&gt;c&amp;d>',
    );
  });

  it('breaks Discord mass mentions (@everyone, @here) coming from the event or the person', () => {
    const msg = slackMessage(
      { ...base, event: 'ping @everyone', properties: { name: '@here', email: 'x@Everyone.example' } },
      'https://bunting.example.com',
    );
    expect(msg.text).not.toMatch(/@(everyone|here)/i);
    expect(msg.text).toContain('ping @\u200beveryone');
    expect(msg.text).toContain('|@\u200bhere (x@\u200bEveryone.example)>');
  });
});

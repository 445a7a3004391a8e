/**
 * The Slack message of an event whose definition has `post_to_slack` (Slack's incoming-webhook
 * body `{"text": …}`, which Discord's /slack and Teams' endpoints also take): the event, the
 * person by name, else e-mail, else distinct id, and a link to the person in the console.
 */
export interface SlackEventFacts {
  event: string;
  distinctId: string;
  projectId: number;
  /** The person's properties, when the person is known. */
  properties: Record<string, unknown> | null;
}

/**
 * Slack's mrkdwn escapes: the three characters it gives a meaning (which also stops Slack's
 * `<!channel>` mentions); and Discord's `@everyone` / `@here`, which its Slack-compatible
 * endpoint turns into mass mentions, broken by a zero-width space after the `@`.
 */
function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@(everyone|here)/gi, '@\u200b$1');
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Who the person is, in words: name, else e-mail, else the distinct id. */
export function personLabel(facts: SlackEventFacts): string {
  const p = facts.properties ?? {};
  const name = text(p.name) ?? [text(p.first_name), text(p.last_name)].filter(Boolean).join(' ');
  const email = text(p.email);
  if (name && email) return `${name} (${email})`;
  return name || email || facts.distinctId;
}

export function slackMessage(facts: SlackEventFacts, publicUrl: string): { text: string } {
  const link = `${publicUrl.replace(/\/+$/, '')}/project/${facts.projectId}/person/${encodeURIComponent(facts.distinctId)}`;
  return { text: `*${escape(facts.event)}* by <${link}|${escape(personLabel(facts))}>` };
}

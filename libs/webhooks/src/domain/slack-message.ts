/**
 * The Slack message of an event whose definition has `post_to_slack` (Slack's incoming-webhook
 * body `{"text": …}`, which Discord's /slack and Teams' endpoints also take): the event, the
 * person by name, else e-mail, else distinct id, and a link to the person in the console.
 */
export interface SlackEventFacts {
  event: string;
  distinctId: string;
  projectId: number;
  /** The person's uuid, when the person is known (the console's person page takes it). */
  personUuid: string | null;
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

/**
 * Where the console shows the person: its page (`/project/:id/persons/:uuid`), or, for a person
 * not known when the message was sent (a personless event, a lookup that took too long), the
 * persons list searched by the distinct id (`/project/:id/persons?search=…`), which finds the
 * person once there is one.
 */
export function personLink(facts: SlackEventFacts, publicUrl: string): string {
  const persons = `${publicUrl.replace(/\/+$/, '')}/project/${facts.projectId}/persons`;
  return facts.personUuid
    ? `${persons}/${encodeURIComponent(facts.personUuid)}`
    : `${persons}?search=${encodeURIComponent(facts.distinctId)}`;
}

export function slackMessage(facts: SlackEventFacts, publicUrl: string): { text: string } {
  return { text: `*${escape(facts.event)}* by <${personLink(facts, publicUrl)}|${escape(personLabel(facts))}>` };
}

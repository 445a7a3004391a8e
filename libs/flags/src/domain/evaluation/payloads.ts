/**
 * A payload as SDKs hand it to application code: stored JSON text parsed, and text that is not
 * JSON returned as it is (posthog-node does the same).
 */
export function parsePayload(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

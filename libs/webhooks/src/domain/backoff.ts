/**
 * When a delivery that failed is tried again: exponential backoff with jitter, for 24 hours.
 * Attempt n (1-based, the one that just failed) waits `base × 2^(n-1)`, at most an hour, then
 * takes a random point in the upper half of that wait ("equal jitter": never sooner than half,
 * so retries stay spread out, and never all at once after an outage). A retry that would fall
 * past the message's `retryUntil` (24 h after it was written, or after a redelivery) is not
 * made: the delivery has failed.
 */

/** How long after a message is written (or redelivered) it is still retried. */
export const RETRY_WINDOW_MS = 24 * 3600 * 1000;
/** The longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 3600 * 1000;

/** The wait after attempt `attempt` failed, before jitter. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  const exponent = Math.min(Math.max(attempt, 1) - 1, 40);
  return Math.min(baseMs * 2 ** exponent, MAX_RETRY_DELAY_MS);
}

/**
 * When to try again after attempt `attempt` failed at `now`, or null when the retry window is
 * over. `random` is in [0, 1) (Math.random in production; fixed in tests).
 */
export function nextAttemptAt(
  attempt: number,
  now: Date,
  retryUntil: Date,
  baseMs: number,
  random: number = Math.random(),
): Date | null {
  const delay = retryDelayMs(attempt, baseMs);
  const jittered = delay / 2 + (delay / 2) * random;
  const at = new Date(now.getTime() + Math.round(jittered));
  return at.getTime() > retryUntil.getTime() ? null : at;
}

/**
 * How long a receiver is left alone after `timeouts` consecutive rounds in which it did not
 * answer within WEBHOOK_TIMEOUT_MS: the first retry's wait, doubled for each further round, at
 * most an hour. Its messages wait meanwhile (each keeps its own retry window), so a receiver that
 * hangs holds a delivery slot once per round, not once per message.
 */
export function receiverDeferralMs(timeouts: number, baseMs: number): number {
  return retryDelayMs(timeouts, baseMs);
}

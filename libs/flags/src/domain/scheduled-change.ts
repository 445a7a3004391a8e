import { DomainError } from '@app/platform/errors/domain-error';
import { CronTime } from 'cron';

/** What a scheduled change can do to a flag (PostHog's operations). */
export const SCHEDULED_OPERATIONS = ['update_status', 'add_release_condition', 'update_variants'] as const;
export type ScheduledOperation = (typeof SCHEDULED_OPERATIONS)[number];

export const RECURRENCE_INTERVALS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type RecurrenceInterval = (typeof RECURRENCE_INTERVALS)[number];

/** The models a change may target; PostHog supports flags only. */
export const SCHEDULED_MODELS = ['FeatureFlag'] as const;

/**
 * Pending changes (not yet over: one-time ones not run, recurring ones not ended) a project may
 * hold: enough for a daily on and off on hundreds of flags, and a bound on what one project puts
 * in front of the runner.
 */
export const MAX_PENDING_SCHEDULED_CHANGES = 1000;

/**
 * A recurring change runs at most once an hour. PostHog's named intervals are daily at the
 * finest; its cron expressions have no bound, this one keeps a `* * * * *` from making a flag
 * change (a version bump, an activity entry, a webhook) every minute.
 */
export const MIN_RECURRENCE_MINUTES = 60;

/** Longest cron expression kept (the column's width). */
const MAX_CRON_LENGTH = 100;

export interface ScheduledPayload {
  operation: ScheduledOperation;
  value: unknown;
}

export interface ScheduledChange {
  id: number;
  projectId: number;
  recordId: string;
  modelName: string;
  payload: ScheduledPayload;
  scheduledAt: Date;
  executedAt: Date | null;
  failureReason: string | null;
  failureCount: number;
  isRecurring: boolean;
  recurrenceInterval: RecurrenceInterval | null;
  cronExpression: string | null;
  lastExecutedAt: Date | null;
  endDate: Date | null;
  createdById: number | null;
  /**
   * Who the change runs as: its creator, or whoever saved it last (its creator or an
   * organization admin); null once that user is gone (the change then fails).
   */
  runAsId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The schedule fields a client sends (absent = unchanged on PATCH). */
export interface ScheduleInput {
  record_id?: string | number;
  model_name?: string;
  payload?: Record<string, unknown>;
  scheduled_at?: string;
  is_recurring?: boolean;
  recurrence_interval?: string | null;
  cron_expression?: string | null;
  end_date?: string | null;
}

/** The stored fields a create or a PATCH results in. */
export type ScheduleFields = Pick<
  ScheduledChange,
  | 'recordId'
  | 'modelName'
  | 'payload'
  | 'scheduledAt'
  | 'isRecurring'
  | 'recurrenceInterval'
  | 'cronExpression'
  | 'endDate'
>;

/** The part of a flag an operation reads to build its change. */
export interface FlagState {
  active: boolean;
  filters: Record<string, unknown>;
}

const invalid = (detail: string, attr: string) => DomainError.invalid(detail, attr);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function date(value: string, attr: string): Date {
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value) || Number.isNaN(at.getTime())) {
    throw invalid('Datetime has wrong format. Use ISO 8601, e.g. 2026-06-01T14:00:00Z.', attr);
  }
  return at;
}

/** The payload's shape: an operation PostHog knows and a value of the type it takes. */
export function checkPayload(payload: unknown): ScheduledPayload {
  if (!isObject(payload) || !('operation' in payload) || !('value' in payload)) {
    throw invalid("The payload must have an 'operation' and a 'value'.", 'payload');
  }
  const { operation, value } = payload;
  if (!SCHEDULED_OPERATIONS.includes(operation as ScheduledOperation)) {
    throw invalid(
      `Unrecognized operation: ${String(operation)} (one of ${SCHEDULED_OPERATIONS.join(', ')}).`,
      'payload',
    );
  }
  if (operation === 'update_status' && typeof value !== 'boolean') {
    throw invalid('update_status takes true or false.', 'payload');
  }
  if (operation === 'add_release_condition' && !(isObject(value) && Array.isArray(value.groups))) {
    throw invalid('add_release_condition takes an object with a list of groups.', 'payload');
  }
  if (operation === 'update_variants') {
    if (!isObject(value) || !Array.isArray(value.variants)) {
      throw invalid('update_variants takes an object with a list of variants.', 'payload');
    }
    if (value.payloads !== undefined && !isObject(value.payloads)) {
      throw invalid('update_variants payloads must be an object.', 'payload');
    }
  }
  return { operation: operation as ScheduledOperation, value };
}

/**
 * A create (`current` undefined) or a PATCH of `current`, checked in PostHog's order: the fields,
 * then the schedule's rules (target fixed once made, cron xor interval, recurring needs one,
 * only update_status recurs, end after start). `now` refuses a past `scheduled_at`.
 */
export function checkSchedule(input: ScheduleInput, now: Date, current?: ScheduledChange): ScheduleFields {
  if (current && current.executedAt !== null && !current.isRecurring) {
    throw invalid('Cannot modify a scheduled change that has already executed.', 'non_field_errors');
  }
  let recordId = current?.recordId;
  if (input.record_id !== undefined) {
    recordId = String(input.record_id).trim();
    if (recordId === '' || recordId.length > 200)
      throw invalid('Ensure this field has at most 200 characters.', 'record_id');
    if (current && recordId !== current.recordId) {
      throw invalid('Cannot change the target record of an existing scheduled change.', 'record_id');
    }
  }
  if (recordId === undefined) throw DomainError.required('record_id');
  let modelName = current?.modelName;
  if (input.model_name !== undefined) {
    if (!SCHEDULED_MODELS.includes(input.model_name as 'FeatureFlag')) {
      throw invalid(`"${input.model_name}" is not a valid choice.`, 'model_name');
    }
    if (current && input.model_name !== current.modelName) {
      throw invalid('Cannot change the model type of an existing scheduled change.', 'model_name');
    }
    modelName = input.model_name;
  }
  if (modelName === undefined) throw DomainError.required('model_name');
  const payload = input.payload !== undefined ? checkPayload(input.payload) : current?.payload;
  if (payload === undefined) throw DomainError.required('payload');
  let scheduledAt = current?.scheduledAt;
  if (input.scheduled_at !== undefined) {
    scheduledAt = date(input.scheduled_at, 'scheduled_at');
    if (scheduledAt.getTime() <= now.getTime())
      throw invalid('The scheduled time must be in the future.', 'scheduled_at');
  }
  if (scheduledAt === undefined) throw DomainError.required('scheduled_at');
  const isRecurring = input.is_recurring ?? current?.isRecurring ?? false;
  let recurrenceInterval = current?.recurrenceInterval ?? null;
  if (input.recurrence_interval !== undefined) {
    if (
      input.recurrence_interval !== null &&
      !RECURRENCE_INTERVALS.includes(input.recurrence_interval as RecurrenceInterval)
    ) {
      throw invalid(`Must be one of: ${RECURRENCE_INTERVALS.join(', ')}`, 'recurrence_interval');
    }
    recurrenceInterval = input.recurrence_interval as RecurrenceInterval | null;
  }
  let endDate = current?.endDate ?? null;
  if (input.end_date !== undefined) endDate = input.end_date === null ? null : date(input.end_date, 'end_date');
  const cronExpression =
    input.cron_expression !== undefined ? input.cron_expression?.trim() || null : (current?.cronExpression ?? null);

  if (cronExpression && recurrenceInterval) {
    throw invalid('Cannot set both cron_expression and recurrence_interval. Use one or the other.', 'cron_expression');
  }
  if (cronExpression) checkCron(cronExpression, scheduledAt);
  if (isRecurring) {
    if (!recurrenceInterval && !cronExpression) {
      throw invalid(
        'Either recurrence_interval or cron_expression is required when is_recurring is true.',
        'recurrence_interval',
      );
    }
    if (payload.operation === 'add_release_condition') {
      throw invalid(
        'Recurring schedules are not supported for add_release_condition because it appends conditions on each run, creating duplicates.',
        'payload',
      );
    }
  }
  if (!current && !isRecurring) {
    if (recurrenceInterval) {
      throw invalid(
        'Cannot set recurrence_interval when is_recurring is false for new schedules.',
        'recurrence_interval',
      );
    }
    if (cronExpression) {
      throw invalid('Cannot set cron_expression when is_recurring is false for new schedules.', 'cron_expression');
    }
  }
  if (endDate && endDate.getTime() <= scheduledAt.getTime()) {
    throw invalid('End date must be after the scheduled start date.', 'end_date');
  }
  return { recordId, modelName, payload, scheduledAt, isRecurring, recurrenceInterval, cronExpression, endDate };
}

function checkCron(expression: string, from: Date): void {
  if (expression.length > MAX_CRON_LENGTH) {
    throw invalid(`Ensure this field has at most ${MAX_CRON_LENGTH} characters.`, 'cron_expression');
  }
  if (expression.split(/\s+/).length !== 5) {
    throw invalid(
      "Only standard 5-field cron expressions are supported (minute hour day month weekday). Example: '0 9 * * 1-5'.",
      'cron_expression',
    );
  }
  let cron: CronTime;
  try {
    cron = new CronTime(expression, 'UTC');
  } catch {
    throw invalid(
      "Invalid cron expression. Use standard 5-field cron syntax (e.g., '0 9 * * 1-5').",
      'cron_expression',
    );
  }
  // An hour that fires fires every minute the minute field names, so an expression runs more often
  // than hourly exactly when it names several minutes, and then two of any three firings in a row
  // fall in one hour: the first three firings tell. (The cron package gives up on a firing more
  // than 8 years on, which it meets on some leap days: past the first, that is rare enough.)
  const firings: number[] = [];
  try {
    let at = from;
    for (let i = 0; i < 3; i++) {
      at = cron.getNextDateFrom(at).toJSDate();
      firings.push(at.getTime());
    }
  } catch {
    if (firings.length === 0) throw invalid('This cron expression never runs.', 'cron_expression');
  }
  const minGap = MIN_RECURRENCE_MINUTES * 60_000;
  if (firings.some((at, i) => i > 0 && at - firings[i - 1] < minGap)) {
    throw invalid(
      "A schedule may run at most once an hour: give the minute field one value (e.g. '0 * * * *').",
      'cron_expression',
    );
  }
}

/**
 * Who may edit or delete a scheduled change: the user who scheduled it, or an admin or owner of
 * the organization. Anyone else could otherwise rewrite a change that then runs as its author.
 */
export function checkCanManage(change: Pick<ScheduledChange, 'createdById'>, userId: number, isAdmin: boolean): void {
  if (isAdmin || (change.createdById !== null && change.createdById === userId)) return;
  throw DomainError.forbidden(
    'Only the user who scheduled it or an organization admin can edit or delete this scheduled change.',
  );
}

/** A change's fields as its activity entries show them (`run_as`: the id of the user it runs as). */
export function scheduleSnapshot(change: ScheduleFields & Pick<ScheduledChange, 'runAsId'>): Record<string, unknown> {
  return {
    payload: change.payload,
    scheduled_at: change.scheduledAt.toISOString(),
    is_recurring: change.isRecurring,
    recurrence_interval: change.recurrenceInterval,
    cron_expression: change.cronExpression,
    end_date: change.endDate === null ? null : change.endDate.toISOString(),
    run_as: change.runAsId,
  };
}

export const SCHEDULE_ACTIVITY_FIELDS = [
  'payload',
  'scheduled_at',
  'is_recurring',
  'recurrence_interval',
  'cron_expression',
  'end_date',
  'run_as',
] as const;

/**
 * The flag fields an operation sets, from the flag as it is when the change runs (PostHog's
 * `build_scheduled_change_serializer_data`): the status; the conditions with the new ones
 * appended; the variants and payloads replaced, the variants' rollouts summing to 100.
 */
export function flagChangeOf(
  flag: FlagState,
  payload: ScheduledPayload,
): { active?: boolean; filters?: Record<string, unknown> } {
  const { operation, value } = checkPayload(payload);
  if (operation === 'update_status') return { active: value as boolean };
  const filters = flag.filters;
  const v = value as Record<string, unknown>;
  if (operation === 'add_release_condition') {
    const groups = Array.isArray(filters.groups) ? filters.groups : [];
    return { filters: { ...filters, groups: [...groups, ...(v.groups as unknown[])] } };
  }
  const variants = v.variants as Array<Record<string, unknown>>;
  if (variants.length > 0) {
    const total = variants.reduce((sum, variant) => sum + (Number(variant?.rollout_percentage) || 0), 0);
    if (total !== 100) throw invalid(`Invalid variant rollout percentages: sum is ${total}, must be 100`, 'payload');
  }
  const payloads = isObject(v.payloads) ? v.payloads : {};
  const keys = new Set(variants.map((variant) => variant?.key));
  const stray = Object.keys(payloads).filter((k) => !keys.has(k));
  if (stray.length > 0 && keys.size > 0) {
    throw invalid(`Payload keys ${stray.join(', ')} don't match variant keys ${[...keys].join(', ')}`, 'payload');
  }
  const multivariate = isObject(filters.multivariate) ? filters.multivariate : {};
  return { filters: { ...filters, multivariate: { ...multivariate, variants }, payloads } };
}

const addMonths = (at: Date, months: number) => {
  const next = new Date(at);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
};

/**
 * When a recurring change runs next after running at `ranAt`: its interval added to its
 * schedule until past `ranAt` (runs missed while nothing ran are not made up), or its cron's
 * next firing (UTC); null when that is past `end_date` (the schedule is over).
 */
export function nextOccurrence(change: ScheduledChange, ranAt: Date): Date | null {
  let next: Date;
  if (change.cronExpression) {
    next = new CronTime(change.cronExpression, 'UTC').getNextDateFrom(ranAt).toJSDate();
  } else {
    const step = (at: Date): Date => {
      switch (change.recurrenceInterval) {
        case 'daily':
          return new Date(at.getTime() + 86_400_000);
        case 'weekly':
          return new Date(at.getTime() + 7 * 86_400_000);
        case 'monthly':
          return addMonths(at, 1);
        default:
          return addMonths(at, 12);
      }
    };
    next = step(change.scheduledAt);
    while (next.getTime() <= ranAt.getTime()) next = step(next);
  }
  return change.endDate && next.getTime() > change.endDate.getTime() ? null : next;
}

/** Who made an activity entry's change when a job did it for a user (PostHog's `Trigger`). */
export interface ActivityTrigger {
  job_type: string;
  job_id: string;
  payload: unknown;
}

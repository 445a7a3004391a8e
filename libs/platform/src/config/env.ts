import 'reflect-metadata';
import { Expose, plainToInstance, Transform } from 'class-transformer';
import express from 'express';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min, ValidateBy, validateSync } from 'class-validator';
import { cronProblem, isTimeZone } from '../scheduling/cron-expression';

/**
 * Env schemas are classes whose property names ARE the variable names, so every validation
 * message names the variable. `loadConfig` is the only place that reads `process.env`-like maps.
 * Hand-written on class-validator (which the HTTP inputs use too): @nestjs/config would add a
 * second schema language and name fields, not variables, in its messages.
 */

export function EnvString(): PropertyDecorator {
  return (target, key) => {
    Expose()(target, key);
    IsString()(target, key);
  };
}

export function EnvInt(min: number, max = Number.MAX_SAFE_INTEGER): PropertyDecorator {
  return (target, key) => {
    Expose()(target, key);
    Transform(({ value }) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value))(
      target,
      key,
    );
    IsInt({ message: `${String(key)} must be an integer` })(target, key);
    Min(min, { message: `${String(key)} must be at least ${min}` })(target, key);
    Max(max, { message: `${String(key)} must be at most ${max}` })(target, key);
  };
}

export function EnvBoolean(): PropertyDecorator {
  return (target, key) => {
    Expose()(target, key);
    Transform(({ value }) => {
      if (typeof value !== 'string') return value;
      const v = value.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(v)) return true;
      if (['false', '0', 'no', 'off'].includes(v)) return false;
      return value;
    })(target, key);
    IsBoolean({ message: `${String(key)} must be true or false` })(target, key);
  };
}

export function EnvEnum(values: readonly string[]): PropertyDecorator {
  return (target, key) => {
    Expose()(target, key);
    IsIn(values as string[], { message: `${String(key)} must be one of: ${values.join(', ')}` })(target, key);
  };
}

/**
 * A five-field cron expression, or empty to turn the schedule off (list the variable in the
 * schema's `keepEmpty`, or empty means the default). Refuses six fields (seconds), malformed
 * fields and expressions that never fire.
 */
export function EnvCron(): PropertyDecorator {
  return (target, key) => {
    Expose()(target, key);
    Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))(target, key);
    ValidateBy({
      name: 'isCronExpression',
      validator: {
        validate: (value) => typeof value === 'string' && (value === '' || cronProblem(value) === undefined),
        defaultMessage: (args) =>
          `${String(key)} ${typeof args?.value === 'string' ? cronProblem(args.value) : 'must be a cron expression'}`,
      },
    })(target, key);
  };
}

/** An IANA time zone name (UTC, Europe/Paris, America/New_York …). */
export function EnvTimeZone(): PropertyDecorator {
  return (target, key) => {
    Expose()(target, key);
    ValidateBy({
      name: 'isTimeZone',
      validator: {
        validate: (value) => typeof value === 'string' && isTimeZone(value),
        defaultMessage: (args) =>
          `${String(key)} must be a time zone such as UTC or Europe/Paris, got "${String(args?.value)}"`,
      },
    })(target, key);
  };
}

/**
 * Express's `trust proxy` setting: `true`/`false`, a number of hops, or addresses, CIDRs and the
 * names loopback/linklocal/uniquelocal, comma-separated. Express compiles it once here, so a bad
 * address stops the start with a message instead of at the first request.
 */
export function EnvTrustProxy(): PropertyDecorator {
  return (target, key) => {
    Expose()(target, key);
    Transform(({ value }) => {
      if (typeof value !== 'string') return value;
      const v = value.trim();
      if (/^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
      return /^\d+$/.test(v) ? Number(v) : v;
    })(target, key);
    ValidateBy({
      name: 'isTrustProxy',
      validator: {
        validate: (value) => {
          if (typeof value === 'boolean' || (typeof value === 'number' && Number.isSafeInteger(value))) return true;
          if (typeof value !== 'string' || value === '') return false;
          try {
            express().set('trust proxy', value);
            return true;
          } catch {
            return false;
          }
        },
        defaultMessage: () =>
          `${String(key)} must be true, false, a number of hops, or addresses/CIDRs (or loopback, linklocal, uniquelocal), comma-separated`,
      },
    })(target, key);
  };
}

export function EnvOptional(): PropertyDecorator {
  return IsOptional();
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Validates `env` against `schema`. Empty values count as unset (so the default applies), except
 * for the variables a schema lists in `static keepEmpty`, where empty has a meaning of its own.
 */
export function loadConfig<T extends object>(
  schema: (new () => T) & { keepEmpty?: readonly string[] },
  env: Record<string, string | undefined>,
): T {
  const keepEmpty = new Set(schema.keepEmpty ?? []);
  const plain: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) continue;
    if (v === '' && !keepEmpty.has(k)) continue;
    plain[k] = v;
  }
  const defaults = new schema();
  const instance = plainToInstance(schema, plain, { excludeExtraneousValues: true, exposeDefaultValues: true });
  for (const [k, v] of Object.entries(instance)) {
    if (v === undefined && (defaults as Record<string, unknown>)[k] !== undefined) {
      (instance as Record<string, unknown>)[k] = (defaults as Record<string, unknown>)[k];
    }
  }
  const errors = validateSync(instance, { stopAtFirstError: true });
  if (errors.length > 0) {
    const lines = errors.map((e) => {
      const message = Object.values(e.constraints ?? {})[0] ?? 'is invalid';
      return message.startsWith(e.property) ? message : `${e.property} ${message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  - ${lines.join('\n  - ')}`);
  }
  return instance;
}

import { ArgumentMetadata, Injectable, PipeTransform, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage, ValidationError } from 'class-validator';
import { DomainError } from '../errors/domain-error';

const PRESENCE = new Set(['isDefined', 'isNotEmpty', 'isNotEmptyObject']);

function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (value === null) return 'null';
  return typeof value === 'object'
    ? 'dict'
    : typeof value === 'number'
      ? Number.isInteger(value)
        ? 'int'
        : 'float'
      : typeof value;
}

// A wrong type is reported before any other rule of the field, in DRF's words.
const TYPE_MESSAGES: Record<string, (value: unknown) => string> = {
  isString: () => 'Not a valid string.',
  isBoolean: () => 'Must be a valid boolean.',
  isInt: () => 'A valid integer is required.',
  isNumber: () => 'A valid number is required.',
  isArray: (v) => `Expected a list of items but got type "${jsonType(v)}".`,
  isObject: (v) => `Expected a dictionary of items but got type "${jsonType(v)}".`,
};

/**
 * The first failing field as PostHog reports it: nested fields joined with `__`, `required` for
 * a missing field, `null` for a null one, `invalid_input` (or the constraint's own code) otherwise.
 */
export function firstValidationError(errors: ValidationError[], path: string[] = []): DomainError {
  const first = errors[0];
  const here = [...path, first.property];
  if (!first.constraints && first.children && first.children.length > 0) {
    return firstValidationError(first.children, here);
  }
  const attr = here.join('__');
  if (first.value === undefined) return DomainError.required(attr);
  if (first.value === null) return DomainError.invalid('This field may not be null.', attr, 'null');
  const constraints = Object.entries(first.constraints ?? {});
  const typeError = constraints.find(([n]) => n in TYPE_MESSAGES);
  if (typeError) return DomainError.invalid(TYPE_MESSAGES[typeError[0]](first.value), attr);
  const [name, message] = constraints[0] ?? ['invalid', 'Invalid value.'];
  const code = first.contexts?.[name]?.code as string | undefined;
  return DomainError.invalid(message, attr, code ?? (PRESENCE.has(name) ? 'required' : 'invalid_input'));
}

/** Deeper bodies are refused: the transform below recurses and would overflow the stack (a 500). */
export const MAX_BODY_DEPTH = 100;

/**
 * The top-level field of `body` under which objects/arrays nest more than `max` levels deep, or
 * undefined when none does (checked without recursion).
 */
export function fieldNestedDeeperThan(body: object, max: number): string | undefined {
  const stack: Array<[unknown, number, string]> = Object.entries(body).map(([k, v]) => [v, 1, k]);
  while (stack.length > 0) {
    const [v, depth, field] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return field;
    for (const child of Object.values(v)) stack.push([child, depth + 1, field]);
  }
  return undefined;
}

type RuleStorage = ReturnType<typeof getMetadataStorage>;
type Rules = ReturnType<RuleStorage['getTargetValidationMetadatas']>;
const RULES_CACHED = Symbol('bunting.rulesCached');

/**
 * class-validator resolves a class's rules on every `validate()` by testing the class against every
 * decorated class of the app (typestack/class-validator#2686): 12 % of a definitions 304's CPU
 * samples were in `validate`, 3.6 % with this. A class's rules change only when a decorator
 * registers one, so they are kept per class and arguments, and all forgotten at each registration.
 */
export function cacheValidationRules(storage: RuleStorage = getMetadataStorage()): void {
  const marked = storage as RuleStorage & { [RULES_CACHED]?: true };
  if (marked[RULES_CACHED]) return;
  marked[RULES_CACHED] = true;
  const resolve = storage.getTargetValidationMetadatas.bind(storage);
  const register = storage.addValidationMetadata.bind(storage);
  let cache = new WeakMap<object, Map<string, Rules>>();
  storage.addValidationMetadata = (metadata) => {
    cache = new WeakMap();
    register(metadata);
  };
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    // a value's own `constructor` key can make the target anything: only classes are kept
    if (typeof target !== 'function') return resolve(target, schema, always, strictGroups, groups);
    const key =
      groups === undefined
        ? `${schema}|${always}|${strictGroups}`
        : JSON.stringify([schema, always, strictGroups, groups]);
    let byArgs = cache.get(target);
    if (!byArgs) cache.set(target, (byArgs = new Map()));
    let rules = byArgs.get(key);
    if (!rules) byArgs.set(key, (rules = resolve(target, schema, always, strictGroups, groups)));
    return rules;
  };
}

/**
 * Request DTOs: unknown fields are dropped (never applied), types are not coerced (a string where
 * a boolean belongs is a 400), and a body that is not a JSON object is refused before any field.
 * A wrapper around Nest's ValidationPipe, not a replacement: no option of it reports PostHog's
 * first error in DRF's words.
 */
@Injectable()
export class RequestValidationPipe implements PipeTransform {
  constructor() {
    cacheValidationRules();
  }

  private readonly inner = new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: false,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => firstValidationError(errors),
  });

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // Path parameters arrive as text and are read by their own pipes (SerialIdPipe): Nest's
    // implicit Number() would take `1e3` or ` 12` for an id.
    if (metadata.type === 'param') return value;
    if (
      metadata.type === 'body' &&
      metadata.metatype &&
      metadata.metatype !== Object &&
      typeof metadata.metatype === 'function'
    ) {
      if (value === undefined) value = {};
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw DomainError.invalid('Invalid data. Expected a dictionary (JSON object).', null, 'parse_error');
      }
      const tooDeep = fieldNestedDeeperThan(value as object, MAX_BODY_DEPTH);
      if (tooDeep !== undefined) {
        throw DomainError.invalid(`Nested more than ${MAX_BODY_DEPTH} levels deep.`, tooDeep, 'too_deep');
      }
    }
    return this.inner.transform(value, metadata);
  }
}

import { IsString } from 'class-validator';
import { DomainError } from '../errors/domain-error';
import { fieldNestedDeeperThan, MAX_BODY_DEPTH, RequestValidationPipe } from './validation.pipe';

class NameDto {
  @IsString() name: string;
}

function nested(depth: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { v };
  return v;
}

describe('RequestValidationPipe', () => {
  const pipe = new RequestValidationPipe();
  const transform = (value: unknown) => pipe.transform(value, { type: 'body', metatype: NameDto });

  it('refuses a body nested deeper than the limit with a 400 instead of overflowing the stack', async () => {
    const error = await transform({ name: 'a', extra: nested(5000) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'invalid', code: 'too_deep', attr: 'extra' });
  });

  it('accepts bodies within the limit', async () => {
    await expect(transform({ name: 'a', extra: nested(MAX_BODY_DEPTH - 2) })).resolves.toMatchObject({ name: 'a' });
  });

  it('measures depth without recursion and names the field', () => {
    expect(fieldNestedDeeperThan({ a: nested(100_000) }, 100)).toBe('a');
    expect(fieldNestedDeeperThan({ a: 1, b: nested(2) }, 3)).toBeUndefined();
    expect(fieldNestedDeeperThan({ a: 1, b: nested(3) }, 3)).toBe('b');
    expect(fieldNestedDeeperThan({}, 0)).toBeUndefined();
  });
});

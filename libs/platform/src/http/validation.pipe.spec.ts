import { getMetadataStorage, IsInt, IsString, MetadataStorage } from 'class-validator';
import { DomainError } from '../errors/domain-error';
import { fieldNestedDeeperThan, MAX_BODY_DEPTH, RequestValidationPipe } from './validation.pipe';

class LabelDto {
  @IsString() label: string;
}

class PairDto extends LabelDto {
  @IsInt() count: number;
}

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

  it('resolves the rules of a class once, with its inherited ones, and anew after a decorator registers one', async () => {
    const storage = getMetadataStorage();
    const resolved = () => storage.getTargetValidationMetadatas(PairDto, '', false, false);
    // kept: the same rules, not a new scan of every decorated class
    expect(resolved()).toBe(resolved());
    // and what class-validator itself resolves
    const own = MetadataStorage.prototype.getTargetValidationMetadatas.call(storage, PairDto, '', false, false);
    expect(
      resolved()
        .map((m) => m.propertyName)
        .sort(),
    ).toEqual(own.map((m) => m.propertyName).sort());
    expect(own.map((m) => m.propertyName).sort()).toEqual(['count', 'label']);

    const checked = (value: unknown) => pipe.transform(value, { type: 'body', metatype: PairDto });
    await expect(checked({ label: 'a', count: 1, note: 2 })).resolves.toEqual({ label: 'a', count: 1 });
    IsString()(PairDto.prototype, 'note');
    expect(resolved().map((m) => m.propertyName)).toContain('note');
    await expect(checked({ label: 'a', count: 1, note: 2 })).rejects.toMatchObject({ attr: 'note' });
  });

  it('resolves nothing, without failing, for a target that is not a class (a value can own `constructor`)', () => {
    const storage = getMetadataStorage();
    expect(storage.getTargetValidationMetadatas('x' as never, '', false, false)).toEqual([]);
  });
});

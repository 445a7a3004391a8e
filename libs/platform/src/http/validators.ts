import { applyDecorators, Injectable, PipeTransform } from '@nestjs/common';
import { Expose, Transform } from 'class-transformer';
import { ValidateBy, ValidateIf } from 'class-validator';
import { DomainError } from '../errors/domain-error';

/**
 * A request field that may be left out but, when present, must pass its other rules — `null`
 * included (class-validator's IsOptional would let `null` through unchecked).
 */
export const IsOmittable = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);

/** A parse that failed, held until validation reports it in the class's field order. */
class RejectedQueryValue {
  constructor(readonly error: DomainError) {}
}

/**
 * A query parameter of a query DTO, read by `parse` from what arrived (a string, a list when
 * the parameter is repeated, undefined when absent) into the field's value. `parse` throws the
 * `DomainError` a bad value deserves; the first failing field in declaration order is reported,
 * whatever order the client wrote the parameters in, so declare them in the order PostHog
 * checks them. Absent parameters are parsed too (defaults, `required`).
 */
export function QueryParam<T>(parse: (raw: unknown, name: string) => T): PropertyDecorator {
  return applyDecorators(
    Expose(),
    Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
      try {
        return parse(Object.hasOwn(obj, key) ? obj[key] : undefined, key);
      } catch (e) {
        if (e instanceof DomainError) return new RejectedQueryValue(e);
        throw e;
      }
    }),
    ValidateBy({
      name: 'queryParam',
      validator: {
        validate: (value: unknown) => {
          if (value instanceof RejectedQueryValue) throw value.error;
          return true;
        },
      },
    }),
  );
}

/** Ids of serial (int4) rows: a positive int4 in decimal; anything else names no row (404). */
@Injectable()
export class SerialIdPipe implements PipeTransform<string, number> {
  transform(id: string): number {
    if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > 2_147_483_647) throw DomainError.notFound();
    return Number(id);
  }
}

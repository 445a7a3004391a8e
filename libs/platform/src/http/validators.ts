import { ValidateIf } from 'class-validator';

/**
 * A request field that may be left out but, when present, must pass its other rules — `null`
 * included (class-validator's IsOptional would let `null` through unchecked).
 */
export const IsOmittable = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);

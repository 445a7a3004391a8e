import { FORMAT_DESCRIPTION } from '@app/persons';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/** Values of a person property. */
export class PropertyValuesQueryDto {
  @Allow()
  @ApiPropertyOptional({ enum: ['json', 'csv'], description: FORMAT_DESCRIPTION })
  format?: string;

  /** The person property (no key: an empty list). */
  @Allow()
  key?: string;

  /** Only values containing this (any case). */
  @Allow()
  value?: string;

  /** Default 100, at most 1000. */
  @Allow()
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  limit?: string;

  @Allow()
  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  offset?: string;

  /** Checked as on the persons lists (given once); it does not narrow the values. */
  @Allow()
  search?: string;
}

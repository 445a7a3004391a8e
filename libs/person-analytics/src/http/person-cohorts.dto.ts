import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

export class PersonCohortsQueryDto {
  /** The person: integer id or uuid. */
  @Allow()
  @ApiProperty({ type: String })
  person_id: string;
}

import {
  ANY_JSON,
  CurrentActor,
  CurrentProject,
  DomainError,
  ErrorEnvelope,
  IsOmittable,
  RequireScopes,
  SerialIdPipe,
} from '@app/platform';
import type { Actor, ProjectAccess } from '@app/platform';
import { Body, Controller, Get, HttpCode, Injectable, Param, PipeTransform, Post } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IsInt } from 'class-validator';
import type { EvaluationRuntime } from '../domain/evaluation-runtime';
import type { Flag } from '../domain/flag';
import type { FlagAtVersion } from '../domain/flag-versions';
import { FlagsService } from '../flags.service';
import { FlagDto, toFlagDto } from './flags.dto';

/** A version number in a path: a positive int4; anything else names no version. */
@Injectable()
export class FlagVersionPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
      throw DomainError.notFound(`Version ${value} not found.`);
    }
    return Number(value);
  }
}

/** A flag as it was at one version (PostHog's `versions/{version_number}` response). */
export class FlagVersionDto {
  @ApiProperty() id: number;
  @ApiProperty() key: string;
  @ApiProperty() name: string;
  @ApiProperty(ANY_JSON) filters: unknown;
  @ApiProperty() active: boolean;
  @ApiProperty() deleted: boolean;
  @ApiProperty() version: number;
  @ApiProperty() ensure_experience_continuity: boolean;
  @ApiProperty({ ...ANY_JSON, nullable: true }) rollback_conditions: unknown;
  @ApiProperty() performed_rollback: boolean;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty() has_enriched_analytics: boolean;
  @ApiProperty({ type: [Number] }) analytics_dashboards: number[];
  @ApiProperty({ enum: ['server', 'client', 'all'], nullable: true })
  evaluation_runtime: EvaluationRuntime | null;
  @ApiProperty({ type: [String] }) evaluation_contexts: string[];
  @ApiProperty() is_remote_configuration: boolean;
  @ApiProperty() has_encrypted_payloads: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: Number, nullable: true, description: 'The id of the user who created the flag.' })
  created_by: number | null;
  @ApiProperty({ description: 'False for the current version.' }) is_historical: boolean;
  @ApiProperty({ format: 'date-time', description: 'When this version was made.' }) version_timestamp: string;
  @ApiProperty({ type: Number, nullable: true, description: 'The id of the user who made this version.' })
  modified_by: number | null;
}

export class RestoreVersionDto {
  @ApiPropertyOptional({ description: 'The version you last read; another current version is a 409.' })
  @IsOmittable()
  @IsInt()
  version?: number;
}

function toFlagVersionDto(flag: Flag, at: FlagAtVersion): FlagVersionDto {
  const f = at.fields;
  return {
    id: flag.id,
    key: f.key as string,
    name: f.name as string,
    filters: f.filters ?? { groups: [] },
    active: f.active as boolean,
    deleted: f.deleted as boolean,
    version: f.version as number,
    ensure_experience_continuity: f.ensure_experience_continuity as boolean,
    rollback_conditions: f.rollback_conditions ?? null,
    performed_rollback: f.performed_rollback as boolean,
    tags: (f.tags as string[] | undefined) ?? [],
    has_enriched_analytics: f.has_enriched_analytics as boolean,
    analytics_dashboards: (f.analytics_dashboards as number[] | undefined) ?? [],
    // A field whose change left no `before` (null: history written before it was tracked) reads as its default.
    evaluation_runtime: (f.evaluation_runtime as EvaluationRuntime | null | undefined) ?? null,
    evaluation_contexts: (f.evaluation_contexts as string[] | null | undefined) ?? [],
    is_remote_configuration: (f.is_remote_configuration as boolean | null | undefined) ?? false,
    has_encrypted_payloads: (f.has_encrypted_payloads as boolean | null | undefined) ?? false,
    created_at: flag.createdAt.toISOString(),
    created_by: flag.createdById,
    is_historical: at.isHistorical,
    version_timestamp: at.versionTimestamp.toISOString(),
    modified_by: at.modifiedBy,
  };
}

/** A flag's earlier versions, rebuilt from its change history, and restoring one. */
@ApiTags('feature flags')
@Controller('api/projects/:project_id/feature_flags')
export class FlagVersionsController {
  constructor(private readonly flags: FlagsService) {}

  /** The flag as it was at `version` (1 is its creation), rebuilt from its activity entries. */
  @Get(':id/versions/:version')
  @RequireScopes('feature_flag:read')
  @ApiOkResponse({ type: FlagVersionDto })
  @ApiResponse({ status: 404, type: ErrorEnvelope, description: 'No such flag or version.' })
  async get(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', SerialIdPipe) id: number,
    @Param('version', FlagVersionPipe) version: number,
  ): Promise<FlagVersionDto> {
    const { flag, at } = await this.flags.atVersion(project, actor, id, version);
    return toFlagVersionDto(flag, at);
  }

  /** Makes the flag what it was at `version` again, as a new change (its version bumps). */
  @Post(':id/versions/:version/restore')
  @HttpCode(200)
  @RequireScopes('feature_flag:write')
  @ApiOkResponse({ type: FlagDto })
  @ApiResponse({ status: 409, type: ErrorEnvelope, description: '`version` in the body is not the current one.' })
  async restore(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', SerialIdPipe) id: number,
    @Param('version', FlagVersionPipe) version: number,
    @Body() body: RestoreVersionDto,
  ): Promise<FlagDto> {
    return toFlagDto(await this.flags.restoreVersion(project, actor, id, version, body.version));
  }
}

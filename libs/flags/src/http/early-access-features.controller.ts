import {
  ApiPaginatedResponse,
  CurrentActor,
  CurrentProject,
  DomainError,
  isUuid,
  pageOf,
  PageQueryDto,
  RequireScopes,
} from '@app/platform';
import type { Actor, Paginated, ProjectAccess } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Injectable, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { PipeTransform } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { EarlyAccessFeaturesService } from '../early-access-features.service';
import {
  CreateEarlyAccessFeatureDto,
  EarlyAccessFeatureDto,
  toEarlyAccessFeatureDto,
  UpdateEarlyAccessFeatureDto,
} from './early-access-features.dto';

/** A feature's id is a UUID; anything else names no feature (404). */
@Injectable()
export class EarlyAccessFeatureIdPipe implements PipeTransform<string, string> {
  transform(id: string): string {
    if (!isUuid(id)) throw DomainError.notFound();
    return id.toLowerCase();
  }
}

@ApiTags('early access features')
@Controller('api/projects/:project_id/early_access_features')
export class EarlyAccessFeaturesController {
  constructor(private readonly features: EarlyAccessFeaturesService) {}

  /** The project's features, newest first. */
  @Get()
  @RequireScopes('early_access_feature:read')
  @ApiPaginatedResponse(EarlyAccessFeatureDto)
  async list(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Query() query: PageQueryDto,
    @Req() req: Request,
  ): Promise<Paginated<EarlyAccessFeatureDto>> {
    const { count, views } = await this.features.list(project, actor, query);
    return pageOf(req, query, count, views.map(toEarlyAccessFeatureDto));
  }

  /** Creates the feature and, without `feature_flag_id`, its flag (keyed by the slug of the name). */
  @Post()
  @RequireScopes('early_access_feature:write')
  @ApiCreatedResponse({ type: EarlyAccessFeatureDto })
  async create(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Body() body: CreateEarlyAccessFeatureDto,
  ): Promise<EarlyAccessFeatureDto> {
    return toEarlyAccessFeatureDto(await this.features.create(project, actor, body));
  }

  @Get(':id')
  @RequireScopes('early_access_feature:read')
  @ApiOkResponse({ type: EarlyAccessFeatureDto })
  async get(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', EarlyAccessFeatureIdPipe) id: string,
  ): Promise<EarlyAccessFeatureDto> {
    return toEarlyAccessFeatureDto(await this.features.get(project, actor, id));
  }

  /** Changes the given fields; a stage change sets the flag's enrolment condition. */
  @Patch(':id')
  @RequireScopes('early_access_feature:write')
  @ApiOkResponse({ type: EarlyAccessFeatureDto })
  async update(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', EarlyAccessFeatureIdPipe) id: string,
    @Body() body: UpdateEarlyAccessFeatureDto,
  ): Promise<EarlyAccessFeatureDto> {
    return toEarlyAccessFeatureDto(await this.features.update(project, actor, id, body));
  }

  /** Deletes the feature; its flag stays, without the enrolment condition. */
  @Delete(':id')
  @RequireScopes('early_access_feature:write')
  @HttpCode(204)
  @ApiNoContentResponse()
  async delete(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', EarlyAccessFeatureIdPipe) id: string,
  ): Promise<void> {
    await this.features.delete(project, actor, id);
  }
}

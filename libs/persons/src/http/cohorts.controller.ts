import {
  ApiPaginatedResponse,
  ApiPagingQuery,
  CurrentActor,
  CurrentProject,
  DomainError,
  ExpensiveRoute,
  pageOf,
  parsePageQuery,
  RequireScopes,
  TenancyService,
} from '@app/platform';
import type { Actor, Paginated, ProjectAccess } from '@app/platform';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CohortsService } from '../cohorts.service';
import { PersonsService } from '../persons.service';
import type { Cohort } from '../domain/cohort';
import {
  AddedPersonsDto,
  AddPersonsToStaticCohortDto,
  CohortDto,
  CreateCohortDto,
  toCohortDtos,
  UpdateCohortDto,
} from './cohorts.dto';
import { CsvExports } from './csv';
import { CSV_LIMIT, FORMAT_QUERY, formatOf, personPages } from './persons.controller';
import { PERSON_FIELDS, PersonDto, toPersonDto } from './persons.dto';

/** Cohort ids are positive int4s; anything else names no cohort. */
export function parseCohortId(id: string): number {
  if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > 2_147_483_647) throw DomainError.notFound();
  return Number(id);
}

@ApiTags('cohorts')
@ApiExtraModels(PersonDto)
@Controller('api/projects/:project_id/cohorts')
export class CohortsController {
  constructor(
    private readonly cohorts: CohortsService,
    private readonly tenancy: TenancyService,
    private readonly personsService: PersonsService,
    private readonly csv: CsvExports,
  ) {}

  /** Live cohorts of the project, newest first. */
  @Get()
  @RequireScopes('cohort:read')
  @ApiPagingQuery()
  @ApiPaginatedResponse(CohortDto)
  async list(
    @CurrentProject() project: ProjectAccess,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ): Promise<Paginated<CohortDto>> {
    const page = parsePageQuery(query);
    const { count, rows } = await this.cohorts.list(project.id, page);
    return pageOf(req, page, count, await this.dtos(rows));
  }

  /**
   * A dynamic cohort (`filters` or legacy `groups`; counted in the background, `is_calculating`
   * meanwhile) or a static one (`is_static: true`, filled through `add_persons_to_static_cohort`).
   */
  @Post()
  @RequireScopes('cohort:write')
  @ApiCreatedResponse({ type: CohortDto })
  async create(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Body() body: CreateCohortDto,
  ): Promise<CohortDto> {
    return (await this.dtos([await this.cohorts.create(project, actor, body)]))[0];
  }

  /** A cohort by id, soft-deleted ones included. */
  @Get(':id')
  @RequireScopes('cohort:read')
  @ApiOkResponse({ type: CohortDto })
  async get(@CurrentProject() project: ProjectAccess, @Param('id') id: string): Promise<CohortDto> {
    return (await this.dtos([await this.cohorts.get(project.id, parseCohortId(id))]))[0];
  }

  /** Changes the given fields; `deleted: true` soft-deletes, `false` restores. */
  @Patch(':id')
  @RequireScopes('cohort:write')
  @ApiOkResponse({ type: CohortDto })
  async update(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id') id: string,
    @Body() body: UpdateCohortDto,
  ): Promise<CohortDto> {
    return (await this.dtos([await this.cohorts.update(project, actor, parseCohortId(id), body)]))[0];
  }

  /** Hard delete is not allowed (PATCH `deleted: true` instead): always 405 with an empty body. */
  @Delete(':id')
  @RequireScopes('cohort:write')
  @HttpCode(405)
  @ApiResponse({ status: 405, description: 'Always; empty body. Nothing changes.' })
  refuseDelete(@Res() res: Response): void {
    res.status(405).end();
  }

  /** The cohort's persons as of now, newest first (a static cohort's members). */
  @Get(':id/persons')
  @RequireScopes('cohort:read', 'person:read')
  @ExpensiveRoute()
  @ApiPagingQuery()
  @FORMAT_QUERY
  @ApiPaginatedResponse(PersonDto, {
    csv: { description: 'The paginated envelope of persons, or CSV with format=csv.' },
  })
  async persons(
    @CurrentProject() project: ProjectAccess,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ): Promise<Paginated<PersonDto> | StreamableFile> {
    const format = formatOf(query);
    const page = parsePageQuery(query, format === 'csv' ? { limit: CSV_LIMIT, max: CSV_LIMIT } : {});
    if (format === 'csv') {
      const { ids } = await this.cohorts.personIds(project.id, parseCohortId(id), page);
      return this.csv.file('cohort.csv', PERSON_FIELDS, personPages(this.personsService, project.id, ids));
    }
    const { count, rows } = await this.cohorts.persons(project.id, parseCohortId(id), page);
    return pageOf(req, page, count, rows.map(toPersonDto));
  }

  /** Adds persons (by uuid) to a static cohort. */
  @Patch(':id/add_persons_to_static_cohort')
  @RequireScopes('cohort:write')
  @ApiOkResponse({ type: AddedPersonsDto })
  async addPersons(
    @CurrentProject() project: ProjectAccess,
    @Param('id') id: string,
    @Body() body: AddPersonsToStaticCohortDto,
  ): Promise<AddedPersonsDto> {
    const added = await this.cohorts.addPersonsToStatic(project, parseCohortId(id), body.person_ids);
    return { success: true, added };
  }

  private dtos(cohorts: Cohort[]): Promise<CohortDto[]> {
    return toCohortDtos(cohorts, this.tenancy);
  }
}

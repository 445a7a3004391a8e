import {
  ApiPaginatedResponse,
  CurrentActor,
  CurrentProject,
  ExpensiveRoute,
  pageOf,
  PageQueryDto,
  RequireScopes,
  SerialIdPipe,
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
import type { Cohort } from '../domain/cohort';
import {
  AddedPersonsDto,
  AddPersonsToStaticCohortDto,
  CohortDto,
  CreateCohortDto,
  toCohortDtos,
  UpdateCohortDto,
} from './cohorts.dto';
import {
  CsvExports,
  exportPage,
  ExportPageQuery,
  PERSON_FIELDS,
  PersonDto,
  personPages,
  PersonsService,
  toPersonDto,
} from '@app/persons';

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
  @ApiPaginatedResponse(CohortDto)
  async list(
    @CurrentProject() project: ProjectAccess,
    @Query() query: PageQueryDto,
    @Req() req: Request,
  ): Promise<Paginated<CohortDto>> {
    const { count, rows } = await this.cohorts.list(project.id, query);
    return pageOf(req, query, count, await this.dtos(rows));
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
  async get(@CurrentProject() project: ProjectAccess, @Param('id', SerialIdPipe) id: number): Promise<CohortDto> {
    return (await this.dtos([await this.cohorts.get(project.id, id)]))[0];
  }

  /** Changes the given fields; `deleted: true` soft-deletes, `false` restores. */
  @Patch(':id')
  @RequireScopes('cohort:write')
  @ApiOkResponse({ type: CohortDto })
  async update(
    @CurrentProject() project: ProjectAccess,
    @CurrentActor() actor: Actor,
    @Param('id', SerialIdPipe) id: number,
    @Body() body: UpdateCohortDto,
  ): Promise<CohortDto> {
    return (await this.dtos([await this.cohorts.update(project, actor, id, body)]))[0];
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
  @ApiPaginatedResponse(PersonDto, {
    csv: { description: 'The paginated envelope of persons, or CSV with format=csv.' },
  })
  async persons(
    @CurrentProject() project: ProjectAccess,
    @Param('id', SerialIdPipe) id: number,
    @Query() query: ExportPageQuery,
    @Req() req: Request,
  ): Promise<Paginated<PersonDto> | StreamableFile> {
    const page = exportPage(query);
    if (query.format === 'csv') {
      const { ids } = await this.cohorts.personIds(project.id, id, page);
      return this.csv.file('cohort.csv', PERSON_FIELDS, personPages(this.personsService, project.id, ids));
    }
    const { count, rows } = await this.cohorts.persons(project.id, id, page);
    return pageOf(req, page, count, rows.map(toPersonDto));
  }

  /** Adds persons (by uuid) to a static cohort. */
  @Patch(':id/add_persons_to_static_cohort')
  @RequireScopes('cohort:write')
  @ApiOkResponse({ type: AddedPersonsDto })
  async addPersons(
    @CurrentProject() project: ProjectAccess,
    @Param('id', SerialIdPipe) id: number,
    @Body() body: AddPersonsToStaticCohortDto,
  ): Promise<AddedPersonsDto> {
    const added = await this.cohorts.addPersonsToStatic(project, id, body.person_ids);
    return { success: true, added };
  }

  private dtos(cohorts: Cohort[]): Promise<CohortDto[]> {
    return toCohortDtos(cohorts, this.tenancy);
  }
}

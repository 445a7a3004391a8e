export * from './cohorts.module';
export * from './cohorts.service';
export * from './domain/cohort';
export { CohortDto, PersonCohortsDto, toCohortDto, toCohortDtos } from './http/cohorts.dto';

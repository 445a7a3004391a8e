import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventDeletionJob } from './event-deletion.job';
import { EventDeletionService } from './event-deletion.service';
import { EventDeletionRequestRecord } from './persistence/event-deletion-request.record';
import { EventDeletionRepository } from './persistence/event-deletion.repository';

/** The deletion queue (enqueue, list) and the batch job; the schedule is EventDeletionScheduleModule. */
@Module({
  imports: [TypeOrmModule.forFeature([EventDeletionRequestRecord])],
  providers: [EventDeletionRepository, EventDeletionService, EventDeletionJob],
  exports: [EventDeletionService, EventDeletionJob],
})
export class EventDeletionModule {}

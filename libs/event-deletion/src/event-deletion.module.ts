import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventDeletionService } from './event-deletion.service';
import { EventDeletionRequestRecord } from './persistence/event-deletion-request.record';

@Module({
  imports: [TypeOrmModule.forFeature([EventDeletionRequestRecord])],
  providers: [EventDeletionService],
  exports: [EventDeletionService],
})
export class EventDeletionModule {}

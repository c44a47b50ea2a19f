import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventLog } from '../common/events/event-log';
import { EventStream } from './entities/event-stream.entity';
import { EventRecord } from './entities/event.entity';
import { EventInvariantsRepository } from './event-invariants.repository';
import { EventsController } from './events.controller';
import { EventsRepository } from './events.repository';
import { EventsService } from './events.service';

/**
 * The events of every change, and the API that reads them. Global only so
 * that the modules below it, which record their changes, receive EventLog
 * without importing this module.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([EventRecord, EventStream])],
  controllers: [EventsController],
  providers: [EventsRepository, EventsService, EventInvariantsRepository, { provide: EventLog, useExisting: EventsRepository }],
  exports: [EventLog, EventsRepository, EventInvariantsRepository],
})
export class EventsModule {}

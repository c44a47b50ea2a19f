import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { UsersModule } from '../users/users.module';
import { JobLease } from './entities/job-lease.entity';
import { HousekeepingScheduler } from './housekeeping.scheduler';
import { JobLeasesRepository } from './job-leases.repository';

/**
 * Deletes what is past its retention (expired tokens, unusable sessions,
 * expired idempotency keys, finished webhook deliveries, old events) through
 * each owning module's repository, once per cluster. The idempotency, events
 * and webhooks modules are global; metrics too.
 */
@Module({
  imports: [TypeOrmModule.forFeature([JobLease]), AuthModule, UsersModule],
  providers: [JobLeasesRepository, HousekeepingScheduler],
  exports: [HousekeepingScheduler],
})
export class HousekeepingModule {}

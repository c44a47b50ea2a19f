import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditLog } from '../common/audit/audit-log';
import { AuditLogWriter } from './audit-log.writer';
import { AuditRetention } from './audit-retention';
import { AuditCheckpointer } from './checkpoints/audit-checkpointer';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';
import { AuditChain } from './entities/audit-chain.entity';
import { AuditEntry } from './entities/audit-entry.entity';

/**
 * The audit log, its chains and the API that reads it. Global only so that
 * the modules below it, which record their actions, receive AuditLog without
 * importing this module (as with EventLog).
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntry, AuditChain]), AccountsModule],
  controllers: [AuditController],
  providers: [AuditRepository, AuditService, AuditLogWriter, AuditRetention, AuditCheckpointer, { provide: AuditLog, useExisting: AuditLogWriter }],
  exports: [AuditLog, AuditRepository, AuditService, AuditRetention, AuditCheckpointer],
})
export class AuditModule {}

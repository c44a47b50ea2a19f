import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { RequiresScope } from '../auth/decorators/scope.decorator';
import { AuthenticatedUser } from '../common/access/caller';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { AuditService } from './audit.service';
import { AppConfig } from '../config/app-config';
import { AuditPublicKeyDto, toAuditPublicKey } from './dto/audit-public-key.response.dto';
import { AuditEntryPageDto } from './dto/audit-entry.response.dto';
import { ListAuditLogQueryDto } from './dto/list-audit-log.query.dto';

@ApiTags('audit')
@Controller('v1/audit_log')
export class AuditController {
  constructor(
    private readonly audit: AuditService,
    private readonly config: AppConfig,
  ) {}

  @RequiresScope('audit:read')
  @Get()
  @ApiOperation({
    operationId: 'listAuditLog',
    summary: 'List audit entries',
    description:
      "Security-relevant actions, successes and failures, append-only. Admins see every entry, or one account's with `account_id`; " +
      "an account's owner its account's; anyone else 403. Newest first. Each entry carries its chain's `previous_hash` and its " +
      '`hash`; `npm run cli -- audit-verify` checks the chains. Kept AUDIT_RETENTION (default 400 days).',
  })
  @ApiOkResponse({ type: AuditEntryPageDto })
  @ApiErrors('validation_error', 'unauthorized', 'insufficient_permissions')
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: ListAuditLogQueryDto): Promise<AuditEntryPageDto> {
    return this.audit.list(caller, query);
  }

  @RequiresScope('audit:read')
  @Get('public_key')
  @ApiOperation({
    operationId: 'getAuditPublicKey',
    summary: 'Get the key that verifies audit checkpoints',
    description:
      "Every AUDIT_CHECKPOINT_INTERVAL and at shutdown the server signs each audit chain's head with Ed25519 under AUDIT_SIGNING_KEY, a key " +
      'the database never holds, and writes the checkpoint to the log and to AUDIT_CHECKPOINT_DIR. This is the public half: ' +
      '`npm run cli -- audit-verify --checkpoints <dir> --public-key <file>` holds every chain against the newest checkpoint. ' +
      'Null fields: checkpoints are off (no AUDIT_SIGNING_KEY). Any authenticated caller; API keys need `audit:read`.',
  })
  @ApiOkResponse({ type: AuditPublicKeyDto })
  @ApiErrors('unauthorized', 'insufficient_permissions')
  publicKey(): AuditPublicKeyDto {
    return toAuditPublicKey(this.config.auditSigningKey, this.config.auditCheckpointIntervalSeconds);
  }
}

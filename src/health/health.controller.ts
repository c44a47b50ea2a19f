import { Controller, Get } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Public } from '../auth/decorators/public.decorator';
import { DATABASE_RETRY_AFTER_SECONDS } from '../common/errors/all-exceptions.filter';
import { DomainError } from '../common/errors/domain-error';
import { ApiProbeErrors } from '../common/swagger/api-errors.decorator';
import { Database } from '../database/database';
import { isDatabaseUnavailable } from '../database/database-unavailable';
import { ReadReplica } from '../database/read-replica';
import { SkipRateLimit } from '../rate-limit/rate-limit.guard';
import { RateLimitStore } from '../rate-limit/rate-limit.store';
import { DatabaseStatus, HealthResponseDto, ReadinessResponseDto, ReadinessUnavailableResponseDto } from './dto/health.response.dto';

/**
 * The orchestrator's probes, outside /v1, without a token and outside the rate
 * limits. Liveness touches nothing: it is 200 while the process can answer at
 * all. Readiness reports each dependency: 503 only when the database cannot be
 * used; Redis is an accelerator, so without it the instance is ready, degraded.
 */
@ApiTags('health')
@Controller('health')
@SkipRateLimit()
export class HealthController {
  constructor(
    private readonly db: Database,
    private readonly rateLimits: RateLimitStore,
    private readonly replica: ReadReplica,
  ) {}

  @Get()
  @Public()
  @ApiOperation({
    operationId: 'liveness',
    summary: 'Liveness: the process answers (touches neither the database nor Redis)',
    description: 'Answers `200` while the process serves HTTP, whatever the state of the database and Redis: restart the process when it does not.',
  })
  @ApiOkResponse({ type: HealthResponseDto })
  @ApiProbeErrors()
  liveness(): HealthResponseDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @Public()
  @ApiOperation({
    operationId: 'readiness',
    summary: 'Readiness: the database answers; reports the database and Redis',
    description:
      '200 with `status: "ok"`, or `"degraded"` when Redis cannot be reached (rate limits are then counted per instance). ' +
      '503 `service_unavailable` with `Retry-After` when the database cannot be used, with the same `checks`.',
  })
  @ApiOkResponse({ type: ReadinessResponseDto })
  @ApiExtraModels(ReadinessUnavailableResponseDto)
  @ApiResponse({
    status: 503,
    description: '`service_unavailable`: the database cannot be used.',
    headers: { 'Retry-After': { description: 'Seconds to wait before asking again.', schema: { type: 'integer', example: DATABASE_RETRY_AFTER_SECONDS } } },
    content: {
      'application/json': {
        schema: { $ref: getSchemaPath(ReadinessUnavailableResponseDto) },
        examples: {
          service_unavailable: {
            value: {
              status: 'unavailable',
              checks: { database: 'unavailable', redis: 'ok', replica: 'not_configured', replica_lag_ms: null },
              error_code: 'service_unavailable',
              error_description: 'The database is not reachable.',
              request_id: '01JDQ4Z8X9T2M3N4P5Q6R7S8T9',
            },
          },
        },
      },
    },
  })
  @ApiProbeErrors()
  async readiness(): Promise<ReadinessResponseDto> {
    const [database, redis] = await Promise.all([this.databaseStatus(), this.rateLimits.check()]);
    const { state, lagSeconds } = this.replica.current();
    const checks = { database, redis, replica: state, replica_lag_ms: lagSeconds === null ? null : Math.round(lagSeconds * 1000) };
    if (database === 'unavailable') {
      throw new DomainError(
        'service_unavailable',
        'The database is not reachable.',
        undefined,
        { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
        {
          status: 'unavailable',
          checks,
        },
      );
    }
    return { status: redis === 'unavailable' ? 'degraded' : 'ok', checks };
  }

  private async databaseStatus(): Promise<DatabaseStatus> {
    try {
      await this.db.ping();
      return 'ok';
    } catch (error) {
      // The probe's own question: an outage is its answer; anything else is a fault, answered 500 and logged.
      if (isDatabaseUnavailable(error)) return 'unavailable';
      throw error;
    }
  }
}

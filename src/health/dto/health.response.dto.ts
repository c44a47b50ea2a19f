import { ApiProperty } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../common/errors/error-response.dto';
import { REPLICA_STATES, ReplicaState } from '../../database/read-replica';
import { SharedStoreStatus } from '../../rate-limit/rate-limit.store';

export type DatabaseStatus = 'ok' | 'unavailable';

export class HealthResponseDto {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status: 'ok';
}

export class HealthChecksDto {
  @ApiProperty({ enum: ['ok', 'unavailable'], example: 'ok', description: 'The database answers a trivial query.' })
  database: DatabaseStatus;

  @ApiProperty({
    enum: ['ok', 'unavailable', 'not_configured'],
    example: 'ok',
    description: 'Redis (`REDIS_URL`), which shares rate-limit counters between instances. While it is `unavailable`, each instance counts on its own.',
  })
  redis: SharedStoreStatus;

  @ApiProperty({
    enum: REPLICA_STATES,
    example: 'not_configured',
    description:
      'The read replica (`DATABASE_REPLICA_URL`): `ok` while it serves lists and `as_of` balances, `lagging` when its replay is more than ' +
      '`DATABASE_REPLICA_MAX_LAG` behind, `unavailable` when it does not answer. Either way reads fall back to the primary: never a 503.',
  })
  replica: ReplicaState;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: null,
    description: "Milliseconds the replica's replay is behind the primary's latest commit (an idle primary is not lag), measured every 250 ms; null when unknown.",
  })
  replica_lag_ms: number | null;
}

export class ReadinessResponseDto {
  @ApiProperty({
    enum: ['ok', 'degraded'],
    example: 'ok',
    description: '`degraded`: ready, but Redis cannot be reached (rate limits are counted per instance meanwhile).',
  })
  status: 'ok' | 'degraded';

  @ApiProperty({ type: HealthChecksDto })
  checks: HealthChecksDto;
}

/** The contract's error body (service_unavailable), with the same report as a ready answer. */
export class ReadinessUnavailableResponseDto extends ErrorResponseDto {
  @ApiProperty({ enum: ['unavailable'], example: 'unavailable' })
  status: 'unavailable';

  @ApiProperty({ type: HealthChecksDto, example: { database: 'unavailable', redis: 'ok', replica: 'not_configured', replica_lag_ms: null } })
  checks: HealthChecksDto;
}

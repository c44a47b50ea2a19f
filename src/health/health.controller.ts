import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/decorators/public.decorator';
import { DomainError } from '../common/errors/domain-error';
import { ApiErrors } from '../common/swagger/api-errors.decorator';
import { Database } from '../database/database';

class HealthResponseDto {
  @ApiProperty({ example: 'ok' })
  status: 'ok';
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly db: Database) {}

  @Get()
  @Public()
  @ApiOperation({
    operationId: 'liveness',
    summary: 'Liveness: the process answers',
    description: 'Answers `200` while the process serves HTTP, whatever the state of the database: restart the process when it does not.',
  })
  @ApiOkResponse({ type: HealthResponseDto })
  @ApiErrors()
  liveness(): HealthResponseDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @Public()
  @ApiOperation({
    operationId: 'readiness',
    summary: 'Readiness: the database answers',
    description: 'Answers `200` when the database answers a query, else `503 service_unavailable`: send no traffic to the instance until it is ready.',
  })
  @ApiOkResponse({ type: HealthResponseDto })
  @ApiErrors('service_unavailable')
  async readiness(): Promise<HealthResponseDto> {
    try {
      await this.db.ping();
    } catch {
      throw new DomainError('service_unavailable', 'The database is not reachable.');
    }
    return { status: 'ok' };
  }
}

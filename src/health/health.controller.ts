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
  @ApiOperation({ operationId: 'liveness', summary: 'Liveness: the process answers' })
  @ApiOkResponse({ type: HealthResponseDto })
  @ApiErrors()
  liveness(): HealthResponseDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @Public()
  @ApiOperation({ operationId: 'readiness', summary: 'Readiness: the database answers' })
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

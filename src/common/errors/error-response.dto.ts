import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_STATUS } from './error-codes';

export class FieldProblemDto {
  @ApiProperty({ example: 'amount', description: 'Path of the offending field (dot-separated for nested fields).' })
  field: string;

  @ApiProperty({ example: 'must be an integer number' })
  message: string;
}

/** The one error body of the API, for every failure (contract section 1). */
export class ErrorResponseDto {
  @ApiProperty({ enum: Object.keys(ERROR_STATUS), example: 'validation_error', description: 'Machine-readable failure identifier.' })
  error_code: string;

  @ApiProperty({ example: 'email: must be an email', description: 'Human-readable explanation of the failure.' })
  error_description: string;

  @ApiProperty({ example: '01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'Same value as the X-Request-Id response header.' })
  request_id: string;

  @ApiPropertyOptional({ type: [FieldProblemDto], description: 'Per-field problems, for validation_error.' })
  details?: FieldProblemDto[];
}

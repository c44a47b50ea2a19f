import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { ERROR_STATUS } from './error-codes';

export class FieldProblemDto {
  @ApiProperty({ example: 'amount', description: 'Path of the offending field (dot-separated for nested fields).' })
  field: string;

  @ApiProperty({ example: 'must be an integer number' })
  message: string;
}

/** What `401 mfa_required` carries in `details` (contract section 22): the token of the login's second step. */
export class MfaChallengeDetailsDto {
  @ApiProperty({ example: 'mfa_2Yx7QvJr0b8kN3pLq5sT9wXc1zA4dF6gH8jK0mN2pR4', description: 'Send it with a code to POST /v1/auth/login/mfa; single use.' })
  mfa_token: string;

  @ApiProperty({ example: '2026-11-21T10:20:30.123Z', description: 'It stops working then (5 minutes after the password was checked).' })
  expires_at: string;
}

/** The one error body of the API, for every failure (contract section 1). */
@ApiExtraModels(FieldProblemDto, MfaChallengeDetailsDto)
export class ErrorResponseDto {
  @ApiProperty({ enum: Object.keys(ERROR_STATUS), example: 'validation_error', description: 'Machine-readable failure identifier.' })
  error_code: string;

  @ApiProperty({ example: 'email: must be an email', description: 'Human-readable explanation of the failure.' })
  error_description: string;

  @ApiProperty({ example: '01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'Same value as the X-Request-Id response header.' })
  request_id: string;

  @ApiPropertyOptional({
    oneOf: [{ type: 'array', items: { $ref: getSchemaPath(FieldProblemDto) } }, { $ref: getSchemaPath(MfaChallengeDetailsDto) }],
    description: 'Per-field problems, for validation_error (a list); the second step of the login, for mfa_required (an object with mfa_token).',
  })
  details?: FieldProblemDto[] | MfaChallengeDetailsDto;
}

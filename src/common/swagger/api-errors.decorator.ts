import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ErrorCode, statusOf } from '../errors/error-codes';
import { ErrorResponseDto } from '../errors/error-response.dto';

/** Every endpoint can answer these (503: its database cannot be used right now). */
const ALWAYS: ErrorCode[] = ['rate_limited', 'internal_error', 'service_unavailable'];
/** The answers that ask the client to wait, and say for how long. */
const RETRY_AFTER: ErrorCode[] = ['rate_limited', 'service_unavailable'];
/** Every endpoint that reads a JSON body can answer these as well. */
const BODY: ErrorCode[] = ['validation_error', 'invalid_json', 'payload_too_large', 'unsupported_media_type'];

const EXAMPLE_DESCRIPTIONS: Partial<Record<ErrorCode, string>> = {
  validation_error: 'amount: must be an integer number',
  unauthorized: 'A valid access token is required.',
  insufficient_permissions: 'Your role does not allow this operation.',
  service_unavailable: 'The database is unavailable; retry after the time in Retry-After.',
};

/**
 * Documents the error responses of an endpoint: one entry per status, the
 * shared error schema, and one example per error code.
 */
export function ApiErrors(...codes: ErrorCode[]): MethodDecorator {
  return documentErrors([...codes, ...ALWAYS]);
}

/** The probes (/health, /health/ready): never rate limited, and readiness documents its own 503. */
export function ApiProbeErrors(): MethodDecorator {
  return documentErrors(['internal_error']);
}

/** ApiErrors for an endpoint with a JSON request body: adds the body's own failures. */
export function ApiBodyErrors(...codes: ErrorCode[]): MethodDecorator {
  return documentErrors([...BODY, ...codes, ...ALWAYS]);
}

function documentErrors(codes: ErrorCode[]): MethodDecorator {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = statusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses = [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, statusCodes]) =>
      ApiResponse({
        status,
        description: statusCodes.map((code) => `\`${code}\``).join(', '),
        ...(statusCodes.some((code) => RETRY_AFTER.includes(code))
          ? { headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', example: 5 } } } }
          : {}),
        content: {
          'application/json': {
            schema: { $ref: getSchemaPath(ErrorResponseDto) },
            examples: Object.fromEntries(
              statusCodes.map((code) => [
                code,
                {
                  value: {
                    error_code: code,
                    error_description: EXAMPLE_DESCRIPTIONS[code] ?? code.replace(/_/g, ' '),
                    request_id: '01JDQ4Z8X9T2M3N4P5Q6R7S8T9',
                    ...(code === 'validation_error' ? { details: [{ field: 'amount', message: 'must be an integer number' }] } : {}),
                  },
                },
              ]),
            ),
          },
        },
      }),
    );
  return applyDecorators(ApiExtraModels(ErrorResponseDto), ...responses);
}

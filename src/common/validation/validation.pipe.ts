import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError, FieldProblem, validationError } from '../errors/domain-error';
import { jsonObjectFields } from './fields';

/**
 * The global pipe: DTOs are validated and transformed, unknown fields are
 * refused (never silently dropped), and every problem is reported per field.
 */
class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => {
        const details = errors.flatMap((error) => flatten(error, ''));
        const summary = details.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
        return new DomainError('validation_error', summary || 'The request is not valid.', details);
      },
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // A JSON array, string or number where an object is expected; null and an absent body read as {}.
    if (metadata.type === 'body' && value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      throw validationError('body', 'must be a JSON object');
    }
    if (metadata.type === 'body' || metadata.type === 'query') {
      const field = fieldWithNulCharacter(value, '');
      if (field !== null) throw validationError(field || metadata.type, 'must not contain the NUL character (U+0000)');
    }
    const rawFields = metadata.type === 'body' && metadata.metatype ? jsonObjectFields(metadata.metatype) : [];
    if (rawFields.length === 0 || !isJsonObject(value)) return super.transform(value, metadata);
    const raw: Record<string, unknown> = {};
    const rest: Record<string, unknown> = { ...value };
    for (const field of rawFields.filter((name) => name in rest)) {
      if (!isJsonObject(rest[field])) throw validationError(field, 'must be a JSON object');
      raw[field] = rest[field];
      delete rest[field];
    }
    return Object.assign(await super.transform(rest, metadata), raw);
  }
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe();
}

/**
 * The path of the first string holding U+0000, or null. PostgreSQL cannot store
 * that character in text, so it is refused up front, on every database alike.
 */
function fieldWithNulCharacter(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = fieldWithNulCharacter(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

function flatten(error: ValidationError, parentPath: string): FieldProblem[] {
  const field = parentPath ? `${parentPath}.${error.property}` : error.property;
  const own = Object.entries(error.constraints ?? {}).map(([constraint, message]) => ({
    field,
    message: constraint === 'whitelistValidation' ? 'is not an accepted field' : stripPropertyName(message, error.property),
  }));
  return [...own, ...(error.children ?? []).flatMap((child) => flatten(child, field))];
}

/** class-validator prefixes messages with the property name; the field is reported separately. */
function stripPropertyName(message: string, property: string): string {
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}

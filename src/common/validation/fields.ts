import { applyDecorators } from '@nestjs/common';
import { ApiProperty, DECORATORS } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Allow, IsEmail, IsString, Matches, ValidateBy, ValidateIf, ValidationOptions } from 'class-validator';
import { normalizeEmail } from '../email';
import { FieldProblem } from '../errors/domain-error';
import { readInstant } from './instant';

export const NAME_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
/** Free-text descriptions of transactions and payment requests. */
export const DESCRIPTION_MAX_LENGTH = 500;

/**
 * Length limits count Unicode code points, as PostgreSQL's varchar(n) does.
 * (class-validator's Length skips variation selectors and the second half of
 * surrogate pairs, which let a value past the column's limit.)
 */
export const CharLength = (min: number, max: number, options?: ValidationOptions): PropertyDecorator => {
  const validate = ValidateBy(
    {
      name: 'charLength',
      constraints: [min, max],
      validator: {
        validate: (value) => typeof value === 'string' && codePoints(value) >= min && codePoints(value) <= max,
        defaultMessage: () => (min > 0 ? `must be ${min} to ${max} characters long` : `must be at most ${max} characters long`),
      },
    },
    options,
  );
  // The OpenAPI document states the limit wherever it is enforced (JSON Schema counts code points too);
  // a limit written in the field's own @ApiProperty wins. Array items (`each`) are described by their field.
  if (options?.each === true) return validate;
  return (target, key) => {
    validate(target, key);
    const written = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, target, key) ?? {}) as { minLength?: number; maxLength?: number };
    ApiProperty({ ...(min > 0 && written.minLength === undefined ? { minLength: min } : {}), ...(written.maxLength === undefined ? { maxLength: max } : {}) })(target, key);
  };
};

export const MaxChars = (max: number) => CharLength(0, max);

/** The length of a text in Unicode code points: what every limit here, JSON Schema's maxLength and varchar(n) count. */
export function codePoints(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/**
 * What the OpenAPI document says of a display name, exactly what IsDisplayName enforces: 1 to 200
 * characters (code points, as JSON Schema counts them), at least one of them not white space.
 */
export const DISPLAY_NAME_SCHEMA = { minLength: 1, maxLength: NAME_MAX_LENGTH, pattern: '\\S' } as const;

/** A display name of a person or a company: 1 to 200 characters, not only white space. */
export const IsDisplayName = () => applyDecorators(IsString(), CharLength(1, NAME_MAX_LENGTH), Matches(/\S/, { message: 'name must not be blank' }));

/**
 * What the OpenAPI document says of an email address that IsEmailAddress checks. The server reads it a
 * little more widely (surrounding white space and upper case are normalized away first) and a little
 * more narrowly than `format: email` alone: the domain must end in a top-level domain of letters.
 */
export const EMAIL_SCHEMA = {
  format: 'email',
  maxLength: EMAIL_MAX_LENGTH,
  description: 'Trimmed and lower-cased before it is checked; the domain needs a top-level domain of two or more letters.',
} as const;

/**
 * An email address, normalized (trimmed, lower-cased) before it is checked, so
 * that " Ada@Example.com " passes and the length limit applies to what is stored.
 */
export const IsEmailAddress = () =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normalizeEmail(value) : value)),
    IsString(),
    MaxChars(EMAIL_MAX_LENGTH),
    IsEmail(),
  );

/**
 * An instant (instant.ts): an RFC 3339 date-time, or a date alone (midnight UTC). A time without `Z` or an
 * offset is refused: it would be read in the server's time zone. A valid one reaches the service as the
 * instant's canonical form (toISOString: UTC, milliseconds), so every service reads it with `new Date`
 * and none meets lowercase letters, long fractions or two-digit years.
 */
export const IsInstant = () =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? (readInstant(value)?.toISOString() ?? value) : value)),
    ValidateBy({
      name: 'isInstant',
      validator: {
        validate: (value) => typeof value === 'string' && readInstant(value) !== null,
        defaultMessage: () => 'must be an RFC 3339 date-time with Z or an offset (2026-11-21T10:15:30.123Z), or a date (2026-11-21)',
      },
    }),
  );

/**
 * The field may be left out, but when present it is validated, null included.
 * (class-validator's IsOptional also lets null through, which then reaches the
 * service as if it were a value.)
 */
export const IsOmittable = () => ValidateIf((_object, value) => value !== undefined);

const JSON_OBJECT_FIELDS = Symbol('json-object-fields');
const IMMUTABLE_FIELDS = Symbol('immutable-fields');

/** Checks the content of a free-form object; returns one problem per offending entry. */
export type JsonObjectCheck = (value: Record<string, unknown>, field: string) => FieldProblem[];

export interface JsonObjectField {
  name: string;
  check?: JsonObjectCheck;
}

/**
 * A free-form JSON object (account preferences, metadata): the validation pipe
 * hands it to the service exactly as parsed, after `check` found no problem.
 * class-transformer would otherwise walk into it and mangle keys such as
 * "constructor".
 */
export const IsJsonObject =
  (check?: JsonObjectCheck): PropertyDecorator =>
  (target, key) => {
    const fields = (Reflect.getMetadata(JSON_OBJECT_FIELDS, target.constructor) as JsonObjectField[] | undefined) ?? [];
    Reflect.defineMetadata(JSON_OBJECT_FIELDS, [...fields, { name: String(key), check }], target.constructor);
    Allow()(target, key);
  };

export function jsonObjectFields(dtoClass: object): JsonObjectField[] {
  return (Reflect.getMetadata(JSON_OBJECT_FIELDS, dtoClass) as JsonObjectField[] | undefined) ?? [];
}

/**
 * Fields of the resource that a request body may not change: the validation
 * pipe answers `422 immutable_field` naming the first one present, instead of
 * the `400` an unknown field gets.
 */
export const RefusesImmutableFields =
  (...fields: string[]): ClassDecorator =>
  (target) => {
    Reflect.defineMetadata(IMMUTABLE_FIELDS, fields, target);
  };

export function immutableFields(dtoClass: object): string[] {
  return (Reflect.getMetadata(IMMUTABLE_FIELDS, dtoClass) as string[] | undefined) ?? [];
}

import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { Allow, IsEmail, IsString, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { normalizeEmail } from '../email';

export const NAME_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;

/** A display name of a person or a company: 1 to 200 characters, not only white space. */
export const IsDisplayName = () =>
  applyDecorators(IsString(), Length(1, NAME_MAX_LENGTH), Matches(/\S/, { message: 'name must not be blank' }));

/**
 * An email address, normalized (trimmed, lower-cased) before it is checked, so
 * that " Ada@Example.com " passes and the length limit applies to what is stored.
 */
export const IsEmailAddress = () =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' ? normalizeEmail(value) : value)),
    IsString(),
    MaxLength(EMAIL_MAX_LENGTH),
    IsEmail(),
  );

/**
 * The field may be left out, but when present it is validated, null included.
 * (class-validator's IsOptional also lets null through, which then reaches the
 * service as if it were a value.)
 */
export const IsOmittable = () => ValidateIf((_object, value) => value !== undefined);

const JSON_OBJECT_FIELDS = Symbol('json-object-fields');

/**
 * A free-form JSON object (account preferences): the validation pipe hands it to
 * the service exactly as parsed. class-transformer would otherwise walk into it
 * and mangle keys such as "constructor".
 */
export const IsJsonObject = (): PropertyDecorator => (target, key) => {
  const fields: (string | symbol)[] = Reflect.getMetadata(JSON_OBJECT_FIELDS, target.constructor) ?? [];
  Reflect.defineMetadata(JSON_OBJECT_FIELDS, [...fields, key], target.constructor);
  Allow()(target, key);
};

export function jsonObjectFields(dtoClass: object): string[] {
  return (Reflect.getMetadata(JSON_OBJECT_FIELDS, dtoClass) ?? []).map(String);
}

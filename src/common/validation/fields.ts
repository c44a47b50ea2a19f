import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { normalizeEmail } from '../email';
import { IsEmail, IsString, Length, Matches, MaxLength, ValidateIf } from 'class-validator';

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

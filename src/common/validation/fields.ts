import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, Length, Matches, MaxLength } from 'class-validator';

export const NAME_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;

/** A display name of a person or a company: 1 to 200 characters, not only white space. */
export const IsDisplayName = () =>
  applyDecorators(IsString(), Length(1, NAME_MAX_LENGTH), Matches(/\S/, { message: 'name must not be blank' }));

/**
 * An email address, trimmed before it is checked (so " Ada@Example.com " passes);
 * services store it lower-cased.
 */
export const IsEmailAddress = () =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' ? value.trim() : value)),
    IsString(),
    MaxLength(EMAIL_MAX_LENGTH),
    IsEmail(),
  );

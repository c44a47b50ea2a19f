import { CharLength } from '../../common/validation/fields';
import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, IsArray, IsString } from 'class-validator';

/** Contract section 6 limits. */
export const NOTES_MAX_LENGTH = 2000;
export const REFERENCE_IDS_MAX = 10;
export const REFERENCE_ID_MAX_LENGTH = 255;

/** What the OpenAPI document says of reference ids, exactly what IsReferenceIds enforces. */
export const REFERENCE_IDS_SCHEMA = {
  type: 'array',
  maxItems: REFERENCE_IDS_MAX,
  items: { type: 'string', minLength: 1, maxLength: REFERENCE_ID_MAX_LENGTH },
} as const;

/** Reference ids: at most 10 strings of 1 to 255 characters. */
export const IsReferenceIds = () => applyDecorators(IsArray(), ArrayMaxSize(REFERENCE_IDS_MAX), IsString({ each: true }), CharLength(1, REFERENCE_ID_MAX_LENGTH, { each: true }));

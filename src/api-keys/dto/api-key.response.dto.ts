import { ApiProperty } from '@nestjs/swagger';
import { API_KEY_SCOPES } from '../../common/access/scopes';
import { PageOf } from '../../common/pagination/page.dto';
import { ApiKey } from '../entities/api-key.entity';

const TIMESTAMP = '2026-11-21T10:15:30.123Z';

export class ApiKeyResponseDto {
  @ApiProperty({ example: 'key_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ example: 'Order system' })
  name: string;

  @ApiProperty({ type: String, nullable: true, example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9', description: 'Null: a platform key.' })
  account_id: string | null;

  @ApiProperty({ enum: ['test', 'live', 'platform'], example: 'test', description: "The account's mode (section 16), or `platform`." })
  mode: string;

  @ApiProperty({
    example: false,
    description: "True when the key reaches live money: a live account's key, or a platform key (which acts on accounts of both modes); false for a test account's key.",
  })
  livemode: boolean;

  @ApiProperty({ isArray: true, enum: [...API_KEY_SCOPES], enumName: 'ApiKeyScope', example: ['transactions:write'] })
  scopes: string[];

  @ApiProperty({ example: 'sk_test_Ab12', description: 'The type part and the first characters of the current secret.' })
  prefix: string;

  @ApiProperty({ example: 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  created_by: string;

  @ApiProperty({ example: TIMESTAMP })
  created_at: string;

  @ApiProperty({ type: String, nullable: true, example: null })
  expires_at: string | null;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'Updated at most once a minute.' })
  last_used_at: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  revoked_at: string | null;
}

export class ApiKeyWithSecretDto extends ApiKeyResponseDto {
  @ApiProperty({
    example: 'sk_test_4kQ2n0vX8b1mZ7rT5yW3pL9cH6dF2gJ0aS8eU1iO3qR7B2xY9z',
    description: 'Shown once, in this answer: only a keyed hash is stored. Send it as `Authorization: Bearer <secret>`.',
  })
  secret: string;
}

export class ApiKeyPageDto extends PageOf(ApiKeyResponseDto) {}

const iso = (instant: Date | null) => (instant === null ? null : instant.toISOString());

export function toApiKeyResponse(key: ApiKey): ApiKeyResponseDto {
  return {
    id: key.id,
    name: key.name,
    account_id: key.accountId,
    mode: key.mode,
    // A platform key acts on live accounts too: it is handled as a live secret.
    livemode: key.mode !== 'test',
    scopes: key.scopes,
    prefix: key.prefix,
    created_by: key.createdBy,
    created_at: key.createdAt.toISOString(),
    expires_at: iso(key.expiresAt),
    last_used_at: iso(key.lastUsedAt),
    revoked_at: iso(key.revokedAt),
  };
}

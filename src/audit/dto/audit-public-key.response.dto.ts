import { ApiProperty } from '@nestjs/swagger';
import { AuditSigningKey } from '../../config/audit-signing-key';

const EXAMPLE_PEM = '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----\n';

/** The key that verifies the audit log's signed checkpoints (contract section 21). */
export class AuditPublicKeyDto {
  @ApiProperty({ enum: ['Ed25519'], example: 'Ed25519' })
  algorithm: 'Ed25519';

  @ApiProperty({
    type: String,
    nullable: true,
    example: '3f1c0a9b7d2e4f60',
    description: 'Names the key in every checkpoint: the first 16 hex digits of the SHA-256 of the raw public key. Null: no AUDIT_SIGNING_KEY, no checkpoints.',
  })
  key_id: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: EXAMPLE_PEM,
    description: 'The public key, PEM (SubjectPublicKeyInfo): save it and pass it to `npm run cli -- audit-verify --checkpoints <dir> --public-key <file>`.',
  })
  public_key: string | null;

  @ApiProperty({ type: 'integer', example: 300, description: 'How often the chain heads are signed (AUDIT_CHECKPOINT_INTERVAL), in seconds; also at every shutdown.' })
  checkpoint_interval_seconds: number;
}

export function toAuditPublicKey(key: AuditSigningKey | null, intervalSeconds: number): AuditPublicKeyDto {
  return {
    algorithm: 'Ed25519',
    key_id: key?.keyId ?? null,
    public_key: key === null ? null : key.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    checkpoint_interval_seconds: intervalSeconds,
  };
}

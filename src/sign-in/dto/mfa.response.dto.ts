import { ApiProperty } from '@nestjs/swagger';

export class TotpEnrolmentResponseDto {
  @ApiProperty({ example: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', description: 'The new secret in base32 (160 bits), for apps where it is typed in. Shown once.' })
  secret: string;

  @ApiProperty({
    example: 'otpauth://totp/Payments:ada%40example.com?issuer=Payments&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
    description: 'The URI an authenticator app scans as a QR code (e.g. `qrencode -t ansiutf8 "$URI"`). SHA-1, 6 digits, 30 s.',
  })
  otpauth_uri: string;
}

export class TotpEnabledResponseDto {
  @ApiProperty({ example: true })
  mfa_enabled: boolean;

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z' })
  enabled_at: string;

  @ApiProperty({
    type: [String],
    example: [
      'k7qm-3xva-pw9d',
      'h2nc-8ezr-q4ty',
      'b9wf-m3kd-7xsa',
      'p4tg-j2hv-n8cr',
      'w6ye-c9ma-t3qz',
      'r8dk-v5nu-f2wb',
      'e3sx-h7pg-k9mj',
      'u5qa-w2rf-d8yn',
      'g7bt-z4ke-s6hc',
      'n2vw-x8jd-a5mp',
    ],
    description: 'Ten recovery codes, each good for one login (or one removal of TOTP) when the app is lost. Shown only now: keep them safe.',
  })
  recovery_codes: string[];
}

export class TotpRemovedResponseDto {
  @ApiProperty({ example: false })
  mfa_enabled: boolean;

  @ApiProperty({ example: '2026-11-21T10:15:30.123Z' })
  removed_at: string;

  @ApiProperty({ type: 'integer', example: 2, description: 'Your other sessions, ended by the removal (this one stays).' })
  revoked_sessions: number;
}

import { ApiProperty } from '@nestjs/swagger';

export class DeleteUserResponseDto {
  @ApiProperty({ example: 'usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ example: true, enum: [true] })
  deleted: true;

  @ApiProperty({ type: 'integer', example: 2, description: 'Sessions of the user that were still active.' })
  revoked_sessions: number;
}

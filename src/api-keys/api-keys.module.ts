import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { UsersModule } from '../users/users.module';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';
import { ApiKeySecret } from './entities/api-key-secret.entity';
import { ApiKey } from './entities/api-key.entity';

/** Machine clients' credentials (contract section 14); registers the key check with auth's guard. */
@Module({
  imports: [TypeOrmModule.forFeature([ApiKey, ApiKeySecret]), AuthModule, AccountsModule, UsersModule, MailModule],
  controllers: [ApiKeysController],
  providers: [ApiKeysRepository, ApiKeysService],
})
export class ApiKeysModule {}

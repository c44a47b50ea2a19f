import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { AdminBootstrap } from './admin-bootstrap';
import { User } from './entities/user.entity';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Users and their roles. What it needs of accounts (above it) comes through AccountMembership, provided by AccountsModule. */
@Module({
  imports: [TypeOrmModule.forFeature([User]), AuthModule],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, AdminBootstrap],
  exports: [UsersRepository, UsersService],
})
export class UsersModule {}

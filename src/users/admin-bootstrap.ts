import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { UsersService } from './users.service';

/** Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when no admin exists yet. */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminBootstrap.name);

  constructor(
    private readonly users: UsersService,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.adminEmail === null || this.config.adminPassword === null) return;
    if (await this.users.ensureAdmin(this.config.adminEmail, this.config.adminPassword)) {
      this.logger.log(`Created the bootstrap admin ${this.config.adminEmail}`);
    }
  }
}

import { Module } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { PaymentsModule } from '../../payments.module';
import { SandboxController } from './sandbox.controller';
import { SANDBOX_PROVIDER } from './sandbox.provider';

/** The sandbox's simulate route, which the application mounts only while the sandbox is enabled. */
@Module({ imports: [PaymentsModule], controllers: [SandboxController] })
export class SandboxModule {
  static isEnabled(config: AppConfig): boolean {
    return config.payments.providers.includes(SANDBOX_PROVIDER);
  }
}

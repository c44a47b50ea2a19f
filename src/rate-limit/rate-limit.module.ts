import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { LoginThrottle } from './login-throttle';
import { MemoryRateLimitStore } from './memory-rate-limit.store';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitStore } from './rate-limit.store';
import { RedisRateLimitStore } from './redis-rate-limit.store';
import { RequestRateLimiter } from './request-rate-limiter';

@Global()
@Module({
  providers: [
    {
      provide: RateLimitStore,
      inject: [AppConfig],
      useFactory: (config: AppConfig): RateLimitStore =>
        config.redisUrl ? new RedisRateLimitStore(config.redisUrl) : new MemoryRateLimitStore(),
    },
    LoginThrottle,
    RequestRateLimiter,
    RateLimitGuard,
  ],
  exports: [RateLimitStore, LoginThrottle, RequestRateLimiter, RateLimitGuard],
})
export class RateLimitModule implements OnApplicationShutdown {
  constructor(@Inject(RateLimitStore) private readonly store: RateLimitStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

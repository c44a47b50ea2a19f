import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EmailLinkThrottle } from './email-link-throttle';
import { LoginThrottle } from './login-throttle';
import { MemoryRateLimitStore } from './memory-rate-limit.store';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitStore } from './rate-limit.store';
import { RequestRateLimiter } from './request-rate-limiter';

@Global()
@Module({
  providers: [
    {
      provide: RateLimitStore,
      inject: [AppConfig],
      // The Redis client is loaded only when Redis is configured: most single instances never need it.
      useFactory: async (config: AppConfig): Promise<RateLimitStore> => {
        if (!config.redisUrl) return new MemoryRateLimitStore();
        const { RedisRateLimitStore } = await import('./redis-rate-limit.store.js');
        return new RedisRateLimitStore(config.redisUrl);
      },
    },
    LoginThrottle,
    EmailLinkThrottle,
    RequestRateLimiter,
    RateLimitGuard,
  ],
  exports: [RateLimitStore, LoginThrottle, EmailLinkThrottle, RequestRateLimiter, RateLimitGuard],
})
export class RateLimitModule implements OnApplicationShutdown {
  constructor(@Inject(RateLimitStore) private readonly store: RateLimitStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { Metrics } from './metrics';
import { MetricsController } from './metrics.controller';

/**
 * The application's metrics. Global, so that modules above it (housekeeping)
 * register theirs; the route exists only when METRICS_TOKEN is set.
 */
@Module({})
export class MetricsModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: MetricsModule,
      global: true,
      controllers: config.metricsToken === null ? [] : [MetricsController],
      providers: [Metrics],
      exports: [Metrics],
    };
  }
}

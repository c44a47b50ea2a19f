import { Controller, Get, Header, Headers } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { prometheusContentType } from 'prom-client';
import { Public } from '../auth/decorators/public.decorator';
import { Metrics } from './metrics';

/**
 * GET /metrics for Prometheus: registered only when METRICS_TOKEN is set
 * (otherwise a 404 like any unknown route), and then answered only to
 * `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise). An operator's
 * endpoint, not part of the API: kept out of the OpenAPI document and
 * described in docs/operations.md ("Metrics").
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get()
  @Public()
  @Header('Content-Type', prometheusContentType)
  scrape(@Headers('authorization') authorization: string | undefined): Promise<string> {
    return this.metrics.scrape(authorization);
  }
}

import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../auth/decorators/public.decorator';
import { ProviderInboxService } from './provider-inbox.service';

/**
 * Every provider's inbound notifications (signed webhooks), at PROVIDER_NOTIFICATIONS_ROUTE: the pipeline
 * hands the body on as sent (RawNotificationBody), the enabled provider of that name checks its signature
 * and settles what it reports through the inbox. Public: the provider's signature is the only key. Not in
 * the OpenAPI document: providers call it, API clients never do.
 */
@ApiExcludeController()
@Public()
@Controller('v1/providers')
export class ProviderNotificationsController {
  constructor(private readonly inbox: ProviderInboxService) {}

  @Post(':provider/notifications')
  @HttpCode(200)
  async receive(@Param('provider') name: string, @Body() body: unknown, @Req() request: FastifyRequest): Promise<{ received: true }> {
    await this.inbox.receive(name, body, request.headers);
    return { received: true };
  }
}

import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { RequiresVerifiedEmail } from '../auth/decorators/verified-email.decorator';
import { ApiAcceptedResponse, ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/decorators/current-user.decorator';
import { AuthenticatedUser } from '../common/access/caller';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { ApiBodyErrors, ApiErrors } from '../common/swagger/api-errors.decorator';
import { RefusesIdempotencyKey } from '../idempotency/idempotent.decorator';
import { CreateWebhookEndpointRequestDto, RedeliverRequestDto, RotateWebhookSecretRequestDto, UpdateWebhookEndpointRequestDto } from './dto/webhook-endpoint.request.dto';
import {
  DeletedWebhookEndpointDto,
  WebhookDeliveryPageDto,
  WebhookDeliveryResponseDto,
  WebhookEndpointPageDto,
  WebhookEndpointResponseDto,
  WebhookEndpointWithSecretDto,
} from './dto/webhook-endpoint.response.dto';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { RequiresScope } from '../auth/decorators/scope.decorator';

const ENDPOINT_ID = { name: 'endpoint_id', description: 'A webhook endpoint id (`whe_...`).' };

@ApiTags('webhooks')
@Controller('v1/webhook_endpoints')
export class WebhookEndpointsController {
  constructor(private readonly webhooks: WebhookEndpointsService) {}

  @RequiresScope('webhooks:write')
  @RequiresVerifiedEmail()
  @Post()
  @RefusesIdempotencyKey()
  @ApiOperation({
    operationId: 'createWebhookEndpoint',
    summary: 'Create a webhook endpoint',
    description:
      "The account's owner receives its account's events there; an admin names an account with `account_id`, or, without " +
      'one, creates a platform-wide endpoint for every account. The answer shows the signing `secret`, once. Deliveries follow ' +
      'the Standard Webhooks specification: headers `webhook-id` (the event id), `webhook-timestamp` (Unix seconds) and ' +
      '`webhook-signature` (`v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed by the base64-decoded part of the ' +
      'secret after `whsec_`; two, space-separated, for 24 h after a rotation). URLs must be https on a public address.',
  })
  @ApiCreatedResponse({ type: WebhookEndpointWithSecretDto })
  @ApiBodyErrors('unauthorized', 'email_not_verified', 'insufficient_permissions', 'account_not_found', 'webhook_url_not_allowed')
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateWebhookEndpointRequestDto): Promise<WebhookEndpointWithSecretDto> {
    return this.webhooks.create(caller, body);
  }

  @RequiresScope('webhooks:read')
  @Get()
  @ApiOperation({ operationId: 'listWebhookEndpoints', summary: 'List webhook endpoints', description: "Your account's (owners); every one (admins). Newest first." })
  @ApiOkResponse({ type: WebhookEndpointPageDto })
  @ApiErrors('validation_error', 'unauthorized', 'insufficient_permissions', 'account_not_found')
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: PaginationQueryDto): Promise<WebhookEndpointPageDto> {
    return this.webhooks.list(caller, query);
  }

  @RequiresScope('webhooks:read')
  @Get(':endpoint_id')
  @ApiOperation({ operationId: 'getWebhookEndpoint', summary: 'Retrieve a webhook endpoint', description: 'Never shows the secret.' })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ type: WebhookEndpointResponseDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'webhook_endpoint_not_found')
  get(@CurrentUser() caller: AuthenticatedUser, @Param('endpoint_id') endpointId: string): Promise<WebhookEndpointResponseDto> {
    return this.webhooks.get(caller, endpointId);
  }

  @RequiresScope('webhooks:write')
  @Patch(':endpoint_id')
  @ApiOperation({
    operationId: 'updateWebhookEndpoint',
    summary: 'Update a webhook endpoint',
    description:
      '`status: "disabled"` stops deliveries: those already queued wait, in order, and no new event is queued (catch up with ' +
      '`GET /v1/events?after_sequence=`); `enabled` resumes them, also after the service disabled the endpoint.',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ type: WebhookEndpointResponseDto })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'webhook_endpoint_not_found', 'webhook_url_not_allowed')
  update(@CurrentUser() caller: AuthenticatedUser, @Param('endpoint_id') endpointId: string, @Body() body: UpdateWebhookEndpointRequestDto): Promise<WebhookEndpointResponseDto> {
    return this.webhooks.update(caller, endpointId, body);
  }

  @RequiresScope('webhooks:write')
  @Delete(':endpoint_id')
  @ApiOperation({ operationId: 'deleteWebhookEndpoint', summary: 'Delete a webhook endpoint', description: 'Its pending deliveries are dropped with it.' })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ type: DeletedWebhookEndpointDto })
  @ApiErrors('unauthorized', 'insufficient_permissions', 'webhook_endpoint_not_found')
  delete(@CurrentUser() caller: AuthenticatedUser, @Param('endpoint_id') endpointId: string): Promise<DeletedWebhookEndpointDto> {
    return this.webhooks.delete(caller, endpointId);
  }

  @RequiresScope('webhooks:write')
  @Post(':endpoint_id/rotate_secret')
  @HttpCode(200)
  @RefusesIdempotencyKey()
  @ApiOperation({
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the signing secret',
    description:
      'Answers the new secret, once. For 24 hours deliveries carry two signatures, with the new and the old secret. ' +
      'A person with two factors sends a current code in `mfa_code` (step-up); API keys send no body.',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiBody({ type: RotateWebhookSecretRequestDto, required: false })
  @ApiOkResponse({ type: WebhookEndpointWithSecretDto })
  @ApiBodyErrors('unauthorized', 'mfa_code_invalid', 'insufficient_permissions', 'mfa_code_required', 'webhook_endpoint_not_found')
  rotateSecret(
    @CurrentUser() caller: AuthenticatedUser,
    @Param('endpoint_id') endpointId: string,
    @Body() body: RotateWebhookSecretRequestDto,
  ): Promise<WebhookEndpointWithSecretDto> {
    return this.webhooks.rotateSecret(caller, endpointId, body);
  }

  @RequiresScope('webhooks:read')
  @Get(':endpoint_id/deliveries')
  @ApiOperation({
    operationId: 'listWebhookDeliveries',
    summary: "An endpoint's deliveries",
    description: 'Newest first: status, attempts, the last answer, the next retry and `history`, every attempt (time, status code, duration, error) newest first.',
  })
  @ApiParam(ENDPOINT_ID)
  @ApiOkResponse({ type: WebhookDeliveryPageDto })
  @ApiErrors('validation_error', 'unauthorized', 'insufficient_permissions', 'webhook_endpoint_not_found')
  deliveries(@CurrentUser() caller: AuthenticatedUser, @Param('endpoint_id') endpointId: string, @Query() query: PaginationQueryDto): Promise<WebhookDeliveryPageDto> {
    return this.webhooks.deliveriesOf(caller, endpointId, query);
  }
}

@ApiTags('webhooks')
@Controller('v1/events')
export class RedeliveryController {
  constructor(private readonly webhooks: WebhookEndpointsService) {}

  @RequiresScope('webhooks:write')
  @Post(':event_id/redeliver')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'redeliverEvent',
    summary: 'Send an event to an endpoint again',
    description:
      'Queues one more delivery of the event to the endpoint the body names (`{ "endpoint_id": "whe_..." }`, required), at once and without ' +
      'waiting for other events. `webhook-id` is the event id, as before.',
  })
  @ApiParam({ name: 'event_id', description: 'An event id (`evt_...`).' })
  @ApiAcceptedResponse({ type: WebhookDeliveryResponseDto })
  @ApiBodyErrors('unauthorized', 'insufficient_permissions', 'event_not_found', 'webhook_endpoint_not_found')
  redeliver(@CurrentUser() caller: AuthenticatedUser, @Param('event_id') eventId: string, @Body() body: RedeliverRequestDto): Promise<WebhookDeliveryResponseDto> {
    return this.webhooks.redeliver(caller, eventId, body);
  }
}

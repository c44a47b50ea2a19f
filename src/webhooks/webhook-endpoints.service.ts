import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AccountErrors } from '../accounts/accounts.errors';
import { AccountScope, actingAccountId, visibleAccountScope } from '../common/access/account-access';
import { AccessErrors } from '../common/access/access.errors';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { validationError } from '../common/errors/domain-error';
import { isId, newId } from '../common/ids/ids';
import { Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { EventErrors } from '../events/events.errors';
import { EventsRepository } from '../events/events.repository';
import { RotateWebhookSecretRequestDto, CreateWebhookEndpointRequestDto, RedeliverRequestDto, UpdateWebhookEndpointRequestDto } from './dto/webhook-endpoint.request.dto';
import {
  DeletedWebhookEndpointDto,
  toWebhookDeliveryResponse,
  toWebhookEndpointResponse,
  WebhookDeliveryResponseDto,
  WebhookEndpointResponseDto,
  WebhookEndpointWithSecretDto,
} from './dto/webhook-endpoint.response.dto';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository';
import { ALL_EVENTS } from './webhook-fan-out';
import { sealText } from '../common/crypto/sealed-text';
import { newEndpointSecret } from './webhook-secrets';
import { resolveTarget } from './webhook-url';
import { HostResolver } from './host-resolver';
import { DeliverySignal } from './delivery-signal';
import { WebhookErrors } from './webhooks.errors';
import { StepUp } from '../auth/mfa/step-up';
import { AuditAction, AuditLog } from '../common/audit/audit-log';

/** After a rotation the previous secret keeps signing this long, so receivers can switch without losing a delivery. */
const PREVIOUS_SECRET_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Webhook endpoints: an account's owner manages its account's, an admin any
 * (and platform-wide ones, which receive every account's events). Members
 * who do not own their account get `403`.
 */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    private readonly db: Database,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly events: EventsRepository,
    private readonly accounts: AccountsRepository,
    private readonly config: AppConfig,
    private readonly signal: DeliverySignal,
    private readonly resolver: HostResolver,
    private readonly audit: AuditLog,
    private readonly stepUp: StepUp,
  ) {}

  async create(caller: AuthenticatedUser, request: CreateWebhookEndpointRequestDto): Promise<WebhookEndpointWithSecretDto> {
    const accountId = isAdmin(caller) && request.account_id === undefined ? null : actingAccountId(caller, request.account_id);
    // Permission first: the URL check looks names up, which must not be an oracle for whoever signs up.
    if (accountId !== null) await this.db.run((manager) => this.requireManageable(manager, caller, accountId));
    await this.checkUrl(request.url);
    const secret = newEndpointSecret();
    return this.db.transaction(async (manager) => {
      if (accountId !== null) await this.requireManageable(manager, caller, accountId);
      const now = new Date();
      const endpoint: WebhookEndpoint = {
        id: newId('whe'),
        accountId,
        url: request.url,
        description: request.description ?? null,
        enabledEvents: normalizedEvents(request.enabled_events),
        status: 'enabled',
        sealedSecret: sealText(secret, this.config.webhookSecretKey),
        sealedPreviousSecret: null,
        previousSecretExpiresAt: null,
        failingSince: null,
        createdAt: now,
        updatedAt: now,
      };
      await this.endpoints.insert(manager, endpoint);
      await this.audited(manager, 'webhook_endpoint.created', endpoint);
      return { ...toWebhookEndpointResponse(endpoint), secret };
    });
  }

  list(caller: AuthenticatedUser, query: PaginationQueryDto): Promise<Page<WebhookEndpointResponseDto>> {
    return this.db.run(async (manager) => this.endpoints.page(manager, await this.managedScope(manager, caller), query, toWebhookEndpointResponse));
  }

  async get(caller: AuthenticatedUser, endpointId: string): Promise<WebhookEndpointResponseDto> {
    return toWebhookEndpointResponse(await this.db.run((manager) => this.findManaged(manager, caller, endpointId)));
  }

  async update(caller: AuthenticatedUser, endpointId: string, request: UpdateWebhookEndpointRequestDto): Promise<WebhookEndpointResponseDto> {
    if (Object.values(request).every((value) => value === undefined)) throw validationError('body', 'must contain at least one of url, enabled_events, description, status');
    if (request.url !== undefined) {
      await this.db.run((manager) => this.findManaged(manager, caller, endpointId));
      await this.checkUrl(request.url);
    }
    return this.db.transaction(async (manager) => {
      const endpoint = await this.findManaged(manager, caller, endpointId);
      const changes: Partial<WebhookEndpoint> = { updatedAt: new Date() };
      if (request.url !== undefined) changes.url = request.url;
      if (request.enabled_events !== undefined) changes.enabledEvents = normalizedEvents(request.enabled_events);
      if (request.description !== undefined) changes.description = request.description;
      // Enabled again by hand: its failing streak starts over.
      if (request.status !== undefined) Object.assign(changes, { status: request.status, failingSince: null });
      await this.endpoints.update(manager, endpoint.id, changes);
      if (request.status === 'enabled') this.signal.queued(manager);
      await this.audited(manager, 'webhook_endpoint.updated', endpoint);
      return toWebhookEndpointResponse({ ...endpoint, ...changes });
    });
  }

  async delete(caller: AuthenticatedUser, endpointId: string): Promise<DeletedWebhookEndpointDto> {
    return this.db.transaction(async (manager) => {
      const endpoint = await this.findManaged(manager, caller, endpointId);
      if (!(await this.endpoints.delete(manager, endpoint.id))) throw WebhookErrors.notFound();
      await this.audited(manager, 'webhook_endpoint.deleted', endpoint);
      return { id: endpoint.id, deleted: true };
    });
  }

  /** A new secret; the current one keeps signing beside it for 24 hours. */
  async rotateSecret(caller: AuthenticatedUser, endpointId: string, request: RotateWebhookSecretRequestDto): Promise<WebhookEndpointWithSecretDto> {
    await this.stepUp.require(caller, request.mfa_code);
    const secret = newEndpointSecret();
    return this.db.transaction(async (manager) => {
      const endpoint = await this.findManaged(manager, caller, endpointId);
      const now = new Date();
      const changes: Partial<WebhookEndpoint> = {
        sealedSecret: sealText(secret, this.config.webhookSecretKey),
        sealedPreviousSecret: endpoint.sealedSecret,
        previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_LIFETIME_MS),
        updatedAt: now,
      };
      await this.endpoints.update(manager, endpoint.id, changes);
      await this.audited(manager, 'webhook_endpoint.secret_rotated', endpoint);
      return { ...toWebhookEndpointResponse({ ...endpoint, ...changes }), secret };
    });
  }

  private audited(manager: EntityManager, action: AuditAction, endpoint: WebhookEndpoint): Promise<void> {
    return this.audit.record(manager, { action, accountId: endpoint.accountId, target: { type: 'webhook_endpoint', id: endpoint.id } });
  }

  deliveriesOf(caller: AuthenticatedUser, endpointId: string, query: PaginationQueryDto): Promise<Page<WebhookDeliveryResponseDto>> {
    return this.db.runOnReplica(async (manager) => {
      const endpoint = await this.findManaged(manager, caller, endpointId);
      return this.deliveries.page(manager, endpoint.id, query, toWebhookDeliveryResponse);
    });
  }

  /** Sends the event to the endpoint once more, without waiting for other events: `webhook-id` stays the event id. */
  async redeliver(caller: AuthenticatedUser, eventId: string, request: RedeliverRequestDto): Promise<WebhookDeliveryResponseDto> {
    if (!isId('evt', eventId)) throw EventErrors.notFound();
    const delivery = await this.db.transaction(async (manager) => {
      const endpoint = await this.findManaged(manager, caller, request.endpoint_id);
      const event = await this.events.findVisible(manager, visibleAccountScope(caller), eventId);
      if (event === null) throw EventErrors.notFound();
      if (endpoint.accountId !== null && endpoint.accountId !== event.stream) {
        throw validationError('endpoint_id', "must be an endpoint that receives this event's account");
      }
      const id = newId('whd');
      await this.deliveries.insert(manager, [
        { id, endpointId: endpoint.id, eventId: event.id, stream: event.stream, sequence: event.sequence, ordered: false, createdAt: new Date() },
      ]);
      this.signal.queued(manager);
      return this.deliveries.findById(manager, id);
    });
    if (delivery === null) throw new Error('the delivery just queued is missing');
    return toWebhookDeliveryResponse(delivery);
  }

  private checkUrl(url: string): Promise<unknown> {
    const rules = { allowHttp: this.config.webhookAllowHttp, allowPrivate: this.config.webhookAllowPrivate };
    return resolveTarget(url, rules, (host) => this.resolver.lookup(host));
  }

  /** Every endpoint (admins) or the account's, when the caller owns it. */
  private async managedScope(manager: EntityManager, caller: AuthenticatedUser): Promise<AccountScope> {
    if (isAdmin(caller)) return { kind: 'all' };
    if (caller.accountId === null) throw AccountErrors.notFound();
    await this.requireManageable(manager, caller, caller.accountId);
    return { kind: 'account', accountId: caller.accountId };
  }

  private async requireManageable(manager: EntityManager, caller: AuthenticatedUser, accountId: string): Promise<void> {
    if (isAdmin(caller)) {
      if (!(await this.accounts.exists(manager, accountId))) throw AccountErrors.notFound();
      return;
    }
    if (!(await this.accounts.isOwner(manager, caller.userId, accountId))) {
      throw AccessErrors.insufficientPermissions("Only the account's owner or an admin manages its webhook endpoints.");
    }
  }

  private async findManaged(manager: EntityManager, caller: AuthenticatedUser, endpointId: string): Promise<WebhookEndpoint> {
    const scope = await this.managedScope(manager, caller);
    if (!isId('whe', endpointId)) throw WebhookErrors.notFound();
    const endpoint = await this.endpoints.findVisible(manager, scope, endpointId);
    if (endpoint === null) throw WebhookErrors.notFound();
    return endpoint;
  }
}

/** `*` alone stands for everything; types appear once, sorted. */
function normalizedEvents(requested: string[]): string[] {
  return requested.includes(ALL_EVENTS) ? [ALL_EVENTS] : [...new Set(requested)].sort();
}

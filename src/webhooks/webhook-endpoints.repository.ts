import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccountScope } from '../common/access/account-access';
import { fetchPage, Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { sql } from '../database/sql';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity';

/** The endpoints an event of one account reaches: the account's own and the platform-wide ones. */
const ENABLED_FOR_ACCOUNT = sql`SELECT id, enabled_events FROM webhook_endpoints WHERE status = 'enabled' AND (account_id = $1 OR account_id IS NULL)`;
const ENABLED_PLATFORM_WIDE = sql`SELECT id, enabled_events FROM webhook_endpoints WHERE status = 'enabled' AND account_id IS NULL`;

/** Records a delivery's outcome on its endpoint: a success ends a failing streak; a long enough streak disables it. */
const MARK_SUCCEEDED = sql`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`;
const MARK_FAILED = sql`UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, $2) WHERE id = $1`;
const DISABLE_FAILING = sql`UPDATE webhook_endpoints SET status = 'disabled', updated_at = $2
  WHERE id = $1 AND status = 'enabled' AND failing_since IS NOT NULL AND failing_since <= $3`;

export interface SubscribedEndpoint {
  id: string;
  enabledEvents: string[];
}

/** The webhook_endpoints table. */
@Injectable()
export class WebhookEndpointsRepository {
  async insert(manager: EntityManager, endpoint: WebhookEndpoint): Promise<void> {
    await manager.insert(WebhookEndpoint, endpoint);
  }

  findById(manager: EntityManager, endpointId: string): Promise<WebhookEndpoint | null> {
    return manager.findOneBy(WebhookEndpoint, { id: endpointId });
  }

  /** The endpoint when the scope reaches it: an account's own (admins: any, platform-wide ones included). */
  findVisible(manager: EntityManager, scope: AccountScope, endpointId: string): Promise<WebhookEndpoint | null> {
    if (scope.kind === 'none') return Promise.resolve(null);
    return manager.findOneBy(WebhookEndpoint, scope.kind === 'account' ? { id: endpointId, accountId: scope.accountId } : { id: endpointId });
  }

  page<Item>(manager: EntityManager, scope: AccountScope, pagination: PaginationQueryDto, toItem: (row: WebhookEndpoint) => Item): Promise<Page<Item>> {
    if (scope.kind === 'none') return Promise.resolve({ data: [], has_more: false, next_cursor: null });
    const builder = manager.createQueryBuilder(WebhookEndpoint, 'endpoint');
    if (scope.kind === 'account') builder.where('endpoint.accountId = :accountId', { accountId: scope.accountId });
    return fetchPage(builder, pagination, toItem);
  }

  async update(manager: EntityManager, endpointId: string, changes: Partial<WebhookEndpoint>): Promise<void> {
    await manager.update(WebhookEndpoint, { id: endpointId }, changes);
  }

  async delete(manager: EntityManager, endpointId: string): Promise<boolean> {
    return ((await manager.delete(WebhookEndpoint, { id: endpointId })).affected ?? 0) === 1;
  }

  /** The enabled endpoints that receive the events of a stream (null: the platform's, which only platform-wide ones get). */
  async enabledFor(manager: EntityManager, accountId: string | null): Promise<SubscribedEndpoint[]> {
    const rows =
      accountId === null
        ? await ENABLED_PLATFORM_WIDE.rows<{ id: string; enabled_events: string }>(manager, [])
        : await ENABLED_FOR_ACCOUNT.rows<{ id: string; enabled_events: string }>(manager, [accountId]);
    return rows.map((row) => ({ id: row.id, enabledEvents: JSON.parse(row.enabled_events) as string[] }));
  }

  async markSucceeded(manager: EntityManager, endpointId: string): Promise<void> {
    await MARK_SUCCEEDED.run(manager, [endpointId]);
  }

  /** Starts or continues a failing streak; disables the endpoint once it has failed since `giveUpBefore`. Whether it did. */
  async markFailed(manager: EntityManager, endpointId: string, now: Date, giveUpBefore: Date): Promise<boolean> {
    await MARK_FAILED.run(manager, [endpointId, now.getTime()]);
    return (await DISABLE_FAILING.run(manager, [endpointId, now.getTime(), giveUpBefore.getTime()])) === 1;
  }
}

import { Injectable } from '@nestjs/common';
import { listedAccountScope, visibleAccountScope } from '../common/access/account-access';
import { AuthenticatedUser } from '../common/access/caller';
import { validationError } from '../common/errors/domain-error';
import { isId } from '../common/ids/ids';
import { decodeCursor, encodeCursor, INVALID_CURSOR_MESSAGE } from '../common/pagination/cursor';
import { createdRangeOf } from '../common/pagination/created-range';
import { Page } from '../common/pagination/page';
import { DEFAULT_PAGE_SIZE } from '../common/pagination/pagination-query.dto';
import { Database } from '../database/database';
import { EventResponseDto, toEventResponse } from './dto/event.response.dto';
import { ListEventsQueryDto } from './dto/list-events.query.dto';
import { EventErrors } from './events.errors';
import { EventFilters, EventsRepository } from './events.repository';

@Injectable()
export class EventsService {
  constructor(
    private readonly db: Database,
    private readonly events: EventsRepository,
  ) {}

  /** Newest first; with `after_sequence`, one account's events after it, oldest first. */
  list(caller: AuthenticatedUser, query: ListEventsQueryDto): Promise<Page<EventResponseDto>> {
    const scope = listedAccountScope(caller, query.account_id, 'events');
    const filters: EventFilters = {
      types: query.type,
      ...createdRangeOf(query),
    };
    if (query.after_sequence === undefined) return this.db.runOnReplica((manager) => this.events.page(manager, scope, filters, query, toEventResponse));
    if (scope.kind === 'all') throw validationError('after_sequence', 'reads one account: admins name it with account_id');
    if (scope.kind === 'none') return Promise.resolve({ data: [], has_more: false, next_cursor: null });
    const afterSequence = query.after_sequence;
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    return this.db.run(async (manager) => {
      // A cursor continues after the last event of the previous page.
      let after = afterSequence;
      if (query.cursor !== undefined) {
        const last = await this.events.findVisible(manager, scope, decodeCursor(query.cursor).id);
        if (last === null) throw validationError('cursor', INVALID_CURSOR_MESSAGE);
        after = Math.max(after, last.sequence);
      }
      const rows = await this.events.after(manager, scope.accountId, after, filters, limit + 1);
      const shown = rows.slice(0, limit);
      const hasMore = rows.length > limit;
      return { data: shown.map(toEventResponse), has_more: hasMore, next_cursor: hasMore ? encodeCursor({ id: shown[shown.length - 1].id }) : null };
    });
  }

  async get(caller: AuthenticatedUser, eventId: string): Promise<EventResponseDto> {
    if (!isId('evt', eventId)) throw EventErrors.notFound();
    const event = await this.db.run((manager) => this.events.findVisible(manager, visibleAccountScope(caller), eventId));
    if (event === null) throw EventErrors.notFound();
    return toEventResponse(event);
  }
}

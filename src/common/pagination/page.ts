import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { decodeCursor, encodeCursor } from './cursor';
import { DEFAULT_PAGE_SIZE, PaginationQueryDto } from './pagination-query.dto';

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface PageOptions {
  /**
   * Joined columns equal to the row id (a join on it). They get the cursor bound
   * too, because planners do not carry it across the join, and the first one
   * orders the page: the database then walks the joined table's index from the
   * cursor on, instead of sorting every match (SQLite) or reading from the top.
   */
  sameIdColumns?: string[];
}

/**
 * Keyset pagination, newest first. Ids are time-ordered, so `id < cursor`
 * with `ORDER BY id DESC` walks the list without OFFSET: a deep page costs
 * what the first page costs, and rows inserted meanwhile never shift a page.
 */
export async function fetchPage<Entity extends ObjectLiteral & { id: string }, Item>(
  query: SelectQueryBuilder<Entity>,
  pagination: PaginationQueryDto,
  toItem: (row: Entity) => Item,
  options: PageOptions = {},
): Promise<Page<Item>> {
  const alias = query.alias;
  const limit = pagination.limit ?? DEFAULT_PAGE_SIZE;
  if (pagination.cursor !== undefined) {
    const cursorId = decodeCursor(pagination.cursor).id;
    for (const column of [`${alias}.id`, ...(options.sameIdColumns ?? [])]) query.andWhere(`${column} < :cursorId`, { cursorId });
  }
  const rows = await query
    .orderBy(options.sameIdColumns?.[0] ?? `${alias}.id`, 'DESC')
    .limit(limit + 1)
    .getMany();
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  return {
    data: pageRows.map(toItem),
    has_more: hasMore,
    next_cursor: hasMore ? encodeCursor({ id: pageRows[pageRows.length - 1].id }) : null,
  };
}

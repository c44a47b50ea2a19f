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

/** A query of one page and how it is paged. */
export interface PageQuery<Entity extends ObjectLiteral> {
  query: SelectQueryBuilder<Entity>;
  options?: PageOptions;
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
  return fetchMergedPage([{ query, options }], pagination, toItem);
}

/**
 * One page of the union of several queries whose rows are disjoint (the
 * transactions an account sent, and the transfers it receives): each query
 * walks its own index for one page from the cursor, and the newest rows of
 * them all make the page. The cost stays that of one page per query.
 */
export async function fetchMergedPage<Entity extends ObjectLiteral & { id: string }, Item>(
  queries: readonly PageQuery<Entity>[],
  pagination: PaginationQueryDto,
  toItem: (row: Entity) => Item,
): Promise<Page<Item>> {
  const { limit, cursorId } = pageBounds(pagination);
  // One after the other: inside a transaction they share one connection.
  const pages: Entity[][] = [];
  for (const { query, options } of queries) pages.push(await pageRows(query, limit, cursorId, options ?? {}));
  return mergedPage(pages, limit, toItem);
}

/** The page size asked for (or the default) and the id the cursor names, if any. */
export function pageBounds(pagination: PaginationQueryDto): { limit: number; cursorId: string | undefined } {
  return { limit: pagination.limit ?? DEFAULT_PAGE_SIZE, cursorId: pagination.cursor === undefined ? undefined : decodeCursor(pagination.cursor).id };
}

/**
 * The page made of several walks' rows (each up to limit + 1, newest first, disjoint): the newest `limit` of
 * them all, and the cursor of the next page when there are more.
 */
export function mergedPage<Entity extends { id: string }, Item>(pages: readonly Entity[][], limit: number, toItem: (row: Entity) => Item): Page<Item> {
  const rows = pages.length === 1 ? pages[0] : pages.flat().sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const hasMore = rows.length > limit;
  const shown = hasMore ? rows.slice(0, limit) : rows;
  return {
    data: shown.map(toItem),
    has_more: hasMore,
    next_cursor: hasMore ? encodeCursor({ id: shown[shown.length - 1].id }) : null,
  };
}

/** Up to limit + 1 rows from the cursor on, newest first. */
function pageRows<Entity extends ObjectLiteral & { id: string }>(
  query: SelectQueryBuilder<Entity>,
  limit: number,
  cursorId: string | undefined,
  options: PageOptions,
): Promise<Entity[]> {
  const alias = query.alias;
  if (cursorId !== undefined) {
    for (const column of [`${alias}.id`, ...(options.sameIdColumns ?? [])]) query.andWhere(`${column} < :cursorId`, { cursorId });
  }
  return query
    .orderBy(options.sameIdColumns?.[0] ?? `${alias}.id`, 'DESC')
    .limit(limit + 1)
    .getMany();
}

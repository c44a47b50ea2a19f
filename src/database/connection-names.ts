/**
 * The `application_name` of each pool's PostgreSQL connections, so that an operator reading
 * pg_stat_activity (or PgBouncer's SHOW CLIENTS) tells the requests' connections from the webhook worker's.
 */
export const CONNECTION_NAMES = { requests: 'payments-api', webhooks: 'payments-webhooks' } as const;

import { Sql } from '../database/sql';
import { Table } from '../database/table';
import { PaymentRequest } from './entities/payment-request.entity';

/** The payment_requests table, described once by its entity. */
export const PAYMENT_REQUESTS = new Table(PaymentRequest);
export const PAYMENT_COLUMNS = PAYMENT_REQUESTS.columnList;

/** Read without the ORM's entity building: these are on the paths of every refund, every read by id and every page opened. */
export const PAYMENT_BY_ID = new Sql(`SELECT ${PAYMENT_COLUMNS} FROM payment_requests WHERE id = $1`);
export const PAYMENT_BY_CHECKOUT_TOKEN = new Sql(`SELECT ${PAYMENT_COLUMNS} FROM payment_requests WHERE checkout_token = $1`);
export const PAYMENT_OF_ACCOUNT_BY_ID = new Sql(`SELECT ${PAYMENT_COLUMNS} FROM payment_requests WHERE id = $1 AND account_id = $2`);

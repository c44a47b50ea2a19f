import { Catch } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AllExceptionsFilter } from '../common/errors/all-exceptions.filter';
import { DomainError } from '../common/errors/domain-error';
import { ErrorCode, statusOf } from '../common/errors/error-codes';
import { sendPage } from './page-headers';
import { errorPage } from './views/checkout-pages';

const TITLES: Partial<Record<ErrorCode, string>> = {
  payment_not_found: 'Payment link not valid',
  insufficient_permissions: 'Please reload the page',
  account_closed: 'Payment unavailable',
  rate_limited: 'Too many attempts',
  service_unavailable: 'Temporarily unavailable',
  internal_error: 'Something went wrong',
};

/**
 * The checkout pages' errors: the same mapping as the API's (one filter maps
 * failures), answered as a page a customer can read instead of JSON.
 */
@Catch()
export class CheckoutErrorPageFilter extends AllExceptionsFilter {
  protected override send(request: FastifyRequest, reply: FastifyReply, error: DomainError): void {
    for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
    const title = TITLES[error.code] ?? 'We could not read this form';
    sendPage(reply.header('x-request-id', String(request.id)), statusOf(error.code), errorPage(title, error.description, String(request.id)).toString());
  }
}

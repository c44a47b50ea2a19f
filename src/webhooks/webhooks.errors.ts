import { DomainError } from '../common/errors/domain-error';

export const WebhookErrors = {
  notFound: () => new DomainError('webhook_endpoint_not_found', 'No such webhook endpoint.'),
  urlNotAllowed: (reason: string) => new DomainError('webhook_url_not_allowed', `This webhook URL is not allowed: ${reason}.`),
};

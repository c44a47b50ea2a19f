import { DomainError } from '../common/errors/domain-error';

export const EventErrors = {
  notFound: () => new DomainError('event_not_found', 'No such event.'),
};

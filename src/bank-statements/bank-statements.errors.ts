import { DomainError, validationError } from '../common/errors/domain-error';
import { STATEMENT_MEDIA_TYPES } from './formats/statement-formats';
import { StatementFormatError } from './statement-line';

/** An amount in minor units and its currency. */
interface Money {
  amount: number;
  currency: string;
}

export const BankStatementErrors = {
  unsupportedMediaType: () =>
    new DomainError('unsupported_media_type', `Send the statement as camt.053 or camt.054 XML, MT940 text or CSV: Content-Type one of ${STATEMENT_MEDIA_TYPES.join(', ')}.`),
  statementNotFound: () => new DomainError('bank_statement_not_found', 'No such bank statement.'),
  lineNotFound: () => new DomainError('bank_statement_line_not_found', 'No such bank statement line.'),
  lineNotUnmatched: (status: string) => new DomainError('line_not_unmatched', `The line is ${status}: only an unmatched line can be matched or ignored.`),
  amountMismatch: (line: Money, request: Money) =>
    new DomainError('amount_mismatch', `The line is ${line.amount} ${line.currency} (minor units); the request asks for ${request.amount} ${request.currency}.`),
  requestNotOpen: (status: string) => new DomainError('request_not_open', `The request is ${status}: only a pending bank_transfer request can be settled by a statement line.`),
  profileNotFound: (name: string) => new DomainError('bank_statement_profile_not_found', `No bank statement profile is named ${name}.`),
  profileExists: (name: string) => new DomainError('bank_statement_profile_exists', `A bank statement profile is already named ${name}.`),
  /** A statement that cannot be read: `400` naming the line, or the statement for a fault of the whole document. */
  malformed: (error: StatementFormatError) =>
    validationError(error.line === null ? 'statement' : `line ${error.line}`, error.entryId === null ? error.problem : `entry ${error.entryId}: ${error.problem}`),
};

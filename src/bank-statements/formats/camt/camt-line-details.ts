import { parseCreditorReference } from '../../../payments/providers/bank-transfer/creditor-reference';
import type { StatementPosition } from '../../statement-line';
import type { ParsedLine } from '../statement-format';
import { compactIban, cutText, firstCreditorReference, MAX_NAME_LENGTH, MAX_REMITTANCE_LENGTH } from '../statement-text';
import { idValue, textValue } from './camt-values';
import { child, children, path, type XmlNode } from './camt-xml';

/** What a line says besides its date and amount: ids, references, free text, the payer. */
export type LineDetails = Pick<ParsedLine, 'bankId' | 'creditorReference' | 'references' | 'remittance' | 'debtorName' | 'debtorIban'>;

/**
 * The ids of a transaction's Refs that are references of the line, in the schema's (so the file's) order. MsgId and
 * PmtInfId are left out: they name the payer's whole message or batch, shared by all its transactions, not the line.
 */
const TRANSACTION_REFERENCES = ['AcctSvcrRef', 'InstrId', 'EndToEndId', 'UETR', 'TxId'];
/** What a payer's bank writes when the payer gave no end-to-end id: no reference. */
const NOT_PROVIDED = 'NOTPROVIDED';

/**
 * The details of a line made of an entry and the transactions (TxDtls) it stands for: none (an entry without
 * details), its only one, one of a batch, or all of a batch that could not be split (their amounts not given).
 * The bank's id is the transaction's AcctSvcrRef when the line is one transaction, else the entry's, else NtryRef.
 */
export function lineDetails(entry: XmlNode, transactions: readonly XmlNode[], at: StatementPosition): LineDetails {
  const only = transactions.length === 1 ? transactions[0] : undefined;
  const entryIds = [idValue(child(entry, 'NtryRef'), 'NtryRef', at), idValue(child(entry, 'AcctSvcrRef'), 'AcctSvcrRef', at)];
  const perTransaction = transactions.map((transaction) => ({ ids: transactionReferences(transaction, at), structured: structuredReferences(transaction, at) }));
  const structured = perTransaction.flatMap((references) => references.structured);
  const unstructured = joined(transactions.flatMap((transaction) => children(child(transaction, 'RmtInf'), 'Ustrd').map((part) => textValue(part, 'Ustrd', at))));
  const transactionInfo = joined(transactions.map((transaction) => textValue(child(transaction, 'AddtlTxInf'), 'AddtlTxInf', at)));
  const entryInfo = textValue(child(entry, 'AddtlNtryInf'), 'AddtlNtryInf', at);
  const references = [...entryIds, ...perTransaction.flatMap(({ ids, structured: own }) => [...ids, ...own])];
  return {
    bankId: idValue(path(only, 'Refs', 'AcctSvcrRef'), 'Refs/AcctSvcrRef', at) ?? entryIds[1] ?? entryIds[0],
    creditorReference: structured.map(parseCreditorReference).find((reference) => reference !== null) ?? firstCreditorReference([unstructured, transactionInfo, entryInfo]),
    references: [...new Set(references.filter((reference) => reference !== null))],
    remittance: cutText(unstructured ?? transactionInfo ?? entryInfo, MAX_REMITTANCE_LENGTH),
    ...debtorOf(only, at),
  };
}

function transactionReferences(transaction: XmlNode, at: StatementPosition): (string | null)[] {
  const refs = child(transaction, 'Refs');
  return TRANSACTION_REFERENCES.map((name) => idValue(child(refs, name), `Refs/${name}`, at)).filter((reference) => reference !== NOT_PROVIDED);
}

/** Every RmtInf/Strd/CdtrRefInf/Ref, RF or not (a Swiss QRR or ISR reference, a national one), as written. */
function structuredReferences(transaction: XmlNode, at: StatementPosition): string[] {
  return children(child(transaction, 'RmtInf'), 'Strd')
    .map((structured) => idValue(path(structured, 'CdtrRefInf', 'Ref'), 'CdtrRefInf/Ref', at))
    .filter((reference) => reference !== null);
}

/** The payer of a line that is one transaction: RltdPties/Dbtr/Nm (Dbtr/Pty/Nm from .08 on) and DbtrAcct/Id/IBAN. */
function debtorOf(transaction: XmlNode | undefined, at: StatementPosition): Pick<LineDetails, 'debtorName' | 'debtorIban'> {
  const parties = child(transaction, 'RltdPties');
  const name = textValue(path(parties, 'Dbtr', 'Nm') ?? path(parties, 'Dbtr', 'Pty', 'Nm'), 'Dbtr/Nm', at);
  const iban = idValue(path(parties, 'DbtrAcct', 'Id', 'IBAN'), 'DbtrAcct/Id/IBAN', at);
  return { debtorName: cutText(name, MAX_NAME_LENGTH), debtorIban: iban === null ? null : compactIban(iban) };
}

/** Texts joined by spaces, null when there is none. */
function joined(texts: readonly (string | null)[]): string | null {
  const present = texts.filter((value) => value !== null);
  return present.length === 0 ? null : present.join(' ');
}

import { formatMinorUnits } from './minor-units';

/** The namespace of ISO 20022 Customer Credit Transfer Initiation, version 9. */
export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** The platform's bank account, the debtor of every credit transfer (BANK_TRANSFER_IBAN, _BIC, _BENEFICIARY). */
export interface DebtorAccount {
  readonly iban: string;
  readonly bic: string;
  readonly name: string;
}

/** What the file's header says of the batch: written before its transactions, so known beforehand (the batch row). */
export interface BatchHeader {
  readonly id: string;
  readonly createdAt: Date;
  readonly executionDate: string;
  readonly payoutCount: number;
  readonly totalAmount: number;
  readonly currency: string;
}

/** One credit transfer: a payout with its destination unsealed (only while the file is written, never stored). */
export interface CreditTransfer {
  readonly endToEndId: string;
  readonly amount: number;
  readonly currency: string;
  readonly iban: string;
  readonly bic: string | null;
  readonly name: string;
  readonly reference: string | null;
}

/**
 * A pain.001.001.09 credit transfer initiation, written as it is read: the header (the batch's count and control
 * sum, from its row), then one CdtTrfTx per payout as the pages of them arrive, then the closing tags. Memory stays
 * that of one page of payouts whatever the size of the batch. One PmtInf (one debtor account, one execution date,
 * batch booking); SEPA service level, charges shared (SLEV); `EndToEndId` the payout's id, which the bank's
 * statement gives back with the debit and with a return.
 */
export async function* pain001(batch: BatchHeader, debtor: DebtorAccount, transfers: AsyncIterable<readonly CreditTransfer[]>): AsyncGenerator<string> {
  const count = String(batch.payoutCount);
  const sum = formatMinorUnits(batch.totalAmount);
  yield (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Document xmlns="${PAIN_001_NAMESPACE}">\n<CstmrCdtTrfInitn>\n` +
    `<GrpHdr><MsgId>${text(batch.id)}</MsgId><CreDtTm>${isoSeconds(batch.createdAt)}</CreDtTm><NbOfTxs>${count}</NbOfTxs><CtrlSum>${sum}</CtrlSum>` +
    `<InitgPty><Nm>${name(debtor.name)}</Nm></InitgPty></GrpHdr>\n` +
    `<PmtInf><PmtInfId>${text(batch.id)}</PmtInfId><PmtMtd>TRF</PmtMtd><BtchBookg>true</BtchBookg><NbOfTxs>${count}</NbOfTxs><CtrlSum>${sum}</CtrlSum>` +
    '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>' +
    `<ReqdExctnDt><Dt>${batch.executionDate}</Dt></ReqdExctnDt>` +
    `<Dbtr><Nm>${name(debtor.name)}</Nm></Dbtr><DbtrAcct><Id><IBAN>${text(debtor.iban)}</IBAN></Id></DbtrAcct>` +
    `<DbtrAgt><FinInstnId><BICFI>${text(debtor.bic)}</BICFI></FinInstnId></DbtrAgt><ChrgBr>SLEV</ChrgBr>\n`
  );
  for await (const page of transfers) {
    let chunk = '';
    for (const transfer of page) chunk += creditTransfer(transfer);
    yield chunk;
  }
  yield '</PmtInf>\n</CstmrCdtTrfInitn>\n</Document>\n';
}

function creditTransfer(transfer: CreditTransfer): string {
  const agent = transfer.bic === null ? '' : `<CdtrAgt><FinInstnId><BICFI>${text(transfer.bic)}</BICFI></FinInstnId></CdtrAgt>`;
  const remittance = transfer.reference === null ? '' : `<RmtInf><Ustrd>${text(transfer.reference)}</Ustrd></RmtInf>`;
  return (
    `<CdtTrfTxInf><PmtId><EndToEndId>${text(transfer.endToEndId)}</EndToEndId></PmtId>` +
    `<Amt><InstdAmt Ccy="${transfer.currency}">${formatMinorUnits(transfer.amount)}</InstdAmt></Amt>${agent}` +
    `<Cdtr><Nm>${name(transfer.name)}</Nm></Cdtr><CdtrAcct><Id><IBAN>${text(transfer.iban)}</IBAN></Id></CdtrAcct>${remittance}</CdtTrfTxInf>\n`
  );
}

/** YYYY-MM-DDThh:mm:ss, UTC with its offset: the form every bank's parser takes. */
function isoSeconds(instant: Date): string {
  return `${instant.toISOString().slice(0, 19)}+00:00`;
}

/** A name as Max70Text: cut to 70 characters (the platform's own name is not checked at start-up). */
function name(value: string): string {
  return text([...value].slice(0, 70).join(''));
}

/** Text escaped for XML content and attributes. */
function text(value: string): string {
  return value.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]);
}

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

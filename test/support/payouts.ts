import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { ApiClient } from './api-client';
import { createAccount, expectStatus, LoggedIn, registerAndLogin } from './factories';

/** Payouts (contract section 23): funded accounts, payouts, batch files checked against the official XSD, statements of them. */

export type Owner = LoggedIn & { accountId: string };

/** IBANs with valid check digits, one per SEPA country used here (the examples of each country's IBAN registry entry). */
export const IBANS = {
  DE: 'DE89370400440532013000',
  FR: 'FR1420041010050500013M02606',
  NL: 'NL91ABNA0417164300',
  ES: 'ES9121000418450200051332',
  AT: 'AT611904300234573201',
  BE: 'BE68539007547034',
} as const;

/** The EPC's pain.001.001.09 XSD for SEPA credit transfers (test/fixtures/payouts/SOURCES.md). */
const PAIN_001_XSD = join(process.cwd(), 'test', 'fixtures', 'payouts', 'pain.001.001.09.xsd');

/** A new owner of a new account (the app's default mode) that forbids overdrafts, with `posted` EUR on its balance. */
export async function fundedOwner(api: ApiClient, admin: LoggedIn, posted: number, overdraft: 'forbidden' | 'allowed' = 'forbidden'): Promise<Owner> {
  const owner = await registerAndLogin(api);
  const account = await createAccount(api, owner.token, { overdraft });
  if (posted > 0) {
    const credit = await api.post('/v1/transactions', { type: 'credit', amount: posted, currency: 'EUR', description: 'Sales' }, { token: owner.token });
    expectStatus(credit, 201);
    expectStatus(await api.post(`/v1/transactions/${credit.body.id}/post`, {}, { token: admin.token }), 200);
  }
  return { ...owner, accountId: account.id };
}

/** A payout's body: 100.00 EUR to a German IBAN, unless told otherwise. */
export function payoutBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { amount: 10000, currency: 'EUR', destination: { iban: IBANS.DE, bic: 'COBADEFFXXX', name: 'Analytical Engines Ltd' }, reference: 'Payout 2026-11', ...fields };
}

export interface PayoutBody {
  id: string;
  account_id: string;
  amount: number;
  status: string;
  batch_id: string | null;
  transaction_id: string;
  failure_code: string | null;
  destination: { iban_last4: string; bic: string | null; name: string };
}

export async function createPayout(api: ApiClient, token: string, fields: Record<string, unknown> = {}): Promise<PayoutBody> {
  const response = await api.post<PayoutBody>('/v1/payouts', payoutBody(fields), { token });
  expectStatus(response, 201);
  return response.body;
}

export interface EuroBalance {
  posted: number;
  pending: number;
  available: number;
}

export async function euroBalance(api: ApiClient, token: string): Promise<EuroBalance> {
  const balances = (await api.get('/v1/account/balances', { token })).body.balances as (EuroBalance & { currency: string })[];
  const euros = balances.find((balance) => balance.currency === 'EUR');
  return { posted: euros?.posted ?? 0, pending: euros?.pending ?? 0, available: euros?.available ?? 0 };
}

/** The books balance and every invariant holds (GET /v1/ledger/check, as `npm run cli -- ledger-check`). */
export async function assertLedgerBalanced(api: ApiClient, admin: LoggedIn): Promise<void> {
  const check = await api.get('/v1/ledger/check', { token: admin.token });
  expectStatus(check, 200);
  assert.equal(check.body.ok, true, JSON.stringify(check.body));
}

/** The errors libxml2 finds in a pain.001 document against the official XSD (none: valid). */
export async function painErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: { fileName: 'batch.xml', contents: xml }, schema: { fileName: 'pain.001.001.09.xsd', contents: readFileSync(PAIN_001_XSD, 'utf8') } });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

/** Downloads a batch's file and checks it against the XSD: its text. */
export async function validBatchFile(api: ApiClient, admin: LoggedIn, batchId: string): Promise<string> {
  const response = await api.get<string>(`/v1/payout_batches/${batchId}/file`, { token: admin.token });
  expectStatus(response, 200);
  assert.match(response.headers.get('content-type') ?? '', /^application\/xml/);
  assert.deepEqual(await painErrors(response.body), [], 'the file is valid against the pain.001.001.09 XSD');
  return response.body;
}

/** The EndToEndIds of a pain.001 file, in file order. */
export function endToEndIds(xml: string): string[] {
  return [...xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((match) => match[1]);
}

export interface StatementPayout {
  payoutId: string;
  amount: number;
  /** The bank's id of the transaction (AcctSvcrRef). */
  entryId: string;
  /** A return (a credit with RtrInf and this reason code); absent: the payout's debit. */
  returnReason?: string;
}

function euros(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A camt.053.001.08 statement of the platform's account as its bank writes it: one booked entry per payout, a debit
 * (ICDT) whose transaction gives the payout's id back as EndToEndId, or a return (a credit with RtrInf/Rsn/Cd).
 */
export function payoutStatement(lines: readonly StatementPayout[], iban = IBANS.DE): string {
  const entries = lines
    .map((line) => {
      const direction = line.returnReason === undefined ? 'DBIT' : 'CRDT';
      const subFamily = line.returnReason === undefined ? 'ESCT' : 'RRTN';
      const returned = line.returnReason === undefined ? '' : `<RtrInf><Rsn><Cd>${line.returnReason}</Cd></Rsn></RtrInf>`;
      return (
        `<Ntry><Amt Ccy="EUR">${euros(line.amount)}</Amt><CdtDbtInd>${direction}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
        `<BookgDt><Dt>2026-11-25</Dt></BookgDt><ValDt><Dt>2026-11-25</Dt></ValDt><AcctSvcrRef>${line.entryId}</AcctSvcrRef>` +
        `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>${subFamily}</SubFmlyCd></Fmly></Domn></BkTxCd>` +
        `<NtryDtls><TxDtls><Refs><AcctSvcrRef>${line.entryId}</AcctSvcrRef><EndToEndId>${line.payoutId}</EndToEndId></Refs>` +
        `<Amt Ccy="EUR">${euros(line.amount)}</Amt><CdtDbtInd>${direction}</CdtDbtInd>${returned}</TxDtls></NtryDtls></Ntry>\n`
      );
    })
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">\n<BkToCstmrStmt>\n' +
    '<GrpHdr><MsgId>STMT-PAYOUTS</MsgId><CreDtTm>2026-11-25T18:00:00+01:00</CreDtTm></GrpHdr>\n' +
    `<Stmt><Id>STMT-2026-11-25</Id><CreDtTm>2026-11-25T18:00:00+01:00</CreDtTm><Acct><Id><IBAN>${iban}</IBAN></Id></Acct>\n` +
    `${entries}</Stmt>\n</BkToCstmrStmt>\n</Document>\n`
  );
}

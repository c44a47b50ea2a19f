/**
 * The request examples of POST /v1/bank_statements: one credit of 49.99 EUR quoting the RF reference of the
 * example bank-transfer request (RF02 4Z8X 9T2M 3N4P 5Q6R 7S8T 9), and one debit that the import ignores.
 */
export const CAMT053_EXAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>STMT-2026-11-25</MsgId><CreDtTm>2026-11-25T18:00:00Z</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT-2026-11-25-1</Id>
      <CreDtTm>2026-11-25T18:00:00Z</CreDtTm>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry>
        <NtryRef>1</NtryRef>
        <Amt Ccy="EUR">49.99</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-25</Dt></BookgDt>
        <ValDt><Dt>2026-11-25</Dt></ValDt>
        <AcctSvcrRef>2026112500017</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Amt Ccy="EUR">49.99</Amt>
          <RltdPties><Dbtr><Pty><Nm>Grace Hopper</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp><Ref>RF024Z8X9T2M3N4P5Q6R7S8T9</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <NtryRef>2</NtryRef>
        <Amt Ccy="EUR">12.00</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-11-25</Dt></BookgDt>
        <AcctSvcrRef>2026112500018</AcctSvcrRef>
        <BkTxCd><Domn><Cd>ACMT</Cd><Fmly><Cd>MDOP</Cd><SubFmlyCd>CHRG</SubFmlyCd></Fmly></Domn></BkTxCd>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;

export const CSV_EXAMPLE = `booking_date,amount,currency,reference,entry_id
2026-11-25,49.99,EUR,RF02 4Z8X 9T2M 3N4P 5Q6R 7S8T 9,2026112500017
2026-11-25,-12.00,EUR,,2026112500018
`;

/** The same credit as SWIFT MT940: one :61: credit with its :86: text, one debit. */
export const MT940_EXAMPLE = `:20:STMT-2026-11-25
:25:DE89370400440532013000
:28C:00001/001
:60F:C261124EUR1000,00
:61:2611251125C49,99NTRFNONREF//2026112500017
:86:Grace Hopper RF02 4Z8X 9T2M 3N4P 5Q6R 7S8T 9
:61:2611251125D12,00NCHGNONREF//2026112500018
:86:Account fee
:62F:C261125EUR1037,99
-
`;

/** The request body of POST /v1/bank_statements, by media type. */
export const STATEMENT_REQUEST_BODY = {
  required: true,
  content: {
    'application/xml': { schema: { type: 'string' }, examples: { camt053: { summary: 'A camt.053 statement with one credit and one debit', value: CAMT053_EXAMPLE } } },
    'text/plain': { schema: { type: 'string' }, examples: { mt940: { summary: 'The same lines as MT940', value: MT940_EXAMPLE } } },
    'text/csv': { schema: { type: 'string' }, examples: { csv: { summary: 'The same lines as CSV', value: CSV_EXAMPLE } } },
  },
};

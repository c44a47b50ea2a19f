import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from '../../../common/ids/ids';
import { createCreditorReference, creditorReferenceFor, findCreditorReference, formatCreditorReference, parseCreditorReference } from './creditor-reference';

/** Published ISO 11649 examples (the standard's own RF18 5390 0754 7034, and others widely quoted). */
const KNOWN_VALID = ['RF18539007547034', 'RF712348231', 'RF97C2H5OH', 'RF45G72UUR', 'RF6518K5'];

describe('ISO 11649 creditor references', () => {
  it('compute the check digits of the published examples from their bodies', () => {
    for (const reference of KNOWN_VALID) assert.equal(createCreditorReference(reference.slice(4)), reference);
  });

  it('pad single-digit check digits with a zero and accept a body of 21 characters', () => {
    assert.equal(createCreditorReference('7'), 'RF097');
    const references = ['1', '7', 'A', 'Z', '42', 'ABC', '99999', 'HELLO'].map(createCreditorReference);
    for (const reference of references) assert.equal(parseCreditorReference(reference), reference);
    const longest = createCreditorReference('123456789012345678901');
    assert.equal(longest.length, 25);
    assert.equal(parseCreditorReference(longest), longest);
  });

  it('refuse bodies that are empty, too long, lower case or not alphanumeric', () => {
    for (const body of ['', '1234567890123456789012', 'abc', 'AB-1', 'AB 1', 'ÄBC']) {
      assert.throws(() => createCreditorReference(body), RangeError, body);
    }
  });

  it('print in groups of four', () => {
    assert.equal(formatCreditorReference('RF18539007547034'), 'RF18 5390 0754 7034');
    assert.equal(formatCreditorReference('RF712348231'), 'RF71 2348 231');
    assert.equal(formatCreditorReference('RF6518K5'), 'RF65 18K5');
  });

  it('read back the print form, lower case and stray spaces as the electronic form', () => {
    assert.equal(parseCreditorReference('RF18 5390 0754 7034'), 'RF18539007547034');
    assert.equal(parseCreditorReference('rf71 2348 231'), 'RF712348231');
    assert.equal(parseCreditorReference(' RF97 C2H5 OH '), 'RF97C2H5OH');
  });

  it('refuse wrong check digits, swapped characters and what is not a reference', () => {
    for (const text of [
      'RF19539007547034', // check digits off by one
      'RF18539007547043', // last two characters swapped
      'RF18539007547035', // a body character changed
      'RF81539007547034', // check digits swapped
      'RF18', // no body
      'RF185390075470341234567890', // body of 22
      'XX18539007547034',
      'RFAB539007547034',
      'RF18-5390-0754-7034',
      '',
    ]) {
      assert.equal(parseCreditorReference(text), null, text);
    }
  });

  it('find a reference inside remittance text, in either form, and nothing where there is none', () => {
    assert.equal(findCreditorReference('Invoice 12, rf18 5390 0754 7034, thanks'), 'RF18539007547034');
    assert.equal(findCreditorReference('RF712348231/ORDER 7'), 'RF712348231');
    assert.equal(findCreditorReference('PAYMENT RF18 5390 0754 7034 ABC'), 'RF18539007547034');
    assert.equal(findCreditorReference('REF RF19539007547034 invoice 42'), null);
    assert.equal(findCreditorReference('Invoice 2026-11 SURF18 course'), null);
    assert.equal(findCreditorReference(''), null);
  });

  it("derive a payment request's reference from its id: valid, stable, distinct within one millisecond", () => {
    const ids = Array.from({ length: 1000 }, () => newId('pay'));
    const references = ids.map(creditorReferenceFor);
    for (const [index, reference] of references.entries()) {
      assert.match(reference, /^RF[0-9]{2}[0-9A-HJKMNP-TV-Z]{21}$/);
      assert.equal(parseCreditorReference(reference), reference);
      assert.equal(creditorReferenceFor(ids[index]), reference);
      assert.equal(reference.slice(4), ids[index].slice(-21));
    }
    assert.equal(new Set(references).size, references.length);
  });

  it('refuse to derive a reference from anything but a payment id', () => {
    for (const id of ['acc_01JDAB3XYZ0123456789ABCDEF', 'pay_01JDAB3XYZ0123456789ABCDE', 'pay_01jdab3xyz0123456789abcdef', '']) {
      assert.throws(() => creditorReferenceFor(id), RangeError, id);
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { passwordProblem } from './password-policy';

const EMAIL = 'ada@example.com';

describe('passwordProblem (NIST SP 800-63B-4)', () => {
  it('accepts long passphrases of any characters, without composition rules', () => {
    for (const password of ['correct horse battery staple', 'zzzzzzzzzzzzzzy' + 'q', 'пароль-для-банка-2026', '🔐🔐 emoji are fine here', 'x'.repeat(127) + 'y']) {
      assert.equal(passwordProblem(password, EMAIL), null, password);
    }
  });

  it('counts length in characters, from 15 to 128', () => {
    assert.match(passwordProblem('abcdefghijklmn'.replace('n', 'z'), EMAIL) ?? '', /at least 15/);
    assert.equal(passwordProblem('🔐'.repeat(7) + 'correct h', EMAIL), null);
    assert.match(passwordProblem('q'.repeat(100) + 'w'.repeat(29), EMAIL) ?? '', /at most 128/);
  });

  it('refuses the email, common passwords and trivial patterns', () => {
    assert.match(passwordProblem('Ada@Example.com', 'ada@example.com') ?? '', /email/);
    assert.match(passwordProblem('adalovelace1815', 'adalovelace1815@example.com') ?? '', /email/);
    assert.match(passwordProblem('1qaz2wsx3edc4rfv', EMAIL) ?? '', /common/);
    assert.match(passwordProblem('PasswordPassword', EMAIL) ?? '', /common|guess/);
    assert.match(passwordProblem('aaaaaaaaaaaaaaaa', EMAIL) ?? '', /guess/);
    assert.match(passwordProblem('abcabcabcabcabcabc', EMAIL) ?? '', /guess/);
    assert.match(passwordProblem('123456789012345', EMAIL) ?? '', /guess/);
    assert.match(passwordProblem('zyxwvutsrqponmlk', EMAIL) ?? '', /guess/);
    assert.match(passwordProblem('password1234567', EMAIL) ?? '', /padded|common/);
    assert.match(passwordProblem('1234567dragon', EMAIL) ?? '', /at least 15|padded/);
  });
});

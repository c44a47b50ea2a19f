import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 15;
export const PASSWORD_MAX_LENGTH = 128;

/** About 50,000 common passwords shipped with @zxcvbn-ts/language-common, lower-cased. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

const SEQUENCES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p'];

/**
 * NIST SP 800-63B-4 rules for a single-factor password: length 15..128 in
 * characters (code points), any characters, no composition rules; refused when it
 * is the email, a known common password, or a trivially guessable pattern
 * (one character or chunk repeated, a keyboard or alphabet run, a common word
 * padded with such a run). Returns the problem, or null when acceptable.
 */
export function passwordProblem(password: string, email: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  const lowered = password.toLowerCase();
  const normalizedEmail = email.trim().toLowerCase();
  if (lowered === normalizedEmail || lowered === normalizedEmail.split('@')[0]) return 'must not be the email address';
  if (COMMON_PASSWORDS.has(lowered)) return 'is a commonly used password; choose another';
  if (isRepetition(lowered) || isRun(lowered)) return 'is too easy to guess (a repeated or sequential pattern); choose another';
  const padded = /^(\p{L}+)([^\p{L}]+)$/u.exec(lowered) ?? /^([^\p{L}]+)(\p{L}+)$/u.exec(lowered);
  if (padded) {
    const [, first, second] = padded;
    const [word, padding] = /\p{L}/u.test(first) ? [first, second] : [second, first];
    if (COMMON_PASSWORDS.has(word) && (isRepetition(padding) || isRun(padding))) {
      return 'is a common password padded with a simple pattern; choose another';
    }
  }
  return null;
}

/** "aaaa", "abcabcabc", "passwordpassword": one chunk repeated. */
function isRepetition(text: string): boolean {
  return /^(.{1,8}?)\1+$/su.test(text);
}

/** A contiguous run of a common sequence, forwards or backwards, possibly wrapping ("7890123"). */
function isRun(text: string): boolean {
  if (text.length < 3) return false;
  return SEQUENCES.some((sequence) => {
    const forwards = sequence.repeat(Math.ceil(text.length / sequence.length) + 1);
    const backwards = [...forwards].reverse().join('');
    return forwards.includes(text) || backwards.includes(text);
  });
}

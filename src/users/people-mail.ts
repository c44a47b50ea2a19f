import { html, SafeHtml } from '../common/html/html';
import { NewMail } from '../mail/mail-outbox';

/**
 * The mails people receive about their own sign-in (contract section 22): plain text and simple HTML, each saying
 * what happened and what to do if it was not them. A link carries a token; nothing else secret is ever written.
 */

function mail(to: string, subject: string, paragraphs: readonly string[], link?: { url: string; label: string }): NewMail {
  const text = [...paragraphs.slice(0, 1), ...(link ? [link.url] : []), ...paragraphs.slice(1)].join('\n\n');
  const linkHtml: SafeHtml | false = link !== undefined && html`<p><a href="${link.url}">${link.label}</a></p>`;
  const body = html`<!doctype html><html><body>${paragraphs.slice(0, 1).map((paragraph) => html`<p>${paragraph}</p>`)}${linkHtml}${paragraphs
    .slice(1)
    .map((paragraph) => html`<p>${paragraph}</p>`)}</body></html>`;
  return { to, subject, text: `${text}\n`, html: body.toString() };
}

function validFor(seconds: number): string {
  if (seconds % 86400 === 0) return `${seconds / 86400} day${seconds === 86400 ? '' : 's'}`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export const PeopleMail = {
  verifyEmail: (to: string, name: string, url: string, ttlSeconds: number): NewMail =>
    mail(
      to,
      'Confirm your email address',
      [
        `Hello ${name}, please confirm that ${to} is your email address by opening this link:`,
        `The link works once, for ${validFor(ttlSeconds)}. If you did not sign up or ask for this, ignore this mail.`,
      ],
      { url, label: 'Confirm my email address' },
    ),

  confirmNewEmail: (to: string, name: string, url: string, ttlSeconds: number): NewMail =>
    mail(
      to,
      'Confirm your new email address',
      [
        `Hello ${name}, you asked to use ${to} to sign in. It takes effect once you open this link:`,
        `The link works once, for ${validFor(ttlSeconds)}. If you did not ask for this, ignore this mail: nothing changes.`,
      ],
      { url, label: 'Use this email address' },
    ),

  passwordReset: (to: string, name: string, url: string, ttlSeconds: number): NewMail =>
    mail(
      to,
      'Reset your password',
      [
        `Hello ${name}, someone (hopefully you) asked to reset the password of ${to}. To choose a new one, open this link:`,
        `The link works once, for ${validFor(ttlSeconds)}. If you did not ask for this, ignore this mail: your password stays as it is.`,
      ],
      { url, label: 'Choose a new password' },
    ),

  passwordChanged: (to: string, name: string, how: 'changed' | 'reset'): NewMail =>
    mail(to, `Your password was ${how}`, [
      `Hello ${name}, the password of ${to} was just ${how}${how === 'reset' ? ' through a link mailed to this address, and every session was signed out' : ''}.`,
      'If this was not you, reset your password at once and tell your administrator.',
    ]),

  emailChanged: (to: string, name: string, newEmail: string): NewMail =>
    mail(to, 'Your email address was changed', [
      `Hello ${name}, your account now signs in with ${newEmail} instead of ${to}. Mail about it goes there from now on.`,
      'If this was not you, contact your administrator at once.',
    ]),

  totpEnabled: (to: string, name: string): NewMail =>
    mail(to, 'Two-factor sign-in is on', [
      `Hello ${name}, signing in as ${to} now needs a code from your authenticator app as well as your password.`,
      'Keep your recovery codes somewhere safe: each one signs you in once if you lose the app. If this was not you, reset your password and tell your administrator at once.',
    ]),

  totpRemoved: (to: string, name: string): NewMail =>
    mail(to, 'Two-factor sign-in was turned off', [
      `Hello ${name}, signing in as ${to} no longer needs a code from your authenticator app, and your other sessions were signed out.`,
      'If this was not you, reset your password, turn two-factor sign-in on again and tell your administrator at once.',
    ]),

  apiKeyCreated: (to: string, name: string, keyName: string, prefix: string, accountId: string | null): NewMail =>
    mail(to, 'A new API key was created', [
      `Hello ${name}, you created the API key "${keyName}" (${prefix}…) for ${accountId === null ? 'the platform' : `account ${accountId}`}.`,
      'If this was not you, revoke it at once (DELETE /v1/api_keys/{id}) and tell your administrator.',
    ]),
};

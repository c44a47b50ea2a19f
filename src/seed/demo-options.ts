// What `npm run seed` can be asked for, and what it reports.

export interface DemoDataSize {
  accounts: number;
  /** Users per account besides its owner. */
  membersPerAccount: number;
  transactions: number;
  paymentRequests: number;
}

export const DEMO_SIZES = {
  small: { accounts: 5, membersPerAccount: 2, transactions: 2_000, paymentRequests: 200 },
  medium: { accounts: 50, membersPerAccount: 2, transactions: 100_000, paymentRequests: 5_000 },
  large: { accounts: 200, membersPerAccount: 2, transactions: 1_000_000, paymentRequests: 20_000 },
} as const satisfies Record<string, DemoDataSize>;

export type DemoSizeName = keyof typeof DEMO_SIZES;

export const DEMO_EMAIL_DOMAIN = 'demo.example';
/** Shared by every demo user; long enough and uncommon enough for the password policy, so it reads as a real one. */
export const DEMO_PASSWORD = 'demo passphrase for the sandbox';
/** Created only when the database has no admin at all (ADMIN_EMAIL/ADMIN_PASSWORD unset). */
export const DEMO_ADMIN_EMAIL = `admin@${DEMO_EMAIL_DOMAIN}`;

export interface DemoAccountSummary {
  name: string;
  status: 'open' | 'closed';
  ownerEmail: string;
  memberEmails: string[];
}

export interface DemoDataSummary {
  accounts: DemoAccountSummary[];
  users: number;
  transactions: number;
  metadataEntries: number;
  paymentRequests: number;
  succeededPayments: number;
  admin: { email: string; createdBySeed: boolean };
}

/** The database already holds demo users: a second run would double every table. */
export class DemoDataPresentError extends Error {
  constructor() {
    super(
      `The database already contains demo data (users @${DEMO_EMAIL_DOMAIN}); seeding again would double it. ` +
        'Seed an empty database instead (a new SQLite file or a new PostgreSQL database).',
    );
  }
}

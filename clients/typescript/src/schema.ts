/**
 * Generated from docs/openapi.json by clients/typescript/scripts/generate.js: do not edit.
 * Run `npm run generate` in clients/typescript after `npm run openapi:write` at the root.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process answers (touches neither the database nor Redis)
         * @description Answers `200` while the process serves HTTP, whatever the state of the database and Redis: restart the process when it does not.
         */
        get: operations["liveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database answers; reports the database and Redis
         * @description 200 with `status: "ok"`, or `"degraded"` when Redis cannot be reached (rate limits are then counted per instance). 503 `service_unavailable` with `Retry-After` when the database cannot be used, with the same `checks`.
         */
        get: operations["readiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Invalidate a session and revoke its tokens
         * @description Ends the caller's own session, or the session named by `session_id` (another user's session: admins only). The access and refresh tokens of the session stop working on the next request.
         *
         *     Access token only: API keys get `403`.
         */
        delete: operations["invalidateSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's sessions
         * @description Newest first, active and invalidated, so that a user can end sessions on other devices.
         *
         *     Access token only: API keys get `403`.
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description Admins see every user; members see their account's users (or only themselves without an account).
         *
         *     API keys need the scope `users:read`.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Register a user
         * @description Signup needs no token. With the access token of an account owner, `account_id` adds the user to that account; an admin may also set `role`. API keys never create people (`403`), platform keys with `admin` included.
         *
         *     Access token only: API keys get `403`.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a user
         * @description Yourself, a user of your account, or any user for admins.
         *
         *     API keys need the scope `users:read`.
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        /**
         * Delete a user
         * @description Permanent. Its sessions and tokens stop working at once and its email can register again. Allowed for the user itself, its account's owner and admins, with a person's session (API keys: `403`). The owner of an open account must close it first.
         *
         *     Access token only: API keys get `403`.
         */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /**
         * Partially update a user
         * @description Only the fields sent change. Yourself or, for admins, anyone; `role` is for admins only. An API key with `users:write` changes a user's `name` only (`403` for `role`, `email` and `password`).
         *
         *     API keys need the scope `users:write`.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/v1/auth/verify_email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an email address with the token of a mailed link
         * @description Needs only the token (no session): the link works once, for EMAIL_TOKEN_TTL (24 h), and only the newest link sent to a user for an address counts. For a change of email the new address becomes `email` now, and the old one is told.
         */
        post: operations["verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/verify_email/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a new verification link
         * @description To the address your email change waits for, else to your own while it is unverified; earlier links stop working. Limited per address (EMAIL_LINKS_PER_HOUR).
         *
         *     Access token only: API keys get `403`.
         */
        post: operations["resendEmailVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/password_reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password reset link
         * @description Answers 202 with no body, in the same time, whether or not a user has the email; if one does, a link valid for PASSWORD_RESET_TTL (30 min) is mailed to it. Limited per email (EMAIL_LINKS_PER_HOUR) and per client address (PASSWORD_RESETS_PER_HOUR_PER_IP).
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/password_reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the token of a reset link
         * @description The password policy of signup applies. Every session of the user ends, every other reset link stops working, a notice goes to the user's address, and the address counts as verified (the link proved it). Two-factor authentication, when enabled, still applies at the next login.
         */
        post: operations["confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open an account
         * @description Opens an individual or business account owned by the caller, who joins it. An admin may open one for another user with `owner_user_id`. A user belongs to at most one account.
         *
         *     API keys need the scope `accounts:write`.
         */
        post: operations["createAccount"];
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update account details
         * @description Name, email, preferences (merged key by key; null removes a key) and the `overdraft` rule. The owner updates its account; an admin names any account with `?account_id=`. An account may forbid overdrafts only while no available balance of it is below zero (`409 insufficient_funds`).
         *
         *     API keys need the scope `accounts:write`.
         */
        patch: operations["updateAccount"];
        trace?: never;
    };
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's account
         * @description The account of the user the access token belongs to.
         *
         *     API keys need the scope `accounts:read`.
         */
        get: operations["getOwnAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List all accounts (admins)
         * @description Newest first; filter by type and status.
         *
         *     API keys need the scope `accounts:read`.
         */
        get: operations["listAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your account's balances
         * @description One row per currency the account has used, in minor units: `posted` (posted credits - posted debits), `pending` (`posted` + pending credits - pending debits) and `available` (`posted` - pending debits). They are kept with every entry, so reading them costs the same however many entries exist. With `as_of`, the `posted` balance of each currency as it stood at that instant. Admins name the account with `account_id`.
         *
         *     API keys need the scope `balances:read`.
         */
        get: operations["getBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transactions
         * @description Newest first. Members see their account's transactions and the transfers it receives (from its side: `direction` `credit`); admins see all, or one account's with `account_id`. Filters combine with AND; `metadata[key]=value` matches exactly and may be repeated with other keys (at most 10).
         *
         *     API keys need the scope `transactions:read`.
         */
        get: operations["listTransactions"];
        put?: never;
        /**
         * Create a transaction
         * @description Books a `pending` transaction on your account (admins: on `account_id`), with its two ledger entries. The type implies the direction, except for `adjustment`, which needs one. A `transfer` moves money from the account to `counterparty_account_id`, which must be another open account, and shows in both accounts. On an account whose `overdraft` is `forbidden`, a debit above the available balance of its currency is `409 insufficient_funds`. A refund may name the payment or credit it refunds (`refunded_transaction_id`, not reversed); every refund of it, by this route or a payment request's refunds route, draws on what is left of it (`409 refund_exceeds_payment`), and a refund of a payment request's settlement credit counts in the request's `amount_refunded`. Amounts are integers in minor units.
         *
         *     API keys need the scope `transactions:write`.
         */
        post: operations["createTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{transaction_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a transaction
         * @description One of your account's transactions, or a transfer it receives, from its side (any, for admins).
         *
         *     API keys need the scope `transactions:read`.
         */
        get: operations["getTransaction"];
        put?: never;
        post?: never;
        /**
         * Cancel a pending transaction
         * @description pending -> canceled: it will never settle, and what it held in the balances is released. Of concurrent requests exactly one succeeds. Only the sender cancels a transfer (the receiver gets `403`). A payment whose refunds are not canceled cannot be canceled (`409 refund_exceeds_payment`). The transaction of a refund object (booked by `POST /v1/payments/{payment_id}/refunds`) settles with its refund: `409 transaction_belongs_to_refund`; a payout’s debit moves with its payout: `409 transaction_belongs_to_payout`.
         *
         *     API keys need the scope `transactions:write`.
         */
        delete: operations["cancelTransaction"];
        options?: never;
        head?: never;
        /**
         * Amend a transaction
         * @description Metadata (merged key by key; null removes a key), reference ids and notes, in any status. Fields fixed at creation (`amount`, `currency`, `type`, `direction`, `account_id`, `status`, `description`, `counterparty_account_id`) are refused with `422 immutable_field`.
         *
         *     API keys need the scope `transactions:write`.
         */
        patch: operations["updateTransaction"];
        trace?: never;
    };
    "/v1/transactions/{transaction_id}/post": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Post a pending transaction (admins)
         * @description pending -> posted: the transaction is settled. Of concurrent requests exactly one succeeds. A refund posts once what it refunds has posted (`409 transaction_not_posted`). The transaction of a refund object settles with its refund (`POST /v1/refunds/{refund_id}/confirm`): `409 transaction_belongs_to_refund`; a payout’s, with its payout: `409 transaction_belongs_to_payout`.
         *
         *     API keys need the scope `transactions:write`.
         */
        post: operations["postTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transactions/{transaction_id}/reverse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reverse a posted transaction (admins)
         * @description Books the correcting transaction: the same type, amount and currency the other way round, posted at once, with `reverses_transaction_id` naming the original; the original shows `reversed_by_transaction_id` and gets `transaction.reversed`. A transfer moves back from its receiver. Not posted: `409 transaction_not_posted`; a second reversal (also a concurrent one): `409 transaction_already_reversed`. A payment or credit with refunds that are not canceled gives back by them: it cannot also be reversed (`409 transaction_has_refunds`), and once reversed it cannot be refunded. An account that forbids overdrafts must have the funds the reversal debits (`409 insufficient_funds`).
         *
         *     API keys need the scope `transactions:write`.
         */
        post: operations["reverseTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payment requests
         * @description Newest first. Members see their account's requests; admins see all, or one account's with `account_id`. Filters combine with AND; `status` filters as requests read now (an unpaid request past `expires_at` is `expired`).
         *
         *     API keys need the scope `payments:read`.
         */
        get: operations["listPayments"];
        put?: never;
        /**
         * Create a payment request
         * @description A request for money to send to a customer (product, subscription or invoice), paid at `payment_url`. It expires unpaid after 7 days unless `expires_at` says otherwise. With `capture_method: manual` the customer only authorizes and the funds are held until captured. On success the account receives one posted `credit` transaction.
         *
         *     API keys need the scope `payments:write`.
         */
        post: operations["createPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{payment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a payment request
         * @description One of your account's payment requests (any, for admins).
         *
         *     API keys need the scope `payments:read`.
         */
        get: operations["getPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{payment_id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of a payment request
         * @description pending, authorized, succeeded, failed, canceled or expired; once succeeded, `transaction_id` is the credit it booked.
         *
         *     API keys need the scope `payments:read`.
         */
        get: operations["getPaymentStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{payment_id}/capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Capture an authorized payment request
         * @description The account owner or an admin. Charges the funds an authorization holds, all of them or `amount` of them (the rest is released; more than authorized is `400 validation_error`): `authorized` becomes `succeeded`, `amount_captured` says what was charged, and the account receives its posted `credit` transaction of that amount. Anything else, or an authorization past `expires_at`, is `409 payment_not_pending`. Of concurrent captures exactly one succeeds.
         *
         *     API keys need the scope `payments:write`.
         */
        post: operations["capturePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{payment_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a payment request
         * @description The account owner or an admin. A `pending` request is withdrawn and an `authorized` one released: both become `canceled`, and the checkout page shows it without a form. Anything else is `409 payment_not_pending`.
         *
         *     API keys need the scope `payments:write`.
         */
        post: operations["cancelPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payment_providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the enabled payment providers
         * @description The providers this deployment enables (PAYMENT_PROVIDERS, SANDBOX), in order of preference, with the account modes each serves and what each supports. A payment request names one in `provider`, or goes to the first that serves its account's mode.
         *
         *     API keys need the scope `payments:read`.
         */
        get: operations["listPaymentProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{payment_id}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a payment request's refunds
         * @description Newest first; members of the account may read them.
         *
         *     API keys need the scope `payments:read`.
         */
        get: operations["listRefunds"];
        put?: never;
        /**
         * Refund a payment request
         * @description The account owner or an admin gives money of a `succeeded` request back to its customer through the provider that took it. `amount` defaults to what is left. The refund books a `refund` transaction (`direction: debit`, `refunded_transaction_id`: the request's credit): posted once the provider succeeds (the sandbox: at once), canceled if it fails, pending meanwhile (bank transfers: until an admin confirms the bank's answer). The request's refunds (pending and succeeded, by this route or as `refund` transactions naming its credit) never add up to more than it captured (`409 refund_exceeds_payment`, also under concurrency); a request whose credit was reversed has nothing left to refund (`409 payment_not_refundable`); an account that forbids overdrafts must have the funds (`409 insufficient_funds`). A replay by Idempotency-Key answers the refund as its creation committed it.
         *
         *     API keys need the scope `payments:write`.
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{refund_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a refund
         * @description One of your account's refunds (any, for admins).
         *
         *     API keys need the scope `payments:read`.
         */
        get: operations["getRefund"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/refunds/{refund_id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the bank's answer to a pending refund (admins)
         * @description Bank-transfer refunds wait for this: `succeeded` posts the refund transaction, `failed` cancels it and gives its amount back to the request's refundable sum. A refund that is not pending is `409 transaction_not_pending`; of concurrent answers exactly one counts.
         *
         *     API keys need the scope `payments:write`.
         */
        post: operations["confirmRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payouts
         * @description Newest first. Members: their account's; admins: all, or one account's.
         *
         *     API keys need the scope `payouts:read`.
         */
        get: operations["listPayouts"];
        put?: never;
        /**
         * Pay out an account's balance to a bank account
         * @description The account owner, an admin (naming `account_id`) or an API key with `payouts:write`. A SEPA credit transfer in EUR to `destination` (IBAN of a SEPA country, checked for its length and check digits; optional BIC; a name of at most 70 characters in the SEPA character set). It books a pending `payout` debit that reserves the amount at once (`available` drops; an account that forbids overdrafts must have it: `409 insufficient_funds`). The IBAN is stored sealed and shown only by its last four characters. The payout waits (`pending`) for an admin to put it in a batch file; a test-mode payout never enters one (see the test helpers).
         *
         *     API keys need the scope `payouts:write`.
         */
        post: operations["createPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payouts/{payout_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a payout
         * @description One of your account's payouts (any, for admins).
         *
         *     API keys need the scope `payouts:read`.
         */
        get: operations["getPayout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payouts/{payout_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending payout
         * @description pending -> canceled: its debit is canceled and the reserved amount is available again. A payout in a batch file (or later) is `409 payout_not_cancelable`; of racing cancels and batches exactly one wins.
         *
         *     API keys need the scope `payouts:write`.
         */
        post: operations["cancelPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/payouts/{payout_id}/paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test mode: the bank paid a payout
         * @description A test-mode payout (they never enter a batch file) moves pending -> paid and its debit posts. Live payouts: `403 test_mode_only`.
         *
         *     API keys need the scope `payouts:write`.
         */
        post: operations["testPayoutPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/test_helpers/payouts/{payout_id}/returned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test mode: the bank returned a payout
         * @description A test-mode payout, pending or paid, moves to returned with `failure_code` the reason: its debit posts (if it had not) and a posted `payout` credit books the amount back. Live payouts: `403 test_mode_only`.
         *
         *     API keys need the scope `payouts:write`.
         */
        post: operations["testPayoutReturned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payout_batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payout batches (admins)
         * @description Newest first.
         *
         *     API keys need the scope `payouts:read`.
         */
        get: operations["listPayoutBatches"];
        put?: never;
        /**
         * Put pending payouts into a pain.001 batch file (admins)
         * @description Every pending live EUR payout, or those of `payout_ids` that are, moves to `in_transit` in one new batch; a payout joins one batch only, also under concurrency. None left: `409 payout_batch_empty`. Download the file from `file_url` and upload it in the bank’s portal.
         *
         *     API keys need the scope `payouts:write`.
         */
        post: operations["createPayoutBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payout_batches/{batch_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a payout batch (admins)
         * @description API keys need the scope `payouts:read`.
         */
        get: operations["getPayoutBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payout_batches/{batch_id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a batch's pain.001.001.09 file (admins)
         * @description ISO 20022 Customer Credit Transfer Initiation V09 (valid against its XSD and the EPC SEPA implementation guidelines): the debtor is the platform's bank account (`BANK_TRANSFER_IBAN`, `_BIC`, `_BENEFICIARY`), `EndToEndId` each payout's id, `MsgId` and `PmtInfId` the batch id. Built from the payouts on each download (never stored) and streamed; the same each time.
         *
         *     API keys need the scope `payouts:read`.
         */
        get: operations["getPayoutBatchFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{payment_id}/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Drive a test-mode payment request
         * @description Test mode only, and only while the sandbox is enabled (SANDBOX; without it this route does not exist): a live request is `403 test_mode_only`. The account owner or an admin. `authorized` (manual capture) and `failed` follow `pending`; `succeeded` follows `pending`, or `authorized` for manual capture, and books the posted credit; `failed` is final. Any other move, or one past `expires_at`, is `409 payment_not_pending`. Of concurrent requests exactly one moves the request.
         *
         *     API keys need the scope `payments:write`.
         */
        post: operations["simulatePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description Every change, recorded in the same database transaction as the change. Members see their account's events; admins see all, or one account's with `account_id`. Newest first; with `after_sequence` (one account), the events after that sequence, oldest first: sequences have no gaps, so a consumer can tell what it missed. Kept at least 30 days.
         *
         *     API keys need the scope `events:read`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{event_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an event
         * @description One of your account's events (any, for admins).
         *
         *     API keys need the scope `events:read`.
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit_log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List audit entries
         * @description Security-relevant actions, successes and failures, append-only. Admins see every entry, or one account's with `account_id`; an account's owner its account's; anyone else 403. Newest first. Each entry carries its chain's `previous_hash` and its `hash`; `npm run cli -- audit-verify` checks the chains. Kept AUDIT_RETENTION (default 400 days).
         *
         *     API keys need the scope `audit:read`.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit_log/public_key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the key that verifies audit checkpoints
         * @description Every AUDIT_CHECKPOINT_INTERVAL and at shutdown the server signs each audit chain's head with Ed25519 under AUDIT_SIGNING_KEY, a key the database never holds, and writes the checkpoint to the log and to AUDIT_CHECKPOINT_DIR. This is the public half: `npm run cli -- audit-verify --checkpoints <dir> --public-key <file>` holds every chain against the newest checkpoint. Null fields: checkpoints are off (no AUDIT_SIGNING_KEY). Any authenticated caller; API keys need `audit:read`.
         *
         *     API keys need the scope `audit:read`.
         */
        get: operations["getAuditPublicKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Your account's (owners); every one (admins). Newest first.
         *
         *     API keys need the scope `webhooks:read`.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description The account's owner receives its account's events there; an admin names an account with `account_id`, or, without one, creates a platform-wide endpoint for every account. The answer shows the signing `secret`, once. Deliveries follow the Standard Webhooks specification: headers `webhook-id` (the event id), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed by the base64-decoded part of the secret after `whsec_`; two, space-separated, for 24 h after a rotation). URLs must be https on a public address.
         *
         *     API keys need the scope `webhooks:write`.
         *
         *     `Idempotency-Key` is not accepted here: a request that sends the header, even empty, is `400 validation_error`. The answer holds a secret, and answers kept for replays never hold one. Send the request without it; if its answer is lost, delete what it created (or rotate again) and retry.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a webhook endpoint
         * @description Never shows the secret.
         *
         *     API keys need the scope `webhooks:read`.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Its pending deliveries are dropped with it.
         *
         *     API keys need the scope `webhooks:write`.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description `status: "disabled"` stops deliveries: those already queued wait, in order, and no new event is queued (catch up with `GET /v1/events?after_sequence=`); `enabled` resumes them, also after the service disabled the endpoint.
         *
         *     API keys need the scope `webhooks:write`.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/v1/webhook_endpoints/{endpoint_id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Answers the new secret, once. For 24 hours deliveries carry two signatures, with the new and the old secret. A person with two factors sends a current code in `mfa_code` (step-up); API keys send no body.
         *
         *     API keys need the scope `webhooks:write`.
         *
         *     `Idempotency-Key` is not accepted here: a request that sends the header, even empty, is `400 validation_error`. The answer holds a secret, and answers kept for replays never hold one. Send the request without it; if its answer is lost, delete what it created (or rotate again) and retry.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook_endpoints/{endpoint_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An endpoint's deliveries
         * @description Newest first: status, attempts, the last answer, the next retry and `history`, every attempt (time, status code, duration, error) newest first.
         *
         *     API keys need the scope `webhooks:read`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{event_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event to an endpoint again
         * @description Queues one more delivery of the event to the endpoint the body names (`{ "endpoint_id": "whe_..." }`, required), at once and without waiting for other events. `webhook-id` is the event id, as before.
         *
         *     API keys need the scope `webhooks:write`.
         */
        post: operations["redeliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bank_statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List imported bank statements
         * @description Admins only. Newest first.
         *
         *     API keys need the scope `payments:read`.
         */
        get: operations["listBankStatements"];
        put?: never;
        /**
         * Import a bank statement and settle the bank transfers it shows
         * @description Admins only. The body is the statement itself, up to 20 MiB: ISO 20022 camt.053 or camt.054 XML (`.001.02` and later, any namespace prefix, with or without a byte-order mark; `Content-Type: application/xml`), SWIFT MT940 (`text/plain` or `application/x-mt940`), the CSV of this API (`text/csv`, header `booking_date,amount,currency,reference,entry_id`), or a bank's own CSV export read through a profile (`text/csv` and `?profile=NAME`). The whole statement is read and checked before anything is applied: a malformed one is `400 validation_error` naming the line, and nothing of it is applied. Each booked credit (one per transaction of a batch) quoting an open `bank_transfer` request's RF reference with its amount and currency settles it as a card payment does, one database transaction per line, in the mode `?mode=` names (default live). Debits, entries not booked, reversals and zero amounts are skipped and counted. Lines are kept by mode, account and entry id: importing a statement again, or one that repeats lines, settles nothing twice (no Idempotency-Key is needed), and an import the database stopped part-way (`503`) is completed by importing it again. The answer is the reconciliation report; unmatched lines wait in `GET /v1/bank_statement_lines`.
         *
         *     API keys need the scope `payments:write`.
         */
        post: operations["importBankStatement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bank_statements/{statement_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an imported bank statement and its report
         * @description Admins only.
         *
         *     API keys need the scope `payments:read`.
         */
        get: operations["getBankStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bank_statement_lines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bank statement lines: the reconciliation inbox
         * @description Admins only. Newest first. `status=unmatched` is what no request claimed: match it by hand or ignore it. Each line shows what the bank said of it.
         *
         *     API keys need the scope `payments:read`.
         */
        get: operations["listBankStatementLines"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bank_statement_lines/{line_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a bank statement line
         * @description Admins only.
         *
         *     API keys need the scope `payments:read`.
         */
        get: operations["getBankStatementLine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bank_statement_lines/{line_id}/match": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle a request with an unmatched line, by hand
         * @description Admins only. For the credit whose payer typed the reference wrong: settles a pending `bank_transfer` request of the same mode, currency and amount as the import would have (credit, ledger entries, `payment.succeeded`), and marks the line matched, in one database transaction, audited (`bank_statement_line.matched`). Of concurrent decisions on one line one wins; the others are `409 line_not_unmatched`.
         *
         *     API keys need the scope `payments:write`.
         */
        post: operations["matchBankStatementLine"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bank_statement_lines/{line_id}/ignore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set an unmatched line aside, with the reason
         * @description Admins only. The money stays unsettled (returned or booked by other means); audited (`bank_statement_line.ignored`). One winner as for match.
         *
         *     API keys need the scope `payments:write`.
         */
        post: operations["ignoreBankStatementLine"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bank_statement_profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bank statement profiles
         * @description Admins only. By name.
         *
         *     API keys need the scope `payments:read`.
         */
        get: operations["listBankStatementProfiles"];
        put?: never;
        /**
         * Describe a bank's CSV export, so it can be imported as it is
         * @description Admins only. Columns are named by their header; `date_format` in the tokens `YYYY`, `MM`, `DD`; `skip_rows` the lines above the header row. Name either `amount` (signed) or `credit` and `debit`, and either `currency` or `default_currency`. Import with `?profile=NAME`.
         *
         *     API keys need the scope `payments:write`.
         */
        post: operations["createBankStatementProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bank_statement_profiles/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a bank statement profile
         * @description Admins only.
         *
         *     API keys need the scope `payments:read`.
         */
        get: operations["getBankStatementProfile"];
        put?: never;
        post?: never;
        /**
         * Delete a bank statement profile
         * @description Admins only. Statements imported with it stay.
         *
         *     API keys need the scope `payments:write`.
         */
        delete: operations["deleteBankStatementProfile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in with email and password
         * @description Starts a session and returns an access token (15 min by default) and a refresh token (30 days). A wrong email and a wrong password get the same answer. Limited per client address (LOGIN_PER_MINUTE) and per email and client address after repeated failures (LOGIN_MAX_FAILURES within LOGIN_FAILURE_WINDOW). A user with two factors gets `401 mfa_required` for the right password: send its `details.mfa_token` and a code to `POST /v1/auth/login/mfa`.
         */
        post: operations["login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange a refresh token for a new access token
         * @description Send the refresh token as `Authorization: Bearer <refresh_token>` (the `refreshToken` security scheme). By default the refresh token is rotated: the presented one stops working and a new one is returned. The token that was just rotated, presented again within REFRESH_REUSE_INTERVAL (10 s), gets the same successor (racing tabs all succeed); presented later, or an older one at any time, ends the whole session (`refresh_token_invalid`).
         */
        post: operations["refreshSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login/mfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Second step of a login with two factors
         * @description After `POST /v1/auth/login` answered `401 mfa_required`: send its `details.mfa_token` with the code the authenticator app shows (`code`) or an unused recovery code (`recovery_code`). Answers as a login does. A code works once (a replay is refused), with one step (30 s) of clock drift either way. The token works once, for 5 minutes; five wrong codes end it (then `401 mfa_code_invalid` whatever the code): log in again. Wrong codes also count as failed password attempts (LOGIN_MAX_FAILURES).
         */
        post: operations["loginWithMfa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/mfa/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start setting up an authenticator app (TOTP)
         * @description Answers a new secret and its `otpauth://` URI (SHA-1, 6 digits, 30 s), to scan as a QR code or type into the app; then confirm with `POST /v1/auth/mfa/totp/confirm`. Calling it again before confirming replaces the secret. Already enabled: `409 mfa_already_enabled`.
         *
         *     Access token only: API keys get `403`.
         */
        post: operations["startTotpEnrolment"];
        /**
         * Turn off two factors
         * @description Needs your password and a current code of the app, or one of your recovery codes when the app is lost. Removes the secret and the recovery codes, ends your other sessions (this one stays) and mails a notice.
         *
         *     Access token only: API keys get `403`.
         */
        delete: operations["removeTotp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/mfa/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn on two factors with a first code
         * @description The code the app shows for the new secret turns two factors on: from the next login on, a code is asked after the password. Answers ten recovery codes, once (each signs in once when the app is lost). Your sessions stay; a notice is mailed.
         *
         *     Access token only: API keys get `403`.
         */
        post: operations["confirmTotpEnrolment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Your account's (owners); every one (admins). Newest first. Never shows a secret.
         *
         *     Access token only: API keys get `403`.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description The owner of an open account creates its keys (`sk_test_`/`sk_live_`, the account's mode); an admin creates platform keys (`sk_platform_`, no `account_id`) or keys of any account. The answer shows the `secret` once; only a keyed hash is stored. A person with two factors sends a current code in `mfa_code` (step-up); the creator is told by mail.
         *
         *     Access token only: API keys get `403`.
         *
         *     `Idempotency-Key` is not accepted here: a request that sends the header, even empty, is `400 validation_error`. The answer holds a secret, and answers kept for replays never hold one. Send the request without it; if its answer is lost, delete what it created (or rotate again) and retry.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{api_key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve an API key
         * @description Never shows the secret.
         *
         *     Access token only: API keys get `403`.
         */
        get: operations["getApiKey"];
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description It stops working on the next request, with every secret it had. Revoking it again answers the same.
         *
         *     Access token only: API keys get `403`.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/api_keys/{api_key_id}/roll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Roll an API key
         * @description A new secret, shown once; the previous one keeps working for `expires_in` seconds (default 86400, at most 7 days, 0: stops at once). A revoked or expired key cannot be rolled (`409 api_key_not_active`).
         *
         *     Access token only: API keys get `403`.
         *
         *     `Idempotency-Key` is not accepted here: a request that sends the header, even empty, is `400 validation_error`. The answer holds a secret, and answers kept for replays never hold one. Send the request without it; if its answer is lost, delete what it created (or rotate again) and retry.
         */
        post: operations["rollApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Close an account permanently
         * @description Every session of the account's users ends at once and they can no longer log in. In the same transaction its pending transactions (and pending transfers to it) and its open payment requests are canceled; the answer counts them, and so are its pending payouts; an account with a payout in a batch file is `409 account_has_payouts_in_transit` until the bank statement settles it. A closed account cannot be reopened. The owner closes its account; an admin names any account with `?account_id=`.
         *
         *     Access token only: API keys get `403`.
         */
        delete: operations["closeAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/ledger/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check the books (admins)
         * @description Verifies the invariants of the books and of money (contract section 20), each reported by name in `invariants`: debits equal credits in every currency; every balance equals its entries; every transaction has exactly its two entries; no payment or credit is given back beyond its amount (refunds by either route and a reversal); every payment request has `amount_refunded <= amount_captured <= amount` and its credit's sums; no account that forbids overdrafts is below zero available; every event stream is gapless. `ok: false` lists what differs, with the offending ids. It reads every table once (balances in chunks), so it takes seconds on millions of transactions; `npm run cli -- ledger-check` runs the same check.
         *
         *     API keys need the scope `balances:read`.
         */
        get: operations["checkLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        FieldProblem: {
            /**
             * @description Path of the offending field (dot-separated for nested fields).
             * @example amount
             */
            field: string;
            /** @example must be an integer number */
            message: string;
        };
        MfaChallengeDetails: {
            /**
             * @description Send it with a code to POST /v1/auth/login/mfa; single use.
             * @example mfa_2Yx7QvJr0b8kN3pLq5sT9wXc1zA4dF6gH8jK0mN2pR4
             */
            mfa_token: string;
            /**
             * @description It stops working then (5 minutes after the password was checked).
             * @example 2026-11-21T10:20:30.123Z
             */
            expires_at: string;
        };
        Error: {
            /**
             * @description Machine-readable failure identifier.
             * @example validation_error
             * @enum {string}
             */
            error_code: "validation_error" | "webhook_url_not_allowed" | "invalid_json" | "invalid_signature" | "provider_mode_mismatch" | "token_invalid" | "unauthorized" | "invalid_credentials" | "refresh_token_invalid" | "refresh_token_expired" | "mfa_required" | "mfa_code_invalid" | "insufficient_permissions" | "account_closed" | "test_mode_only" | "mfa_code_required" | "mfa_enrollment_required" | "email_not_verified" | "not_found" | "user_not_found" | "account_not_found" | "transaction_not_found" | "payment_not_found" | "refund_not_found" | "payout_not_found" | "payout_batch_not_found" | "session_not_found" | "event_not_found" | "webhook_endpoint_not_found" | "api_key_not_found" | "bank_statement_not_found" | "bank_statement_line_not_found" | "bank_statement_profile_not_found" | "method_not_allowed" | "email_already_registered" | "email_already_verified" | "account_already_exists" | "user_owns_account" | "transaction_not_pending" | "payment_not_pending" | "session_already_invalidated" | "token_rotation_failed" | "idempotency_request_in_progress" | "insufficient_funds" | "refund_exceeds_payment" | "payment_not_refundable" | "transaction_already_reversed" | "transaction_not_posted" | "transaction_has_refunds" | "transaction_belongs_to_refund" | "transaction_belongs_to_payout" | "payout_not_cancelable" | "payout_batch_empty" | "account_has_payouts_in_transit" | "api_key_not_active" | "amount_mismatch" | "request_not_open" | "line_not_unmatched" | "bank_statement_profile_exists" | "mfa_already_enabled" | "mfa_not_enabled" | "mfa_enrollment_not_started" | "payload_too_large" | "unsupported_media_type" | "request_header_fields_too_large" | "immutable_field" | "idempotency_key_reused" | "rate_limited" | "internal_error" | "service_unavailable";
            /**
             * @description Human-readable explanation of the failure.
             * @example email: must be an email
             */
            error_description: string;
            /**
             * @description Same value as the X-Request-Id response header.
             * @example 01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            request_id: string;
            /** @description Per-field problems, for validation_error (a list); the second step of the login, for mfa_required (an object with mfa_token). */
            details?: components["schemas"]["FieldProblem"][] | components["schemas"]["MfaChallengeDetails"];
        };
        Health: {
            /**
             * @example ok
             * @enum {string}
             */
            status: "ok";
        };
        HealthChecks: {
            /**
             * @description The database answers a trivial query.
             * @example ok
             * @enum {string}
             */
            database: "ok" | "unavailable";
            /**
             * @description Redis (`REDIS_URL`), which shares rate-limit counters between instances. While it is `unavailable`, each instance counts on its own.
             * @example ok
             * @enum {string}
             */
            redis: "ok" | "unavailable" | "not_configured";
            /**
             * @description The read replica (`DATABASE_REPLICA_URL`): `ok` while it serves lists and `as_of` balances, `lagging` when its replay is more than `DATABASE_REPLICA_MAX_LAG` behind, `unavailable` when it does not answer. Either way reads fall back to the primary: never a 503.
             * @example not_configured
             * @enum {string}
             */
            replica: "ok" | "lagging" | "unavailable" | "not_configured";
            /**
             * @description Milliseconds the replica's replay is behind the primary's latest commit (an idle primary is not lag), measured every 250 ms; null when unknown.
             * @example null
             */
            replica_lag_ms: number | null;
        };
        ReadinessUnavailable: {
            /**
             * @description Machine-readable failure identifier.
             * @example validation_error
             * @enum {string}
             */
            error_code: "validation_error" | "webhook_url_not_allowed" | "invalid_json" | "invalid_signature" | "provider_mode_mismatch" | "token_invalid" | "unauthorized" | "invalid_credentials" | "refresh_token_invalid" | "refresh_token_expired" | "mfa_required" | "mfa_code_invalid" | "insufficient_permissions" | "account_closed" | "test_mode_only" | "mfa_code_required" | "mfa_enrollment_required" | "email_not_verified" | "not_found" | "user_not_found" | "account_not_found" | "transaction_not_found" | "payment_not_found" | "refund_not_found" | "payout_not_found" | "payout_batch_not_found" | "session_not_found" | "event_not_found" | "webhook_endpoint_not_found" | "api_key_not_found" | "bank_statement_not_found" | "bank_statement_line_not_found" | "bank_statement_profile_not_found" | "method_not_allowed" | "email_already_registered" | "email_already_verified" | "account_already_exists" | "user_owns_account" | "transaction_not_pending" | "payment_not_pending" | "session_already_invalidated" | "token_rotation_failed" | "idempotency_request_in_progress" | "insufficient_funds" | "refund_exceeds_payment" | "payment_not_refundable" | "transaction_already_reversed" | "transaction_not_posted" | "transaction_has_refunds" | "transaction_belongs_to_refund" | "transaction_belongs_to_payout" | "payout_not_cancelable" | "payout_batch_empty" | "account_has_payouts_in_transit" | "api_key_not_active" | "amount_mismatch" | "request_not_open" | "line_not_unmatched" | "bank_statement_profile_exists" | "mfa_already_enabled" | "mfa_not_enabled" | "mfa_enrollment_not_started" | "payload_too_large" | "unsupported_media_type" | "request_header_fields_too_large" | "immutable_field" | "idempotency_key_reused" | "rate_limited" | "internal_error" | "service_unavailable";
            /**
             * @description Human-readable explanation of the failure.
             * @example email: must be an email
             */
            error_description: string;
            /**
             * @description Same value as the X-Request-Id response header.
             * @example 01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            request_id: string;
            /** @description Per-field problems, for validation_error (a list); the second step of the login, for mfa_required (an object with mfa_token). */
            details?: components["schemas"]["FieldProblem"][] | components["schemas"]["MfaChallengeDetails"];
            /**
             * @example unavailable
             * @enum {string}
             */
            status: "unavailable";
            /**
             * @example {
             *       "database": "unavailable",
             *       "redis": "ok",
             *       "replica": "not_configured",
             *       "replica_lag_ms": null
             *     }
             */
            checks: components["schemas"]["HealthChecks"];
        };
        Readiness: {
            /**
             * @description `degraded`: ready, but Redis cannot be reached (rate limits are counted per instance meanwhile).
             * @example ok
             * @enum {string}
             */
            status: "ok" | "degraded";
            checks: components["schemas"]["HealthChecks"];
        };
        InvalidateSessionRequest: {
            /** @description Session to end (`ses_...`, from the session list); defaults to the caller's own session. */
            session_id?: string;
            /**
             * @description Free text, stored on the session.
             * @example lost phone
             */
            reason?: string;
        };
        SessionInvalidation: {
            /** @example true */
            success: boolean;
            /** @example ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            invalidated_session_id: string;
            /**
             * @description Unexpired access and refresh tokens of the session that this call revoked.
             * @example 2
             */
            revoked_tokens: number;
            /** @example 2026-11-21T10:15:30.123Z */
            revoked_at: string;
        };
        Session: {
            /** @example ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /**
             * @example active
             * @enum {string}
             */
            status: "active" | "invalidated";
            /** @example ios-4F2A9C */
            device_id: string | null;
            /** @example 3.4.1 */
            client_version: string | null;
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /**
             * @description Last login, refresh or authenticated request (to the minute).
             * @example 2026-11-21T10:15:30.123Z
             */
            last_used_at: string;
            /** @example null */
            invalidated_at: string | null;
            /**
             * @description Why the session ended: the caller-given reason, or refresh_token_reuse, password_changed, account_closed.
             * @example null
             */
            reason: string | null;
            /**
             * @description True for the session of the access token making this request.
             * @example true
             */
            current: boolean;
        };
        SessionPage: {
            /** @description Newest first. */
            data: components["schemas"]["Session"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        CreateUserRequest: {
            /**
             * Format: email
             * @description Unique. Trimmed and lower-cased before it is checked; the domain needs a top-level domain of two or more letters.
             * @example ada@example.com
             */
            email: string;
            /**
             * Format: password
             * @description Any characters. Refused when it is the email, a common password or a trivial pattern.
             * @example correct horse battery staple
             */
            password: string;
            /** @example Ada Lovelace */
            name: string;
            /** @description Add the new user to this account (`acc_...`). Needs the access token of the account owner or of an admin; leave it out to sign up. */
            account_id?: string;
            /**
             * @description Admins only; leave it out otherwise. Default: `member`.
             * @enum {string}
             */
            role?: "admin" | "member";
        };
        User: {
            /** @example usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /** @example ada@example.com */
            email: string;
            /**
             * @description Whether the user followed a link mailed to `email` (contract section 22).
             * @example true
             */
            email_verified: boolean;
            /**
             * @description An address the user asked to change to; it becomes `email` once the link mailed to it is followed.
             * @example null
             */
            pending_email: string | null;
            /** @example Ada Lovelace */
            name: string;
            /**
             * @example member
             * @enum {string}
             */
            role: "admin" | "member";
            /**
             * @description Null until the user creates or joins an account.
             * @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            account_id: string | null;
            /**
             * @description The user has an active TOTP second factor (POST /v1/auth/mfa/totp).
             * @example false
             */
            mfa_enabled: boolean;
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /** @example 2026-11-21T10:15:30.123Z */
            updated_at: string;
        };
        UserPage: {
            /** @description Newest first. */
            data: components["schemas"]["User"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        UpdateUserRequest: {
            /** @example Ada King */
            name?: string;
            /**
             * Format: email
             * @description Changing your own needs `current_password` and ends your other sessions. Trimmed and lower-cased before it is checked; the domain needs a top-level domain of two or more letters.
             * @example ada.king@example.com
             */
            email?: string;
            /**
             * Format: password
             * @description New password, under the signup's rules. Changing your own needs `current_password` and ends your other sessions; an admin resetting another user's ends all of theirs.
             */
            password?: string;
            /**
             * Format: password
             * @description Your current password; required to change your own password or email (`400 validation_error` without it, `401 invalid_credentials` when wrong). Either change ends your other sessions.
             */
            current_password?: string;
            /**
             * @description Admins only.
             * @enum {string}
             */
            role?: "admin" | "member";
            /**
             * Format: password
             * @description With `role`, `email` or `password`: a current code of your authenticator app, required when you (the person acting) have two factors (`403 mfa_code_required` without it, `401 mfa_code_invalid` when wrong or used before).
             * @example 492039
             */
            mfa_code?: string;
        };
        DeletedUser: {
            /** @example usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /**
             * @example true
             * @enum {boolean}
             */
            deleted: true;
            /**
             * @description Sessions of the user that were still active.
             * @example 2
             */
            revoked_sessions: number;
        };
        VerifyEmailRequest: {
            /**
             * @description The token of the mailed link (after `token=`).
             * @example q3Jw0cS0p4yqG5sQ0Ykq8mJb6C9v1x2Z3a4B5c6D7e8
             */
            token: string;
        };
        EmailLinkSent: {
            /**
             * @description The address the new link went to.
             * @example ada@example.com
             */
            sent_to: string;
        };
        PasswordResetRequest: {
            /**
             * Format: email
             * @description The answer is the same whether or not a user has it. Trimmed and lower-cased before it is checked; the domain needs a top-level domain of two or more letters.
             * @example ada@example.com
             */
            email: string;
        };
        PasswordResetConfirmRequest: {
            /**
             * @description The token of the mailed link (after `token=`).
             * @example q3Jw0cS0p4yqG5sQ0Ykq8mJb6C9v1x2Z3a4B5c6D7e8
             */
            token: string;
            /**
             * Format: password
             * @description Under the signup's rules.
             */
            new_password: string;
        };
        CreateAccountRequest: {
            /**
             * @example business
             * @enum {string}
             */
            type: "individual" | "business";
            /** @example Analytical Engines Ltd */
            name: string;
            /**
             * Format: email
             * @description Trimmed and lower-cased before it is checked; the domain needs a top-level domain of two or more letters.
             * @example billing@example.com
             */
            email: string;
            /**
             * @description Default `allowed`. `forbidden` refuses a debit above the available balance of its currency (`409 insufficient_funds`); `allowed` lets balances go negative.
             * @enum {string}
             */
            overdraft?: "allowed" | "forbidden";
            /**
             * @description Admins only: `live` (real money) or `test` (the sandbox). Default: the deployment's ACCOUNTS_DEFAULT_MODE (`test`, or `live` in production). Fixed at creation. Anyone else may leave it out or name the default; another mode is `403 insufficient_permissions`.
             * @enum {string}
             */
            mode?: "test" | "live";
            /**
             * @description Client-defined settings: at most 50 keys and 8 KiB of JSON.
             * @example {
             *       "locale": "en-GB",
             *       "statement_day": 1
             *     }
             */
            preferences?: {
                [key: string]: unknown;
            };
            /** @description Admins only: the user (`usr_...`) who will own the account (default: the caller). Members leave it out. */
            owner_user_id?: string;
        };
        Account: {
            /** @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /**
             * @example business
             * @enum {string}
             */
            type: "individual" | "business";
            /** @example Analytical Engines Ltd */
            name: string;
            /** @example billing@example.com */
            email: string;
            /**
             * @example {
             *       "locale": "en-GB",
             *       "statement_day": 1
             *     }
             */
            preferences: {
                [key: string]: unknown;
            };
            /**
             * @example open
             * @enum {string}
             */
            status: "open" | "closed";
            /**
             * @description `forbidden`: a debit (payment, outgoing transfer, debit adjustment) above the available balance of its currency is refused with `409 insufficient_funds`.
             * @example allowed
             * @enum {string}
             */
            overdraft: "allowed" | "forbidden";
            /**
             * @description `live`: real money; `test`: the sandbox's. Fixed at creation; money never crosses modes.
             * @example live
             * @enum {string}
             */
            mode: "test" | "live";
            /**
             * @description True for a live account (`mode: live`), as every resource of the account shows.
             * @example true
             */
            livemode: boolean;
            /**
             * @description Null only if the owner of a closed account was deleted.
             * @example usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            owner_user_id: string | null;
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /** @example 2026-11-21T10:15:30.123Z */
            updated_at: string;
            /** @example null */
            closed_at: string | null;
        };
        UpdateAccountRequest: {
            /** @example Analytical Engines plc */
            name?: string;
            /**
             * Format: email
             * @description Trimmed and lower-cased before it is checked; the domain needs a top-level domain of two or more letters.
             * @example accounts@example.com
             */
            email?: string;
            /**
             * @description `forbidden` refuses a debit above the available balance of its currency (`409 insufficient_funds`); `allowed` lets balances go negative.
             * @enum {string}
             */
            overdraft?: "allowed" | "forbidden";
            /**
             * @description Merged key by key into the stored preferences; a key set to null is removed.
             * @example {
             *       "locale": "fr-FR",
             *       "statement_day": null
             *     }
             */
            preferences?: {
                [key: string]: unknown;
            };
        };
        AccountPage: {
            /** @description Newest first. */
            data: components["schemas"]["Account"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        Balance: {
            /** @example EUR */
            currency: string;
            /**
             * Format: int64
             * @description Posted credits - posted debits, in minor units; may be negative.
             * @example 12000
             */
            posted: number;
            /**
             * Format: int64
             * @description `posted` + pending credits - pending debits. Absent with `as_of`.
             * @example 9500
             */
            pending?: number;
            /**
             * Format: int64
             * @description `posted` - pending debits: what a new debit may use on an account whose overdraft is `forbidden`. Absent with `as_of`.
             * @example 7000
             */
            available?: number;
            /**
             * @description When an entry last changed this balance. Absent with `as_of`.
             * @example 2026-11-21T10:15:30.123Z
             */
            updated_at?: string;
        };
        Balances: {
            /** @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            account_id: string;
            /**
             * @description Present when the balances are as of that instant.
             * @example 2026-11-01T00:00:00.000Z
             */
            as_of?: string;
            /** @description One per currency the account has ever used, sorted by currency. */
            balances: components["schemas"]["Balance"][];
        };
        /**
         * @description Upper-case ISO 4217 code of a currency in circulation.
         * @enum {string}
         */
        Currency: "AED" | "AFN" | "ALL" | "AMD" | "AOA" | "ARS" | "AUD" | "AWG" | "AZN" | "BAM" | "BBD" | "BDT" | "BHD" | "BIF" | "BMD" | "BND" | "BOB" | "BRL" | "BSD" | "BTN" | "BWP" | "BYN" | "BZD" | "CAD" | "CDF" | "CHF" | "CLP" | "CNY" | "COP" | "CRC" | "CUP" | "CVE" | "CZK" | "DJF" | "DKK" | "DOP" | "DZD" | "EGP" | "ERN" | "ETB" | "EUR" | "FJD" | "FKP" | "GBP" | "GEL" | "GHS" | "GIP" | "GMD" | "GNF" | "GTQ" | "GYD" | "HKD" | "HNL" | "HTG" | "HUF" | "IDR" | "ILS" | "INR" | "IQD" | "IRR" | "ISK" | "JMD" | "JOD" | "JPY" | "KES" | "KGS" | "KHR" | "KMF" | "KPW" | "KRW" | "KWD" | "KYD" | "KZT" | "LAK" | "LBP" | "LKR" | "LRD" | "LSL" | "LYD" | "MAD" | "MDL" | "MGA" | "MKD" | "MMK" | "MNT" | "MOP" | "MRU" | "MUR" | "MVR" | "MWK" | "MXN" | "MYR" | "MZN" | "NAD" | "NGN" | "NIO" | "NOK" | "NPR" | "NZD" | "OMR" | "PAB" | "PEN" | "PGK" | "PHP" | "PKR" | "PLN" | "PYG" | "QAR" | "RON" | "RSD" | "RUB" | "RWF" | "SAR" | "SBD" | "SCR" | "SDG" | "SEK" | "SGD" | "SHP" | "SLE" | "SOS" | "SRD" | "SSP" | "STN" | "SVC" | "SYP" | "SZL" | "THB" | "TJS" | "TMT" | "TND" | "TOP" | "TRY" | "TTD" | "TWD" | "TZS" | "UAH" | "UGX" | "USD" | "UYU" | "UZS" | "VED" | "VES" | "VND" | "VUV" | "WST" | "XAF" | "XCD" | "XCG" | "XOF" | "XPF" | "YER" | "ZAR" | "ZMW" | "ZWG";
        CreateTransactionRequest: {
            /**
             * @example payment
             * @enum {string}
             */
            type: "payment" | "credit" | "refund" | "transfer" | "adjustment";
            /**
             * Format: int64
             * @description In the currency's minor units (cents): 1250 is 12.50 EUR.
             * @example 1250
             */
            amount: number;
            /**
             * @description Upper-case ISO 4217 code of a currency in circulation.
             * @example EUR
             */
            currency: components["schemas"]["Currency"];
            /**
             * @description Required for `adjustment`. Implied by the other types (payment and transfer debit, credit and refund credit); if sent it must agree.
             * @enum {string}
             */
            direction?: "debit" | "credit";
            /** @example Office chairs, order 1042 */
            description?: string;
            /**
             * @example [
             *       "INV-2026-00042"
             *     ]
             */
            reference_ids?: string[];
            /**
             * @description String to string, at most 50 keys; keys up to 40 characters, values up to 500.
             * @example {
             *       "order_id": "1042",
             *       "channel": "web"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
            /** @example Approved by finance. */
            notes?: string;
            /** @description Transfers only (and required for them): the open account (`acc_...`) that receives the money. */
            counterparty_account_id?: string;
            /** @description Refunds only: the `payment` (`txn_...`, of the same account and currency, not canceled) this refund gives money back for. The refunds of a payment that are not canceled never add up to more than it: `409 refund_exceeds_payment`. */
            refunded_transaction_id?: string;
            /** @description Admins: the account (`acc_...`) to book on (default: the caller's own). Members book on their own account and leave it out. */
            account_id?: string;
        };
        Transaction: {
            /** @example txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /** @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            account_id: string;
            /**
             * @example payment
             * @enum {string}
             */
            type: "payment" | "credit" | "refund" | "transfer" | "adjustment" | "payout";
            /**
             * @description pending, then posted or canceled; nothing leaves posted or canceled.
             * @example pending
             * @enum {string}
             */
            status: "pending" | "posted" | "canceled";
            /**
             * @description From `account_id`'s side. The receiver of a transfer reads it from its own side: `account_id` is the receiver, `counterparty_account_id` the sender, `direction` is `credit`.
             * @example debit
             * @enum {string}
             */
            direction: "debit" | "credit";
            /**
             * Format: int64
             * @description Minor units of the currency.
             * @example 1250
             */
            amount: number;
            /** @example EUR */
            currency: string;
            /** @example Office chairs, order 1042 */
            description: string | null;
            /**
             * @description The sender's; the receiver of a transfer sees `[]`.
             * @example [
             *       "INV-2026-00042"
             *     ]
             */
            reference_ids: string[];
            /**
             * @description The sender's; the receiver of a transfer sees `{}`, and its metadata filters match none of it.
             * @example {
             *       "order_id": "1042",
             *       "channel": "web"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * @description The sender's; the receiver of a transfer sees null.
             * @example null
             */
            notes: string | null;
            /**
             * @description Transfers: the other account (the receiver, seen by the sender; the sender, seen by the receiver).
             * @example null
             */
            counterparty_account_id: string | null;
            /**
             * @description The payment request this credit settles.
             * @example null
             */
            payment_id: string | null;
            /**
             * @description Refunds: the payment (refunded by a credit) or the credit (refunded by a debit) this refund gives money back for.
             * @example null
             */
            refunded_transaction_id: string | null;
            /**
             * Format: int64
             * @description Payments and credits: the sum of their refunds that are not canceled (never more than `amount`). Null for other types.
             * @example 0
             */
            amount_refunded: number | null;
            /**
             * @description Reversals: the posted transaction this one undoes (same type and amount, the other direction).
             * @example null
             */
            reverses_transaction_id: string | null;
            /**
             * @description The reversal that undid this transaction; null unless it was reversed.
             * @example null
             */
            reversed_by_transaction_id: string | null;
            /**
             * @description True for live money (the account's `mode`); test transactions never move live balances.
             * @example true
             */
            livemode: boolean;
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /** @example 2026-11-21T10:15:30.123Z */
            updated_at: string;
            /** @example null */
            posted_at: string | null;
            /** @example null */
            canceled_at: string | null;
        };
        TransactionPage: {
            /** @description Newest first. */
            data: components["schemas"]["Transaction"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        UpdateTransactionRequest: {
            /**
             * @description Merged key by key into the stored metadata; a key set to null is removed. At most 50 keys after the merge.
             * @example {
             *       "channel": "phone",
             *       "campaign": null
             *     }
             */
            metadata?: {
                [key: string]: string | null;
            };
            /**
             * @description Replaces the list.
             * @example [
             *       "INV-2026-00042",
             *       "PO-7781"
             *     ]
             */
            reference_ids?: string[];
            /**
             * @description Replaces the notes; null clears them.
             * @example Customer confirmed by phone.
             */
            notes?: string | null;
        };
        ReverseTransactionRequest: {
            /**
             * @description Why: the reversal's `description` (default: `Reversal of txn_...`).
             * @example Booked twice by mistake
             */
            reason?: string;
        };
        PaymentCustomerRequest: {
            /**
             * Format: email
             * @description Trimmed and lower-cased before it is checked; the domain needs a top-level domain of two or more letters.
             * @example grace@example.com
             */
            email: string;
            /** @example Grace Hopper */
            name?: string;
        };
        CreatePaymentRequest: {
            /**
             * @example invoice
             * @enum {string}
             */
            purpose: "product" | "subscription" | "invoice";
            /**
             * Format: int64
             * @description In the currency's minor units (cents).
             * @example 4999
             */
            amount: number;
            /**
             * @description Upper-case ISO 4217 code of a currency in circulation.
             * @example EUR
             */
            currency: components["schemas"]["Currency"];
            customer: components["schemas"]["PaymentCustomerRequest"];
            /**
             * @description Your reference: the invoice, order or subscription it is for.
             * @example INV-2026-00042
             */
            reference_id?: string;
            /** @example Invoice 42: consulting, November */
            description?: string;
            /**
             * @description Default: `automatic`. `manual`: the customer authorizes and the funds are held (status `authorized`) until captured; only with a provider that offers it (`bank_transfer` does not: `400 validation_error`).
             * @enum {string}
             */
            capture_method?: "automatic" | "manual";
            /**
             * Format: date-time
             * @description When an unpaid request expires: at least a minute and at most 90 days ahead. Default: 7 days after creation. An RFC 3339 date-time (`2026-11-21T10:15:30.123Z`, `2026-11-21t11:15:30+01:00`; years 0000-9999; `T` and `Z` in either case) or a date alone (`2026-11-21`, midnight UTC). Read to the millisecond: fractional digits beyond the third are dropped.
             */
            expires_at?: string;
            /**
             * @description String to string, at most 50 keys; keys up to 40 characters, values up to 500. Copied to the credit transaction on success.
             * @example {
             *       "order_id": "1042"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
            /**
             * @description The provider that collects the money (GET /v1/payment_providers lists the enabled ones): `sandbox` (test accounts only: test cards and simulate) or `bank_transfer` (the page shows your bank details and an RF reference; a bank statement settles it). Default: the first enabled provider that serves the account's mode.
             * @example bank_transfer
             */
            provider?: string;
            /** @description Admins: the account (`acc_...`) to be paid (default: the caller's own). Members leave it out. */
            account_id?: string;
        };
        PaymentCustomer: {
            /** @example grace@example.com */
            email: string;
            /** @example Grace Hopper */
            name: string | null;
        };
        Payment: {
            /** @example pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /** @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            account_id: string;
            /**
             * @example invoice
             * @enum {string}
             */
            purpose: "product" | "subscription" | "invoice";
            /** @example INV-2026-00042 */
            reference_id: string | null;
            /**
             * Format: int64
             * @description Minor units of the currency.
             * @example 4999
             */
            amount: number;
            /** @example EUR */
            currency: string;
            /** @example Invoice 42: consulting, November */
            description: string | null;
            customer: components["schemas"]["PaymentCustomer"];
            /**
             * @example automatic
             * @enum {string}
             */
            capture_method: "automatic" | "manual";
            /**
             * @description A pending or authorized request reads as expired from expires_at on.
             * @example pending
             * @enum {string}
             */
            status: "pending" | "authorized" | "succeeded" | "failed" | "canceled" | "expired";
            /**
             * @description Why the request failed; null unless `status` is failed.
             * @example null
             * @enum {string|null}
             */
            failure_code: "card_declined" | "insufficient_funds" | "test_card_in_live_mode" | null;
            /**
             * @description Why the customer's last attempt was declined (the request stays `pending` and the page lets them try again); null before any.
             * @example null
             * @enum {string|null}
             */
            last_failure_code: "card_declined" | "insufficient_funds" | "test_card_in_live_mode" | null;
            /**
             * @description The provider chosen at creation (GET /v1/payment_providers); every later step of the request goes to it.
             * @example sandbox
             */
            provider: string;
            /**
             * @description How the provider knows the request: for `bank_transfer`, the ISO 11649 RF creditor reference the customer quotes on the transfer (print it on the invoice). Null for the sandbox.
             * @example null
             */
            provider_reference: string | null;
            /**
             * @description The account's mode: true for live money. The sandbox and `simulate` serve test requests only.
             * @example false
             */
            livemode: boolean;
            /**
             * @description Where the customer pays: the hosted page (`{PUBLIC_BASE_URL}/pay/{checkout_token}`), or, for a provider that takes the customer to its own page (`checkout: redirect` in `GET /v1/payment_providers`, such as Stripe Checkout), that provider's page.
             * @example https://checkout.example/pay/Xk3v9QzR7bT2mN8pL4wY6cJ1hF5dS0aE
             */
            payment_url: string;
            /** @example 2026-11-28T10:15:30.123Z */
            expires_at: string;
            /**
             * @example {
             *       "order_id": "1042"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * @description The posted credit transaction, once the request succeeded.
             * @example null
             */
            transaction_id: string | null;
            /**
             * Format: int64
             * @description What the success charged (and its credit booked): `amount`, or less when a manual capture took part of the authorization. 0 before.
             * @example 0
             */
            amount_captured: number;
            /**
             * Format: int64
             * @description The sum of its refunds that are pending or succeeded; never more than `amount_captured`.
             * @example 0
             */
            amount_refunded: number;
            /**
             * @description True once refunds (pending or succeeded) give back all of `amount_captured`.
             * @example false
             */
            refunded: boolean;
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /** @example 2026-11-21T10:15:30.123Z */
            updated_at: string;
            /** @example null */
            paid_at: string | null;
        };
        PaymentPage: {
            /** @description Newest first. */
            data: components["schemas"]["Payment"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        PaymentStatus: {
            /** @example pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            payment_id: string;
            /**
             * @example succeeded
             * @enum {string}
             */
            status: "pending" | "authorized" | "succeeded" | "failed" | "canceled" | "expired";
            /**
             * @description Why the request failed; null unless `status` is failed.
             * @example null
             * @enum {string|null}
             */
            failure_code: "card_declined" | "insufficient_funds" | "test_card_in_live_mode" | null;
            /**
             * Format: int64
             * @description Minor units of the currency.
             * @example 4999
             */
            amount: number;
            /** @example EUR */
            currency: string;
            /** @example 2026-11-28T10:15:30.123Z */
            expires_at: string;
            /** @example 2026-11-21T10:15:30.123Z */
            paid_at: string | null;
            /** @example txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            transaction_id: string | null;
            /** @example 2026-11-21T10:15:30.123Z */
            updated_at: string;
        };
        CapturePaymentRequest: {
            /**
             * Format: int64
             * @description Minor units, at most the authorized `amount` (default: all of it). The credit books this; the rest of the authorization is released.
             * @example 3000
             */
            amount?: number;
        };
        PaymentProviderCapabilities: {
            /**
             * @description The hosted page collects a card.
             * @example true
             */
            card_on_page: boolean;
            /**
             * @description `capture_method: manual` is offered: the customer authorizes, you capture.
             * @example true
             */
            manual_capture: boolean;
            /**
             * @description A succeeded request's money can be given back through the provider.
             * @example false
             */
            refunds: boolean;
            /**
             * @description The money arrives after the customer leaves the page (bank_transfer: when a bank statement shows it).
             * @example false
             */
            asynchronous_settlement: boolean;
        };
        PaymentProvider: {
            /**
             * @description What `provider` names on a payment request.
             * @example sandbox
             */
            name: string;
            /**
             * @description The account modes it serves: the sandbox moves no real money and serves test accounts only.
             * @example [
             *       "test"
             *     ]
             */
            modes: ("test" | "live")[];
            capabilities: components["schemas"]["PaymentProviderCapabilities"];
            /**
             * @description What `payment_url` shows the customer of a pending request: a card form (`card_form`), the payee's bank details and the reference to quote (`bank_transfer`), or a `303` redirect to the provider's own hosted page (`redirect`, e.g. Stripe Checkout), which reports the outcome back by signed notification.
             * @example card_form
             * @enum {string}
             */
            checkout: "card_form" | "bank_transfer" | "redirect";
        };
        PaymentProviderList: {
            /** @description In order of preference (PAYMENT_PROVIDERS): a request without `provider` goes to the first that serves its mode. */
            data: components["schemas"]["PaymentProvider"][];
        };
        CreateRefundRequest: {
            /**
             * Format: int64
             * @description Minor units of the request's currency. Default: what is left to refund (`amount_captured - amount_refunded`).
             * @example 1000
             */
            amount?: number;
            /**
             * @example requested_by_customer
             * @enum {string}
             */
            reason?: "requested_by_customer" | "duplicate" | "fraudulent";
            /**
             * @description String to string, at most 50 keys; keys up to 40 characters, values up to 500.
             * @example {
             *       "ticket": "SUP-1042"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
        };
        Refund: {
            /** @example re_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /** @example pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            payment_id: string;
            /**
             * Format: int64
             * @description Minor units of the currency.
             * @example 1000
             */
            amount: number;
            /** @example EUR */
            currency: string;
            /**
             * @description pending while the provider works (a bank transfer: until an admin records the bank's answer), then succeeded or failed.
             * @example succeeded
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /**
             * @example requested_by_customer
             * @enum {string|null}
             */
            reason: "requested_by_customer" | "duplicate" | "fraudulent" | null;
            /**
             * @description Why it failed; null unless `status` is failed.
             * @example null
             * @enum {string|null}
             */
            failure_code: "declined" | "account_closed" | "insufficient_funds" | "expired_or_canceled_card" | "unknown" | null;
            /**
             * @description The `refund` transaction (a debit of the account, naming the request's credit in `refunded_transaction_id`): pending, then posted or canceled with the refund.
             * @example txn_01JDQ5A0B1C2D3E4F5G6H7J8K9
             */
            transaction_id: string;
            /**
             * @example {
             *       "ticket": "SUP-1042"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /**
             * @description True for live money (the account's `mode`).
             * @example false
             */
            livemode: boolean;
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /** @example 2026-11-21T10:15:30.123Z */
            updated_at: string;
        };
        RefundPage: {
            /** @description Newest first. */
            data: components["schemas"]["Refund"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        ConfirmRefundRequest: {
            /**
             * @description The bank's answer to the refund.
             * @example succeeded
             * @enum {string}
             */
            outcome: "succeeded" | "failed";
            /**
             * @description Failures only (default `declined`).
             * @example account_closed
             * @enum {string}
             */
            failure_code?: "declined" | "account_closed" | "insufficient_funds" | "expired_or_canceled_card" | "unknown";
        };
        PayoutDestinationRequest: {
            /**
             * @description IBAN of a SEPA country, with or without spaces; its length and check digits are checked for its country. Stored sealed; responses show only its last four characters.
             * @example DE89 3704 0044 0532 0130 00
             */
            iban: string;
            /**
             * @description The creditor's bank (8 or 11 characters). Optional within SEPA.
             * @example COBADEFFXXX
             */
            bic?: string;
            /**
             * @description The account holder: at most 70 characters of the SEPA character set (a-z A-Z 0-9 / - ? : ( ) . , ' + and space).
             * @example Analytical Engines Ltd
             */
            name: string;
        };
        CreatePayoutRequest: {
            /**
             * @description Admins: the account paid out from. Members: their own (the default).
             * @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            account_id?: string;
            /**
             * Format: int64
             * @description Minor units (cents); at most 999,999,999.99 EUR, the most one SEPA credit transfer carries.
             * @example 25000
             */
            amount: number;
            /**
             * @description SEPA credit transfers are in euros: any other currency is `400 validation_error`.
             * @example EUR
             * @enum {string}
             */
            currency: "EUR";
            destination: components["schemas"]["PayoutDestinationRequest"];
            /**
             * @description What the creditor's statement shows (remittance information): at most 140 characters of the SEPA character set (a-z A-Z 0-9 / - ? : ( ) . , ' + and space).
             * @example Payout November 2026
             */
            reference?: string;
            /** @example November payout */
            description?: string;
            /**
             * @description String to string, at most 50 keys; keys up to 40 characters, values up to 500.
             * @example {
             *       "period": "2026-11"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
        };
        PayoutDestination: {
            /**
             * @description The last four characters of the IBAN: the full IBAN is never shown again.
             * @example 3000
             */
            iban_last4: string;
            /** @example COBADEFFXXX */
            bic: string | null;
            /** @example Analytical Engines Ltd */
            name: string;
        };
        Payout: {
            /**
             * @description Also the `EndToEndId` of its credit transfer in the batch file.
             * @example po_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            id: string;
            /** @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            account_id: string;
            /**
             * Format: int64
             * @description Minor units (cents).
             * @example 25000
             */
            amount: number;
            /** @example EUR */
            currency: string;
            /**
             * @description `pending` (its debit reserves the amount) -> `in_transit` (in a batch file) -> `paid` (the debit seen on the bank statement) | `returned` (the bank sent it back, also after `paid`: credited back); `pending` -> `canceled` (the reservation released).
             * @example pending
             * @enum {string}
             */
            status: "pending" | "in_transit" | "paid" | "returned" | "canceled";
            destination: components["schemas"]["PayoutDestination"];
            /** @example Payout November 2026 */
            reference: string | null;
            /**
             * @description The batch file it went out in (`pob_...`); null while pending.
             * @example null
             */
            batch_id: string | null;
            /**
             * @description The bank's return reason code (e.g. `AC04`: account closed); null unless returned.
             * @example null
             */
            failure_code: string | null;
            /**
             * @description The `payout` debit: pending until paid, then posted; canceled with the payout.
             * @example txn_01JDQ5A0B1C2D3E4F5G6H7J8K9
             */
            transaction_id: string;
            /**
             * @description Returned payouts: the posted `payout` credit that booked the amount back on the account. Null otherwise.
             * @example null
             */
            return_transaction_id: string | null;
            /**
             * @description True for live money (the account's `mode`).
             * @example true
             */
            livemode: boolean;
            /** @example November payout */
            description: string | null;
            /**
             * @example {
             *       "period": "2026-11"
             *     }
             */
            metadata: {
                [key: string]: string;
            };
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /** @example 2026-11-21T10:15:30.123Z */
            updated_at: string;
        };
        PayoutPage: {
            /** @description Newest first. */
            data: components["schemas"]["Payout"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        ReturnPayoutRequest: {
            /**
             * @description An ISO 20022 return reason code (ExternalReturnReason1Code), e.g. `AC04` (account closed), `AC01`, `MS03`.
             * @example AC04
             */
            reason: string;
        };
        CreatePayoutBatchRequest: {
            /**
             * @description Only these payouts (those of them that are pending, live and in EUR); default: all that are.
             * @example [
             *       "po_01JDQ4Z8X9T2M3N4P5Q6R7S8T9"
             *     ]
             */
            payout_ids?: string[];
        };
        PayoutBatch: {
            /**
             * @description Also the file’s `MsgId` and `PmtInfId`.
             * @example pob_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            id: string;
            /** @example 2 */
            payout_count: number;
            /**
             * Format: int64
             * @description Sum of its payouts, minor units (the file’s `CtrlSum`).
             * @example 37500
             */
            total_amount: number;
            /** @example EUR */
            currency: string;
            /**
             * @description The requested execution date (`ReqdExctnDt`): the day it was created (UTC).
             * @example 2026-11-21
             */
            execution_date: string;
            /**
             * @description Where to download the pain.001.001.09 file.
             * @example /v1/payout_batches/pob_01JDQ4Z8X9T2M3N4P5Q6R7S8T9/file
             */
            file_url: string;
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
        };
        PayoutBatchPage: {
            /** @description Newest first. */
            data: components["schemas"]["PayoutBatch"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        SimulatePaymentRequest: {
            /**
             * @description `authorized` (manual capture, from pending), `succeeded` (from pending, or from authorized: the capture), `failed` (from pending).
             * @example succeeded
             * @enum {string}
             */
            outcome: "authorized" | "succeeded" | "failed";
        };
        BalanceEventObject: {
            /** @example EUR */
            currency: string;
            /**
             * Format: int64
             * @description Posted credits - posted debits, in minor units; may be negative.
             * @example 12000
             */
            posted: number;
            /**
             * Format: int64
             * @description `posted` + pending credits - pending debits. Absent with `as_of`.
             * @example 9500
             */
            pending?: number;
            /**
             * Format: int64
             * @description `posted` - pending debits: what a new debit may use on an account whose overdraft is `forbidden`. Absent with `as_of`.
             * @example 7000
             */
            available?: number;
            /**
             * @description When an entry last changed this balance. Absent with `as_of`.
             * @example 2026-11-21T10:15:30.123Z
             */
            updated_at?: string;
            /** @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            account_id: string;
        };
        EventActor: {
            /**
             * @description `system` for jobs (expiry, retries).
             * @example user
             * @enum {string}
             */
            type: "user" | "api_key" | "system";
            /**
             * @description The user or the key (`key_...`); null for the system, or a signup.
             * @example usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            id: string | null;
            /** @example ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            session_id: string | null;
            /**
             * @description The request (its X-Request-Id) that made the change.
             * @example 01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            request_id: string | null;
        };
        EventData: {
            /** @description The resource exactly as the API returns it after the change: `account.*` an account, `user.*` a user (`user.deleted`: as it was), `transaction.*` a transaction (from the stream's account's side), `payment.*` a payment request, `refund.*` a refund, `payout.*` a payout, `balance.updated` one balance with its `account_id`. */
            object: components["schemas"]["Account"] | components["schemas"]["User"] | components["schemas"]["Transaction"] | components["schemas"]["Payment"] | components["schemas"]["Refund"] | components["schemas"]["Payout"] | components["schemas"]["BalanceEventObject"];
        };
        Event: {
            /** @example evt_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /**
             * @example account.created
             * @enum {string}
             */
            type: "account.created" | "account.updated" | "account.closed" | "user.created" | "user.updated" | "user.deleted" | "transaction.created" | "transaction.updated" | "transaction.posted" | "transaction.canceled" | "transaction.reversed" | "payment.created" | "payment.authorized" | "payment.attempt_failed" | "payment.succeeded" | "payment.failed" | "payment.canceled" | "payment.expired" | "payment.refunded" | "refund.created" | "refund.succeeded" | "refund.failed" | "payout.created" | "payout.in_transit" | "payout.paid" | "payout.returned" | "payout.canceled" | "balance.updated";
            /**
             * @description Null for changes of no account (a signup without one).
             * @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            account_id: string | null;
            /**
             * @description The event's place in its account's stream: 1, 2, 3... without gaps.
             * @example 42
             */
            sequence: number;
            /**
             * @description The account's mode: true for live money (events of no account: the deployment's default mode).
             * @example true
             */
            livemode: boolean;
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /** @description Who made the change. */
            actor: components["schemas"]["EventActor"];
            data: components["schemas"]["EventData"];
        };
        EventPage: {
            /** @description Newest first. */
            data: components["schemas"]["Event"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        /** @enum {string} */
        AuditAction: "auth.login" | "auth.logout" | "auth.refresh_reuse_detected" | "session.revoked" | "user.created" | "user.deleted" | "user.password_changed" | "user.email_changed" | "user.role_changed" | "user.email_verified" | "auth.password_reset_requested" | "auth.password_reset" | "account.created" | "account.updated" | "account.closed" | "api_key.created" | "api_key.rolled" | "api_key.revoked" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.deleted" | "webhook_endpoint.secret_rotated" | "transaction.posted" | "transaction.reversed" | "payment.refunded" | "bank_statement.imported" | "bank_statement_line.matched" | "bank_statement_line.ignored" | "bank_statement_profile.created" | "bank_statement_profile.deleted" | "permission.denied" | "payout_batch.created" | "mfa.enabled" | "mfa.disabled" | "auth.mfa_failed" | "auth.recovery_code_used" | "audit.chain_started" | "audit.retention_applied";
        AuditActor: {
            /**
             * @example user
             * @enum {string}
             */
            type: "user" | "api_key" | "system";
            /**
             * @description Null: nobody authenticated (a failed login), or the system.
             * @example usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            id: string | null;
            /** @example ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            session_id: string | null;
            /** @example 01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            request_id: string | null;
        };
        AuditTarget: {
            /** @example api_key */
            type: string;
            /** @example key_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
        };
        AuditEntry: {
            /** @example aud_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /** @example api_key.created */
            action: components["schemas"]["AuditAction"];
            /**
             * @example success
             * @enum {string}
             */
            outcome: "success" | "failure";
            /**
             * @description Why it failed, e.g. `invalid_credentials`.
             * @example null
             */
            reason: string | null;
            actor: components["schemas"]["AuditActor"];
            /**
             * @description Null: the platform's chain.
             * @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            account_id: string | null;
            target: components["schemas"]["AuditTarget"] | null;
            /**
             * @description The client address (behind TRUST_PROXY, the forwarded one).
             * @example 203.0.113.7
             */
            ip: string | null;
            /** @example curl/8.5.0 */
            user_agent: string | null;
            /** @example 01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            request_id: string | null;
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /**
             * @description Its place in its chain (its account, or the platform).
             * @example 4
             */
            sequence: number;
            /**
             * @description The previous entry of the chain's `hash` (64 zeros for the first).
             * @example 9f2c0d5e8b1a4c7f6e3d2b1a0f9e8d7c6b5a49382716f5e4d3c2b1a0f9e8d7c6
             */
            previous_hash: string;
            /**
             * @description SHA-256(previous_hash || canonical JSON of the entry), hex.
             * @example 3b8e1f0a9c2d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f
             */
            hash: string;
        };
        AuditEntryPage: {
            /** @description Newest first. */
            data: components["schemas"]["AuditEntry"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        AuditPublicKey: {
            /**
             * @example Ed25519
             * @enum {string}
             */
            algorithm: "Ed25519";
            /**
             * @description Names the key in every checkpoint: the first 16 hex digits of the SHA-256 of the raw public key. Null: no AUDIT_SIGNING_KEY, no checkpoints.
             * @example 3f1c0a9b7d2e4f60
             */
            key_id: string | null;
            /**
             * @description The public key, PEM (SubjectPublicKeyInfo): save it and pass it to `npm run cli -- audit-verify --checkpoints <dir> --public-key <file>`.
             * @example -----BEGIN PUBLIC KEY-----
             *     MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=
             *     -----END PUBLIC KEY-----
             */
            public_key: string | null;
            /**
             * @description How often the chain heads are signed (AUDIT_CHECKPOINT_INTERVAL), in seconds; also at every shutdown.
             * @example 300
             */
            checkpoint_interval_seconds: number;
        };
        /**
         * @description `["*"]` for every event, or the types to receive.
         * @enum {string}
         */
        WebhookEventSelector: "*" | "account.created" | "account.updated" | "account.closed" | "user.created" | "user.updated" | "user.deleted" | "transaction.created" | "transaction.updated" | "transaction.posted" | "transaction.canceled" | "transaction.reversed" | "payment.created" | "payment.authorized" | "payment.attempt_failed" | "payment.succeeded" | "payment.failed" | "payment.canceled" | "payment.expired" | "payment.refunded" | "refund.created" | "refund.succeeded" | "refund.failed" | "payout.created" | "payout.in_transit" | "payout.paid" | "payout.returned" | "payout.canceled" | "balance.updated";
        CreateWebhookEndpointRequest: {
            /**
             * Format: uri
             * @description https, on a public address.
             * @example https://hooks.example.com/payments
             */
            url: string;
            /**
             * @description `["*"]` for every event, or the types to receive.
             * @example [
             *       "transaction.created",
             *       "payment.succeeded"
             *     ]
             */
            enabled_events: components["schemas"]["WebhookEventSelector"][];
            /** @example Order system */
            description?: string;
            /** @description Admins: the account whose events it receives. Omitted by an admin: every account's (platform-wide). */
            account_id?: string;
        };
        WebhookEndpointWithSecret: {
            /** @example whe_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /**
             * @description Null: platform-wide (every account's events).
             * @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            account_id: string | null;
            /** @example https://hooks.example.com/payments */
            url: string;
            /** @example Order system */
            description: string | null;
            /**
             * @example [
             *       "*"
             *     ]
             */
            enabled_events: string[];
            /**
             * @description Disabled by its owner, or after every delivery failed for 3 days.
             * @example enabled
             * @enum {string}
             */
            status: "enabled" | "disabled";
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /** @example 2026-11-21T10:15:30.123Z */
            updated_at: string;
            /**
             * @description Shown here only (at creation and rotation). Verify each delivery with it, e.g. with the `standardwebhooks` npm package.
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
        };
        WebhookEndpoint: {
            /** @example whe_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /**
             * @description Null: platform-wide (every account's events).
             * @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            account_id: string | null;
            /** @example https://hooks.example.com/payments */
            url: string;
            /** @example Order system */
            description: string | null;
            /**
             * @example [
             *       "*"
             *     ]
             */
            enabled_events: string[];
            /**
             * @description Disabled by its owner, or after every delivery failed for 3 days.
             * @example enabled
             * @enum {string}
             */
            status: "enabled" | "disabled";
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /** @example 2026-11-21T10:15:30.123Z */
            updated_at: string;
        };
        WebhookEndpointPage: {
            /** @description Newest first. */
            data: components["schemas"]["WebhookEndpoint"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        UpdateWebhookEndpointRequest: {
            /**
             * Format: uri
             * @description https, on a public address.
             * @example https://hooks.example.com/payments/v2
             */
            url?: string;
            /**
             * @description `["*"]` for every event, or the types to receive.
             * @example [
             *       "transaction.created",
             *       "payment.succeeded"
             *     ]
             */
            enabled_events?: components["schemas"]["WebhookEventSelector"][];
            description?: string;
            /**
             * @description `disabled` stops deliveries (queued ones wait; new events are not queued); `enabled` resumes them.
             * @enum {string}
             */
            status?: "enabled" | "disabled";
        };
        DeletedWebhookEndpoint: {
            /** @example whe_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /** @example true */
            deleted: boolean;
        };
        RotateWebhookSecretRequest: {
            /**
             * Format: password
             * @description A current code of your authenticator app: required when you have two factors (`403 mfa_code_required` without it, `401 mfa_code_invalid` when wrong or used before).
             * @example 492039
             */
            mfa_code?: string;
        };
        WebhookDeliveryAttempt: {
            /**
             * @description When the attempt was answered or given up on.
             * @example 2026-11-21T10:15:30.123Z
             */
            attempted_at: string;
            /**
             * @description The receiver's status code (null: no answer).
             * @example 503
             */
            status_code: number | null;
            /** @example 42 */
            duration_ms: number | null;
            /**
             * @description Why it failed; null for a success.
             * @example answered 503: not now
             */
            error: string | null;
        };
        WebhookDelivery: {
            /** @example whd_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /** @example whe_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            endpoint_id: string;
            /** @example evt_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            event_id: string;
            /**
             * @description `failed`: given up after 3 days of attempts.
             * @example succeeded
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /**
             * @description Attempts made so far.
             * @example 1
             */
            attempt: number;
            /**
             * @description The receiver's status code at the last attempt (null: no answer).
             * @example 200
             */
            status_code: number | null;
            /** @example 42 */
            duration_ms: number | null;
            /** @example null */
            error: string | null;
            /**
             * @description When the next attempt is due, while the delivery is pending.
             * @example null
             */
            next_retry_at: string | null;
            /**
             * @description True for a redelivery, which does not wait for earlier events.
             * @example false
             */
            redelivery: boolean;
            /** @description Every attempt so far, newest first: the failures before a success too. */
            history: components["schemas"]["WebhookDeliveryAttempt"][];
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /** @example 2026-11-21T10:15:30.123Z */
            updated_at: string;
        };
        WebhookDeliveryPage: {
            /** @description Newest first. */
            data: components["schemas"]["WebhookDelivery"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        RedeliverRequest: {
            /** @description One of your webhook endpoints (`whe_...`). */
            endpoint_id: string;
        };
        MatchedLine: {
            /**
             * @description The line in the reconciliation inbox (`GET /v1/bank_statement_lines`).
             * @example bsl_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            line_id: string;
            /**
             * @description The line's identity: the bank's id where it gives one unique to the line, else `derived:` and a hash of what the line says.
             * @example 2026112500017
             */
            entry_id: string;
            /**
             * @description The payment request this line settled.
             * @example pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            payment_id: string;
        };
        LineReport: {
            /** @example bsl_01JDQ4Z8X9T2M3N4P5Q6R7S8TA */
            line_id: string;
            /** @example derived:mzxw6ytboi2b3kq7xg4d5v6w7y */
            entry_id: string;
            /**
             * @description `no_such_reference`: no bank-transfer request of the statement’s mode has the RF reference it quotes (or it quotes none); `amount_mismatch`, `currency_mismatch`: the request asks for another amount or currency; `already_settled`: the request was paid already (also every line imported before that settled it); `request_not_open`: the request was canceled, failed or expired; `unsupported_currency`: the platform holds no money in that currency. Unmatched lines wait in the inbox: match them to a request by hand, or ignore them.
             * @example amount_mismatch
             * @enum {string}
             */
            reason: "no_such_reference" | "amount_mismatch" | "currency_mismatch" | "already_settled" | "request_not_open" | "unsupported_currency";
        };
        SkippedCounts: {
            /** @example 3 */
            debits: number;
            /**
             * @description Entries not booked yet (PDNG, INFO, FUTR).
             * @example 0
             */
            not_booked: number;
            /**
             * @description Reversals, whatever their direction (camt RvslInd, MT940 RC/RD).
             * @example 0
             */
            reversals: number;
            /** @example 0 */
            zero_amounts: number;
        };
        PayoutLineReport: {
            /**
             * @description The payout its end-to-end id names.
             * @example po_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            payout_id: string;
            /**
             * @description The bank's id of the transaction (AcctSvcrRef), null when it gives none.
             * @example 2026112500042
             */
            entry_id: string | null;
            /**
             * @description A return's reason code (e.g. `AC04`); null for a paid payout.
             * @example null
             */
            reason: string | null;
        };
        ReconciliationReport: {
            /** @example stm_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            statement_id: string;
            /**
             * @description The mode it was imported for (`?mode=`): it settles only requests of that mode.
             * @example true
             */
            livemode: boolean;
            /**
             * @description What was read: `camt.053.001.NN`, `camt.054.001.NN`, `mt940`, `csv` or `csv:<profile>`.
             * @example camt.053.001.08
             */
            format: string;
            /**
             * @description The account the statement is for, where the format says.
             * @example CH9300762011623852957
             */
            account: string | null;
            /**
             * @description Credit lines read, one per transaction (a batch entry gives one per transaction).
             * @example 2
             */
            lines: number;
            matched: components["schemas"]["MatchedLine"][];
            unmatched: components["schemas"]["LineReport"][];
            /** @description What was read and is not a credit to match: counted, never a reason to refuse the file. */
            skipped: components["schemas"]["SkippedCounts"];
            /** @description Booked debits whose `EndToEndId` names an in_transit payout of the same amount: now `paid` (their debits posted). Also counted in `skipped.debits`. */
            payouts_paid: components["schemas"]["PayoutLineReport"][];
            /** @description Returns (credits with return information naming a payout): now `returned`, the amount booked back. Not credit lines to match. */
            payouts_returned: components["schemas"]["PayoutLineReport"][];
        };
        BankStatement: {
            /** @example stm_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /** @example camt.053.001.08 */
            format: string;
            /** @example true */
            livemode: boolean;
            /** @example CH9300762011623852957 */
            account: string | null;
            /**
             * @description `incomplete`: the database failed part-way (the import answered 503); importing the statement again completes it.
             * @example completed
             * @enum {string}
             */
            status: "completed" | "incomplete";
            /** @example 2 */
            lines: number;
            /** @example 1 */
            matched_count: number;
            /** @example 1 */
            unmatched_count: number;
            skipped: components["schemas"]["SkippedCounts"];
            /** @example usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            imported_by: string | null;
            /** @example 2026-11-28T09:30:00.000Z */
            imported_at: string;
            /** @description The report the import answered (`GET /v1/bank_statements/{id}` only; null while incomplete). */
            report?: components["schemas"]["ReconciliationReport"] | null;
        };
        BankStatementPage: {
            /** @description Newest first. */
            data: components["schemas"]["BankStatement"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        BankStatementLine: {
            /** @example bsl_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /**
             * @description The import that first read it.
             * @example stm_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            statement_id: string;
            /** @example true */
            livemode: boolean;
            /**
             * @example unmatched
             * @enum {string}
             */
            status: "matched" | "unmatched" | "ignored";
            /**
             * @description Why the import did not settle a request with it.
             * @example no_such_reference
             * @enum {string|null}
             */
            reason: "no_such_reference" | "amount_mismatch" | "currency_mismatch" | "already_settled" | "request_not_open" | "unsupported_currency" | null;
            /**
             * @description The bank's id of the line, or `derived:` and a hash when the bank gives none unique to it.
             * @example 2026112500017
             */
            entry_id: string;
            /**
             * @description The statement's account, where its format names it.
             * @example CH9300762011623852957
             */
            account: string | null;
            /**
             * @description The line of the file where it stands (0 for lines imported before this was kept).
             * @example 42
             */
            position: number;
            /** @example 2026-11-25 */
            booking_date: string;
            /**
             * Format: int64
             * @description Minor units, positive (a credit).
             * @example 4999
             */
            amount: number;
            /** @example EUR */
            currency: string;
            /**
             * @description The RF creditor reference found in the line, electronic form.
             * @example RF18539007547034
             */
            creditor_reference: string | null;
            /**
             * @description The bank's references of the line, as written.
             * @example [
             *       "E2E-2026-0042"
             *     ]
             */
            references: string[];
            /**
             * @description The free text the payer wrote.
             * @example Invoice 2026-0042 RF18 5390 0754 7034
             */
            remittance: string | null;
            /** @example Erika Mustermann */
            debtor_name: string | null;
            /** @example DE89370400440532013000 */
            debtor_iban: string | null;
            /**
             * @description The request it settled.
             * @example null
             */
            payment_id: string | null;
            /**
             * @description Why an admin ignored it.
             * @example null
             */
            ignore_reason: string | null;
            /**
             * @description The admin who matched or ignored it by hand.
             * @example null
             */
            resolved_by: string | null;
            /** @example null */
            resolved_at: string | null;
            /** @example 2026-11-28T09:30:00.000Z */
            created_at: string;
        };
        BankStatementLinePage: {
            /** @description Newest first. */
            data: components["schemas"]["BankStatementLine"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        MatchBankStatementLineRequest: {
            /**
             * @description A pending bank_transfer request of the same mode, currency and amount.
             * @example pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            payment_id: string;
        };
        IgnoreBankStatementLineRequest: {
            /**
             * @description Why it is left unsettled.
             * @example Paid twice by the customer; returned by hand on 2026-11-27.
             */
            reason: string;
        };
        BankStatementProfileColumns: {
            /**
             * @description The booking date's column, by its header.
             * @example Buchungsdatum
             */
            booking_date: string;
            /**
             * @description One signed amount column (negative for debits); or `credit` and `debit`.
             * @example Betrag
             */
            amount?: string;
            /**
             * @description The credit column, with `debit`; instead of `amount`.
             * @example Gutschrift
             */
            credit?: string;
            /**
             * @description The debit column, with `credit`.
             * @example Lastschrift
             */
            debit?: string;
            /**
             * @description The currency column; or `default_currency`.
             * @example Währung
             */
            currency?: string;
            /**
             * @description The currency of every row, when the export has no currency column.
             * @example EUR
             */
            default_currency?: components["schemas"]["Currency"];
            /**
             * @description Columns searched for the RF reference, in this order; all of them are shown as the line’s references.
             * @example [
             *       "Zahlungszweck",
             *       "Referenz"
             *     ]
             */
            reference: string[];
            /**
             * @description The bank's id of the row, when the export has one.
             * @example Transaktions-ID
             */
            entry_id?: string;
        };
        BankStatementProfile: {
            /**
             * @description Lower case letters, digits, `-` and `_`; imports name it in `?profile=`.
             * @example ubs-export
             */
            name: string;
            /**
             * @example ;
             * @enum {string}
             */
            delimiter: "," | ";" | "\t" | "|";
            /**
             * @example ,
             * @enum {string}
             */
            decimal_separator: "." | ",";
            /**
             * @description The tokens YYYY (or YY), MM and DD, each once, with separators that are neither letters nor digits.
             * @example DD.MM.YYYY
             */
            date_format: string;
            /**
             * @example iso-8859-1
             * @enum {string}
             */
            encoding: "utf-8" | "iso-8859-1" | "windows-1252";
            /**
             * @description Lines before the header row.
             * @example 0
             */
            skip_rows: number;
            columns: components["schemas"]["BankStatementProfileColumns"];
        };
        BankStatementProfileList: {
            /** @description By name. */
            data: components["schemas"]["BankStatementProfile"][];
        };
        LoginRequest: {
            /**
             * @description Matched case-insensitively.
             * @example ada@example.com
             */
            email: string;
            /**
             * Format: password
             * @example correct horse battery staple
             */
            password: string;
            /**
             * @description Identifier of the client device, recorded on the session.
             * @example ios-4F2A9C
             */
            device_id?: string;
            /**
             * @description Client application version, recorded on the session.
             * @example 3.4.1
             */
            client_version?: string;
        };
        LoginResponse: {
            /**
             * @description Short-lived JWT for the Authorization header.
             * @example eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c3JfMDFK...
             */
            access_token: string;
            /**
             * @example Bearer
             * @enum {string}
             */
            token_type: "Bearer";
            /**
             * @description When the access token expires.
             * @example 2026-11-21T10:30:30.000Z
             */
            expires_at: string;
            /**
             * @description Send as Bearer to POST /v1/auth/refresh.
             * @example eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c3JfMDFK...
             */
            refresh_token: string;
            /** @example 2026-12-21T10:15:30.000Z */
            refresh_token_expires_at: string;
            /** @example ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            session_id: string;
            user: components["schemas"]["User"];
        };
        RefreshRequest: {
            /**
             * @description Client device identifier; recorded on the session.
             * @example ios-4F2A9C
             */
            device_id?: string;
            /** @description Default: `true`. When true a new refresh token replaces the presented one; when false the presented one stays valid, expiry unchanged. */
            rotate_refresh_token?: boolean;
            /**
             * @description Client application version; recorded on the session.
             * @example 3.4.1
             */
            client_version?: string;
        };
        TokenPair: {
            /**
             * @description Short-lived JWT for the Authorization header.
             * @example eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c3JfMDFK...
             */
            access_token: string;
            /**
             * @example Bearer
             * @enum {string}
             */
            token_type: "Bearer";
            /**
             * @description When the access token expires.
             * @example 2026-11-21T10:30:30.000Z
             */
            expires_at: string;
            /**
             * @description Send as Bearer to POST /v1/auth/refresh.
             * @example eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c3JfMDFK...
             */
            refresh_token: string;
            /** @example 2026-12-21T10:15:30.000Z */
            refresh_token_expires_at: string;
            /** @example ses_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            session_id: string;
        };
        LoginMfaRequest: {
            /**
             * @description The `details.mfa_token` of the `401 mfa_required` answer to POST /v1/auth/login.
             * @example mfa_2Yx7QvJr0b8kN3pLq5sT9wXc1zA4dF6gH8jK0mN2pR4
             */
            mfa_token: string;
            /**
             * Format: password
             * @description The 6-digit code the authenticator app shows now. Send exactly one of `code` and `recovery_code`.
             * @example 492039
             */
            code?: string;
            /**
             * Format: password
             * @description One of the recovery codes given at enrolment, when the app is lost; each works once.
             * @example k7qm-3xva-pw9d
             */
            recovery_code?: string;
            /**
             * @description Identifier of the client device, recorded on the session.
             * @example ios-4F2A9C
             */
            device_id?: string;
            /**
             * @description Client application version, recorded on the session.
             * @example 3.4.1
             */
            client_version?: string;
        };
        StartTotpRequest: {
            /**
             * Format: password
             * @description Your password (`401 invalid_credentials` when wrong).
             * @example correct horse battery staple
             */
            current_password: string;
        };
        TotpEnrolment: {
            /**
             * @description The new secret in base32 (160 bits), for apps where it is typed in. Shown once.
             * @example JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP
             */
            secret: string;
            /**
             * @description The URI an authenticator app scans as a QR code (e.g. `qrencode -t ansiutf8 "$URI"`). SHA-1, 6 digits, 30 s.
             * @example otpauth://totp/Payments:ada%40example.com?issuer=Payments&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30
             */
            otpauth_uri: string;
        };
        ConfirmTotpRequest: {
            /**
             * @description The 6-digit code the authenticator app shows for the new secret.
             * @example 492039
             */
            code: string;
        };
        TotpEnabled: {
            /** @example true */
            mfa_enabled: boolean;
            /** @example 2026-11-21T10:15:30.123Z */
            enabled_at: string;
            /**
             * @description Ten recovery codes, each good for one login (or one removal of TOTP) when the app is lost. Shown only now: keep them safe.
             * @example [
             *       "k7qm-3xva-pw9d",
             *       "h2nc-8ezr-q4ty",
             *       "b9wf-m3kd-7xsa",
             *       "p4tg-j2hv-n8cr",
             *       "w6ye-c9ma-t3qz",
             *       "r8dk-v5nu-f2wb",
             *       "e3sx-h7pg-k9mj",
             *       "u5qa-w2rf-d8yn",
             *       "g7bt-z4ke-s6hc",
             *       "n2vw-x8jd-a5mp"
             *     ]
             */
            recovery_codes: string[];
        };
        RemoveTotpRequest: {
            /**
             * Format: password
             * @description Your password (`401 invalid_credentials` when wrong).
             * @example correct horse battery staple
             */
            current_password: string;
            /**
             * Format: password
             * @description A current code of the authenticator app, or one of your unused recovery codes (it is used up) when the app is lost. Without it: `403 mfa_code_required`.
             * @example 492039
             */
            mfa_code?: string;
        };
        TotpRemoved: {
            /** @example false */
            mfa_enabled: boolean;
            /** @example 2026-11-21T10:15:30.123Z */
            removed_at: string;
            /**
             * @description Your other sessions, ended by the removal (this one stays).
             * @example 2
             */
            revoked_sessions: number;
        };
        /**
         * @description `resource:write` includes `resource:read`; `admin` only on platform keys.
         * @enum {string}
         */
        ApiKeyScope: "accounts:read" | "accounts:write" | "users:read" | "users:write" | "transactions:read" | "transactions:write" | "payments:read" | "payments:write" | "balances:read" | "events:read" | "webhooks:read" | "webhooks:write" | "payouts:read" | "payouts:write" | "audit:read" | "admin";
        CreateApiKeyRequest: {
            /** @example Order system */
            name: string;
            /**
             * @description `resource:write` includes `resource:read`; `admin` only on platform keys.
             * @example [
             *       "transactions:write",
             *       "balances:read"
             *     ]
             */
            scopes: components["schemas"]["ApiKeyScope"][];
            /**
             * Format: date-time
             * @description When it stops working; omitted: never. An RFC 3339 date-time (`2026-11-21T10:15:30.123Z`, `2026-11-21t11:15:30+01:00`; years 0000-9999; `T` and `Z` in either case) or a date alone (`2026-11-21`, midnight UTC). Read to the millisecond: fractional digits beyond the third are dropped.
             * @example 2027-11-21T10:15:30.123Z
             */
            expires_at?: string;
            /**
             * @description Admins: the account whose key it is; omitted by an admin: a platform key. Owners: their own account's (the default).
             * @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            account_id?: string;
            /**
             * Format: password
             * @description A current code of your authenticator app: required when you have two factors (`403 mfa_code_required` without it, `401 mfa_code_invalid` when wrong or used before).
             * @example 492039
             */
            mfa_code?: string;
        };
        ApiKeyWithSecret: {
            /** @example key_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /** @example Order system */
            name: string;
            /**
             * @description Null: a platform key.
             * @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            account_id: string | null;
            /**
             * @description The account's mode (section 16), or `platform`.
             * @example test
             * @enum {string}
             */
            mode: "test" | "live" | "platform";
            /**
             * @description True when the key reaches live money: a live account's key, or a platform key (which acts on accounts of both modes); false for a test account's key.
             * @example false
             */
            livemode: boolean;
            /**
             * @example [
             *       "transactions:write"
             *     ]
             */
            scopes: components["schemas"]["ApiKeyScope"][];
            /**
             * @description The type part and the first characters of the current secret.
             * @example sk_test_Ab12
             */
            prefix: string;
            /** @example usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            created_by: string;
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /** @example null */
            expires_at: string | null;
            /**
             * @description Updated at most once a minute.
             * @example null
             */
            last_used_at: string | null;
            /** @example null */
            revoked_at: string | null;
            /**
             * @description Shown once, in this answer: only a keyed hash is stored. Send it as `Authorization: Bearer <secret>`.
             * @example sk_test_4kQ2n0vX8b1mZ7rT5yW3pL9cH6dF2gJ0aS8eU1iO3qR7B2xY9z
             */
            secret: string;
        };
        ApiKey: {
            /** @example key_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            id: string;
            /** @example Order system */
            name: string;
            /**
             * @description Null: a platform key.
             * @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            account_id: string | null;
            /**
             * @description The account's mode (section 16), or `platform`.
             * @example test
             * @enum {string}
             */
            mode: "test" | "live" | "platform";
            /**
             * @description True when the key reaches live money: a live account's key, or a platform key (which acts on accounts of both modes); false for a test account's key.
             * @example false
             */
            livemode: boolean;
            /**
             * @example [
             *       "transactions:write"
             *     ]
             */
            scopes: components["schemas"]["ApiKeyScope"][];
            /**
             * @description The type part and the first characters of the current secret.
             * @example sk_test_Ab12
             */
            prefix: string;
            /** @example usr_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            created_by: string;
            /** @example 2026-11-21T10:15:30.123Z */
            created_at: string;
            /** @example null */
            expires_at: string | null;
            /**
             * @description Updated at most once a minute.
             * @example null
             */
            last_used_at: string | null;
            /** @example null */
            revoked_at: string | null;
        };
        ApiKeyPage: {
            /** @description Newest first. */
            data: components["schemas"]["ApiKey"][];
            /**
             * @description True when another page follows.
             * @example false
             */
            has_more: boolean;
            /**
             * @description Pass as `cursor` to get the next page; null on the last page.
             * @example null
             */
            next_cursor: string | null;
        };
        RollApiKeyRequest: {
            /**
             * @description How long the previous secret keeps working, in seconds (default 86400; 0: it stops at once).
             * @example 86400
             */
            expires_in?: number;
        };
        AccountClosure: {
            /** @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            account_id: string;
            /**
             * @example closed
             * @enum {string}
             */
            status: "closed";
            /** @example 2026-11-21T10:15:30.123Z */
            closed_at: string;
            /**
             * @description Active sessions of the account's users that were ended.
             * @example 3
             */
            revoked_sessions: number;
            /**
             * @description Pending transactions that were canceled.
             * @example 0
             */
            canceled_transactions: number;
            /**
             * @description Open payment requests that were canceled.
             * @example 0
             */
            canceled_payments: number;
        };
        CurrencyTotals: {
            /** @example EUR */
            currency: string;
            /**
             * Format: int64
             * @example 150000
             */
            posted_debits: number;
            /**
             * Format: int64
             * @example 150000
             */
            posted_credits: number;
            /**
             * Format: int64
             * @example 2500
             */
            pending_debits: number;
            /**
             * Format: int64
             * @example 2500
             */
            pending_credits: number;
        };
        InvariantResult: {
            /**
             * @example credits_given_back_within_amount
             * @enum {string}
             */
            name: "debits_equal_credits" | "balances_equal_entries" | "transactions_have_their_entries" | "credits_given_back_within_amount" | "payment_amounts_consistent" | "overdrafts_forbidden_held" | "event_sequences_gapless";
            /** @example No payment or credit is given back beyond its amount. */
            description: string;
            /** @example true */
            ok: boolean;
            /**
             * @description How many differences break it (the report lists the first 100 of all).
             * @example 0
             */
            difference_count: number;
            /**
             * @description How long checking it took, in milliseconds.
             * @example 412
             */
            duration_ms: number;
        };
        LedgerDifference: {
            /**
             * @description The invariant it breaks.
             * @example balances_equal_entries
             * @enum {string}
             */
            invariant: "debits_equal_credits" | "balances_equal_entries" | "transactions_have_their_entries" | "credits_given_back_within_amount" | "payment_amounts_consistent" | "overdrafts_forbidden_held" | "event_sequences_gapless";
            /**
             * @example balance_mismatch
             * @enum {string}
             */
            kind: "unbalanced_currency" | "missing_balance" | "balance_mismatch" | "running_balance_mismatch" | "unpaired_entries" | "transaction_entries_mismatch" | "refunds_mismatch" | "given_back_beyond_amount" | "payment_amounts_mismatch" | "overdraft_exceeded" | "event_sequence_gap";
            /** @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            account_id?: string;
            /** @example EUR */
            currency?: string;
            /** @example txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            transaction_id?: string;
            /** @example pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9 */
            payment_id?: string;
            /**
             * @description An event stream: the account it belongs to, or `platform`.
             * @example acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9
             */
            stream?: string;
            /** @example posted */
            field?: string;
            /**
             * Format: int64
             * @description What the invariant requires (for a balance: what its entries add up to).
             * @example 12000
             */
            expected?: number;
            /**
             * Format: int64
             * @description What is stored.
             * @example 11000
             */
            actual?: number;
            /** @example the stored posted differs from the sum of the entries */
            description: string;
        };
        LedgerCheckReport: {
            /**
             * @description True when nothing differs.
             * @example true
             */
            ok: boolean;
            /** @example 2026-11-21T10:15:30.123Z */
            checked_at: string;
            /** @example 2000000 */
            entries_checked: number;
            /** @example 600 */
            balances_checked: number;
            /** @description Per currency, the sums of debits and credits (canceled entries left out). */
            currencies: components["schemas"]["CurrencyTotals"][];
            /** @description Each invariant of contract section 20, checked, in the order checked. */
            invariants: components["schemas"]["InvariantResult"][];
            /** @example 0 */
            difference_count: number;
            /** @description The first 100 differences. */
            differences: components["schemas"]["LedgerDifference"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    liveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: the database cannot be used. */
            503: {
                headers: {
                    /** @description Seconds to wait before asking again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadinessUnavailable"];
                };
            };
        };
    };
    invalidateSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["InvalidateSessionRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionInvalidation"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `session_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `session_already_invalidated` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_enrollment_required`, `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
                /** @description Exact email (case-insensitive). */
                email?: string;
                /** @description Only users with this role. */
                role?: "admin" | "member";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description A value of your choice, new for each new request (a random UUID such as `7f9c2ba4-e88f-4d2a-9f5c-0b1a2c3d4e5f`), sent again only to retry that same request. Makes a retry safe: for 24 hours, the same key from the same caller on this route with the same body replays the first response (same status and body) with `Idempotent-Replayed: true`, and creates nothing. The same key with another body: `422 idempotency_key_reused`; while the first request runs: `409 idempotency_request_in_progress`. Server errors (5xx) and `400 validation_error` are not kept, so the request may be retried or corrected under the same key. Swagger UI (/docs) fills a fresh random key when this field is left empty. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUserRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `email_already_registered`, `idempotency_request_in_progress` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user id (`usr_...`). */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `user_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user id (`usr_...`). */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedUser"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `user_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `user_owns_account` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user id (`usr_...`). */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`, `invalid_credentials` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `user_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `email_already_registered` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    verifyEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyEmailRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description `validation_error`, `invalid_json`, `token_invalid` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `email_already_registered` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resendEmailVerification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailLinkSent"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `email_already_verified` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetRequest"];
            };
        };
        responses: {
            /** @description Accepted: a link is on its way if a user has this email. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetConfirmRequest"];
            };
        };
        responses: {
            /** @description The password is set; log in with it. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_error`, `invalid_json`, `token_invalid` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description A value of your choice, new for each new request (a random UUID such as `7f9c2ba4-e88f-4d2a-9f5c-0b1a2c3d4e5f`), sent again only to retry that same request. Makes a retry safe: for 24 hours, the same key from the same caller on this route with the same body replays the first response (same status and body) with `Idempotent-Replayed: true`, and creates nothing. The same key with another body: `422 idempotency_key_reused`; while the first request runs: `409 idempotency_request_in_progress`. Server errors (5xx) and `400 validation_error` are not kept, so the request may be retried or corrected under the same key. Swagger UI (/docs) fills a fresh random key when this field is left empty. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAccountRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `email_not_verified`, `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `user_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_already_exists`, `idempotency_request_in_progress` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAccount: {
        parameters: {
            query?: {
                /** @description Admins: the account to act on (default: the caller's own). */
                account_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAccountRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_funds` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOwnAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccounts: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
                /** @description Only accounts of this type. */
                type?: "individual" | "business";
                /** @description Only accounts in this status. */
                status?: "open" | "closed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBalances: {
        parameters: {
            query?: {
                /** @description Admins: the account to act on (default: the caller's own). */
                account_id?: string;
                /** @description The posted balance of each currency as it stood at this instant: every entry posted at or before it. An RFC 3339 date-time (`2026-11-21T10:15:30.123Z`, `2026-11-21t11:15:30+01:00`; years 0000-9999; `T` and `Z` in either case) or a date alone (`2026-11-21`, midnight UTC). Read to the millisecond: fractional digits beyond the third are dropped. */
                as_of?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Balances"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
                /** @description Only transactions in this status. */
                status?: "pending" | "posted" | "canceled";
                /** @description Only transactions of this type. */
                type?: "payment" | "credit" | "refund" | "transfer" | "adjustment" | "payout";
                /** @description Upper-case ISO 4217 code of a currency in circulation. */
                currency?: components["schemas"]["Currency"];
                /** @description Created at or after this instant (inclusive). An RFC 3339 date-time (`2026-11-21T10:15:30.123Z`, `2026-11-21t11:15:30+01:00`; years 0000-9999; `T` and `Z` in either case) or a date alone (`2026-11-21`, midnight UTC). Read to the millisecond: fractional digits beyond the third are dropped. */
                created_from?: string;
                /** @description Created before this instant (exclusive); later than `created_from` when both are given. An RFC 3339 date-time (`2026-11-21T10:15:30.123Z`, `2026-11-21t11:15:30+01:00`; years 0000-9999; `T` and `Z` in either case) or a date alone (`2026-11-21`, midnight UTC). Read to the millisecond: fractional digits beyond the third are dropped. */
                created_to?: string;
                /** @description Admins: only this account's transactions. Members always see their own account's. */
                account_id?: string;
                /** @description Exact match on metadata entries: `metadata[order_id]=1042&metadata[channel]=web`. Leave empty for no filter. At most 10 entries, each key given once; keys are 1 to 40 characters. */
                metadata?: {
                    [key: string]: string;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createTransaction: {
        parameters: {
            query?: never;
            header?: {
                /** @description A value of your choice, new for each new request (a random UUID such as `7f9c2ba4-e88f-4d2a-9f5c-0b1a2c3d4e5f`), sent again only to retry that same request. Makes a retry safe: for 24 hours, the same key from the same caller on this route with the same body replays the first response (same status and body) with `Idempotent-Replayed: true`, and creates nothing. The same key with another body: `422 idempotency_key_reused`; while the first request runs: `409 idempotency_request_in_progress`. Server errors (5xx) and `400 validation_error` are not kept, so the request may be retried or corrected under the same key. Swagger UI (/docs) fills a fresh random key when this field is left empty. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTransactionRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `email_not_verified`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_funds`, `refund_exceeds_payment`, `idempotency_request_in_progress` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A transaction id (`txn_...`). */
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `transaction_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A transaction id (`txn_...`). */
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `transaction_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `transaction_not_pending`, `refund_exceeds_payment`, `transaction_belongs_to_refund`, `transaction_belongs_to_payout` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A transaction id (`txn_...`). */
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTransactionRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `transaction_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `immutable_field` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A transaction id (`txn_...`). */
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `transaction_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `transaction_not_pending`, `transaction_not_posted`, `transaction_belongs_to_refund`, `transaction_belongs_to_payout` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reverseTransaction: {
        parameters: {
            query?: never;
            header?: {
                /** @description A value of your choice, new for each new request (a random UUID such as `7f9c2ba4-e88f-4d2a-9f5c-0b1a2c3d4e5f`), sent again only to retry that same request. Makes a retry safe: for 24 hours, the same key from the same caller on this route with the same body replays the first response (same status and body) with `Idempotent-Replayed: true`, and creates nothing. The same key with another body: `422 idempotency_key_reused`; while the first request runs: `409 idempotency_request_in_progress`. Server errors (5xx) and `400 validation_error` are not kept, so the request may be retried or corrected under the same key. Swagger UI (/docs) fills a fresh random key when this field is left empty. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A transaction id (`txn_...`). */
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReverseTransactionRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `transaction_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `transaction_not_posted`, `transaction_already_reversed`, `transaction_has_refunds`, `transaction_belongs_to_payout`, `insufficient_funds`, `idempotency_request_in_progress` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPayments: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
                /** @description As the request reads now: `expired` includes unpaid requests past `expires_at`. */
                status?: "pending" | "authorized" | "succeeded" | "failed" | "canceled" | "expired";
                /** @description Only requests for this purpose. */
                purpose?: "product" | "subscription" | "invoice";
                /** @description The customer's exact email (case-insensitive). */
                customer_email?: string;
                /** @description Created at or after this instant (inclusive). An RFC 3339 date-time (`2026-11-21T10:15:30.123Z`, `2026-11-21t11:15:30+01:00`; years 0000-9999; `T` and `Z` in either case) or a date alone (`2026-11-21`, midnight UTC). Read to the millisecond: fractional digits beyond the third are dropped. */
                created_from?: string;
                /** @description Created before this instant (exclusive); later than `created_from` when both are given. An RFC 3339 date-time (`2026-11-21T10:15:30.123Z`, `2026-11-21t11:15:30+01:00`; years 0000-9999; `T` and `Z` in either case) or a date alone (`2026-11-21`, midnight UTC). Read to the millisecond: fractional digits beyond the third are dropped. */
                created_to?: string;
                /** @description Admins: only this account's requests. Members always see their own account's. */
                account_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description A value of your choice, new for each new request (a random UUID such as `7f9c2ba4-e88f-4d2a-9f5c-0b1a2c3d4e5f`), sent again only to retry that same request. Makes a retry safe: for 24 hours, the same key from the same caller on this route with the same body replays the first response (same status and body) with `Idempotent-Replayed: true`, and creates nothing. The same key with another body: `422 idempotency_key_reused`; while the first request runs: `409 idempotency_request_in_progress`. Server errors (5xx) and `400 validation_error` are not kept, so the request may be retried or corrected under the same key. Swagger UI (/docs) fills a fresh random key when this field is left empty. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePaymentRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description `validation_error`, `invalid_json`, `provider_mode_mismatch` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `email_not_verified`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_request_in_progress` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment request id (`pay_...`). */
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment request id (`pay_...`). */
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentStatus"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    capturePayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment request id (`pay_...`). */
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CapturePaymentRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_pending` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment request id (`pay_...`). */
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_pending` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPaymentProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentProviderList"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRefunds: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description A payment request id (`pay_...`). */
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: {
                /** @description A value of your choice, new for each new request (a random UUID such as `7f9c2ba4-e88f-4d2a-9f5c-0b1a2c3d4e5f`), sent again only to retry that same request. Makes a retry safe: for 24 hours, the same key from the same caller on this route with the same body replays the first response (same status and body) with `Idempotent-Replayed: true`, and creates nothing. The same key with another body: `422 idempotency_key_reused`; while the first request runs: `409 idempotency_request_in_progress`. Server errors (5xx) and `400 validation_error` are not kept, so the request may be retried or corrected under the same key. Swagger UI (/docs) fills a fresh random key when this field is left empty. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description A payment request id (`pay_...`). */
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRefundRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_refundable`, `refund_exceeds_payment`, `insufficient_funds`, `idempotency_request_in_progress` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A refund id (`re_...`). */
                refund_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `refund_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A refund id (`re_...`). */
                refund_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmRefundRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `refund_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `transaction_not_pending` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPayouts: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
                /** @description Only payouts in this status. */
                status?: "pending" | "in_transit" | "paid" | "returned" | "canceled";
                /** @description Admins: one account's payouts. */
                account_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPayout: {
        parameters: {
            query?: never;
            header?: {
                /** @description A value of your choice, new for each new request (a random UUID such as `7f9c2ba4-e88f-4d2a-9f5c-0b1a2c3d4e5f`), sent again only to retry that same request. Makes a retry safe: for 24 hours, the same key from the same caller on this route with the same body replays the first response (same status and body) with `Idempotent-Replayed: true`, and creates nothing. The same key with another body: `422 idempotency_key_reused`; while the first request runs: `409 idempotency_request_in_progress`. Server errors (5xx) and `400 validation_error` are not kept, so the request may be retried or corrected under the same key. Swagger UI (/docs) fills a fresh random key when this field is left empty. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePayoutRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_funds`, `idempotency_request_in_progress` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `idempotency_key_reused` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPayout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payout id (`po_...`). */
                payout_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payout_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelPayout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payout id (`po_...`). */
                payout_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payout_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payout_not_cancelable` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testPayoutPaid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payout id (`po_...`). */
                payout_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `test_mode_only`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payout_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payout_not_cancelable` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testPayoutReturned: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payout id (`po_...`). */
                payout_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReturnPayoutRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `test_mode_only`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payout_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payout_not_cancelable` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPayoutBatches: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutBatchPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPayoutBatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePayoutBatchRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutBatch"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payout_batch_empty` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPayoutBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payout batch id (`pob_...`). */
                batch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutBatch"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payout_batch_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPayoutBatchFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payout batch id (`pob_...`). */
                batch_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pain.001.001.09 document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payout_batch_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    simulatePayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A payment request id (`pay_...`). */
                payment_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SimulatePaymentRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `account_closed`, `test_mode_only`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payment_not_pending` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
                /** @description Only events of these types: repeat the parameter or separate types with commas. */
                type?: ("account.created" | "account.updated" | "account.closed" | "user.created" | "user.updated" | "user.deleted" | "transaction.created" | "transaction.updated" | "transaction.posted" | "transaction.canceled" | "transaction.reversed" | "payment.created" | "payment.authorized" | "payment.attempt_failed" | "payment.succeeded" | "payment.failed" | "payment.canceled" | "payment.expired" | "payment.refunded" | "refund.created" | "refund.succeeded" | "refund.failed" | "payout.created" | "payout.in_transit" | "payout.paid" | "payout.returned" | "payout.canceled" | "balance.updated")[];
                /** @description Created at or after this instant (inclusive). An RFC 3339 date-time (`2026-11-21T10:15:30.123Z`, `2026-11-21t11:15:30+01:00`; years 0000-9999; `T` and `Z` in either case) or a date alone (`2026-11-21`, midnight UTC). Read to the millisecond: fractional digits beyond the third are dropped. */
                created_from?: string;
                /** @description Created before this instant (exclusive); later than `created_from` when both are given. An RFC 3339 date-time (`2026-11-21T10:15:30.123Z`, `2026-11-21t11:15:30+01:00`; years 0000-9999; `T` and `Z` in either case) or a date alone (`2026-11-21`, midnight UTC). Read to the millisecond: fractional digits beyond the third are dropped. */
                created_to?: string;
                /** @description With one account (a member's, or an admin's `account_id`): the events after this sequence, oldest first, to catch up. */
                after_sequence?: number;
                /** @description Admins: only this account's events. Members always see their own account's. */
                account_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An event id (`evt_...`). */
                event_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One example per event type; webhook deliveries carry the same body. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `event_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
                /** @description Only entries of this action. */
                action?: components["schemas"]["AuditAction"];
                /** @description Only successes, or only failures. */
                outcome?: "success" | "failure";
                /** @description Only entries of this actor (a user id or an API key id). */
                actor_id?: string;
                /** @description Created at or after this instant (inclusive). An RFC 3339 date-time (`2026-11-21T10:15:30.123Z`, `2026-11-21t11:15:30+01:00`; years 0000-9999; `T` and `Z` in either case) or a date alone (`2026-11-21`, midnight UTC). Read to the millisecond: fractional digits beyond the third are dropped. */
                created_from?: string;
                /** @description Created before this instant (exclusive); later than `created_from` when both are given. An RFC 3339 date-time (`2026-11-21T10:15:30.123Z`, `2026-11-21t11:15:30+01:00`; years 0000-9999; `T` and `Z` in either case) or a date alone (`2026-11-21`, midnight UTC). Read to the millisecond: fractional digits beyond the third are dropped. */
                created_to?: string;
                /** @description Admins: only this account's entries. Owners always see their own account's. */
                account_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntryPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuditPublicKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPublicKey"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookEndpointRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description `validation_error`, `invalid_json`, `webhook_url_not_allowed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `email_not_verified`, `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint id (`whe_...`). */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `webhook_endpoint_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint id (`whe_...`). */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletedWebhookEndpoint"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `webhook_endpoint_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint id (`whe_...`). */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookEndpointRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description `validation_error`, `invalid_json`, `webhook_url_not_allowed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `webhook_endpoint_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A webhook endpoint id (`whe_...`). */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RotateWebhookSecretRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`, `mfa_code_invalid` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_code_required`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `webhook_endpoint_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description A webhook endpoint id (`whe_...`). */
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `webhook_endpoint_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeliverEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An event id (`evt_...`). */
                event_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RedeliverRequest"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `event_not_found`, `webhook_endpoint_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBankStatements: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankStatementPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    importBankStatement: {
        parameters: {
            query?: {
                /** @description The mode the statement settles requests of. */
                mode?: "live" | "test";
                /** @description A bank's CSV export: the profile that says how to read it (`POST /v1/bank_statement_profiles`). */
                profile?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": string;
                "text/plain": string;
                "text/csv": string;
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReconciliationReport"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `bank_statement_profile_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBankStatement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A bank statement id (`stm_...`). */
                statement_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankStatement"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `bank_statement_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBankStatementLines: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
                /** @description Only lines in this state: `unmatched` is the inbox. */
                status?: "matched" | "unmatched" | "ignored";
                /** @description Only the lines this import read first. */
                statement_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankStatementLinePage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBankStatementLine: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A bank statement line id (`bsl_...`). */
                line_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankStatementLine"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `bank_statement_line_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    matchBankStatementLine: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A bank statement line id (`bsl_...`). */
                line_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MatchBankStatementLineRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankStatementLine"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `bank_statement_line_not_found`, `payment_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `amount_mismatch`, `request_not_open`, `line_not_unmatched` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ignoreBankStatementLine: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A bank statement line id (`bsl_...`). */
                line_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IgnoreBankStatementLineRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankStatementLine"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `bank_statement_line_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `line_not_unmatched` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBankStatementProfiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankStatementProfileList"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createBankStatementProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BankStatementProfile"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankStatementProfile"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `bank_statement_profile_exists` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBankStatementProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A profile name (`ubs-export`). */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankStatementProfile"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `bank_statement_profile_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteBankStatementProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A profile name (`ubs-export`). */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `bank_statement_profile_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `invalid_credentials`, `mfa_required` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_closed` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    refreshSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["RefreshRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPair"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `refresh_token_invalid`, `refresh_token_expired` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `session_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `token_rotation_failed` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    loginWithMfa: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginMfaRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginResponse"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_code_invalid` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_closed` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startTotpEnrolment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartTotpRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpEnrolment"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`, `invalid_credentials` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_already_enabled` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RemoveTotpRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpRemoved"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`, `invalid_credentials`, `mfa_code_invalid` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_code_required`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_not_enabled` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmTotpEnrolment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmTotpRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpEnabled"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`, `mfa_code_invalid` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `mfa_already_enabled`, `mfa_enrollment_not_started` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description Page size: 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the `next_cursor` of the previous page. Leave it out for the first page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyPage"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyWithSecret"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized`, `mfa_code_invalid` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `email_not_verified`, `insufficient_permissions`, `mfa_code_required`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An API key id (`key_...`). */
                api_key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `api_key_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An API key id (`key_...`). */
                api_key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKey"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `api_key_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rollApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An API key id (`key_...`). */
                api_key_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RollApiKeyRequest"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyWithSecret"];
                };
            };
            /** @description `validation_error`, `invalid_json` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `api_key_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `api_key_not_active` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    closeAccount: {
        parameters: {
            query?: {
                /** @description Admins: the account to act on (default: the caller's own). */
                account_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountClosure"];
                };
            };
            /** @description `validation_error` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `account_closed`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `account_has_payouts_in_transit` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    checkLedger: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerCheckReport"];
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_permissions`, `mfa_enrollment_required` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error` */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable` */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}

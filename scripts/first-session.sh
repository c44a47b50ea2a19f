#!/usr/bin/env bash
# The README's first session, exactly as it reads there, against a running server (B, default
# http://127.0.0.1:3000). Needs curl and jq. CI runs it against a fresh server; it stops at the first
# answer that is not a success (curl --fail-with-body prints the error body).
set -euo pipefail
B="${B:-http://127.0.0.1:3000}"
api() { curl -sS --fail-with-body "$@"; echo >&2; }

# Sign up, then log in: the tokens come back as JSON.
EMAIL="ada.$(date +%s%N)@example.com"
PASSWORD='correct horse battery staple'
api -X POST "$B/v1/users" -H 'content-type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\",\"name\":\"Ada\"}" >&2
# {"id":"usr_01M8...","email":"ada.1795...@example.com","email_verified":false,"name":"Ada","role":"member","account_id":null,...}
LOGIN=$(api -X POST "$B/v1/auth/login" -H 'content-type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}")
ACCESS=$(jq -r .access_token <<<"$LOGIN")
REFRESH=$(jq -r .refresh_token <<<"$LOGIN")
# LOGIN: {"access_token":"eyJ...","token_type":"Bearer","expires_at":"...","refresh_token":"eyJ...",...}

# Open a business account (its owner is you), then book a payment with an Idempotency-Key.
api -X POST "$B/v1/accounts" -H "authorization: Bearer $ACCESS" -H 'content-type: application/json' \
  -d '{"type":"business","name":"Analytical Engines","email":"billing@example.com"}' >&2
# {"id":"acc_01M8...","type":"business","name":"Analytical Engines","status":"open","mode":"test","livemode":false,...}
TXN=$(api -X POST "$B/v1/transactions" -H "authorization: Bearer $ACCESS" -H 'content-type: application/json' \
  -H "idempotency-key: order-1042-$(date +%s%N)" \
  -d '{"type":"payment","amount":1250,"currency":"EUR","description":"Order 1042","metadata":{"order_id":"1042"}}' | jq -r .id)
api -g "$B/v1/transactions?status=pending&metadata[order_id]=1042" -H "authorization: Bearer $ACCESS" >&2   # -g: brackets are not a curl glob
# {"data":[{"id":"txn_01M8...","type":"payment","status":"pending","direction":"debit","amount":1250,"currency":"EUR",...}],"has_more":false,"next_cursor":null}
api -X PATCH "$B/v1/transactions/$TXN" -H "authorization: Bearer $ACCESS" -H 'content-type: application/json' \
  -d '{"metadata":{"channel":"web","order_id":null},"notes":"Confirmed by phone"}' >&2
# {"id":"txn_01M8...","status":"pending",...,"metadata":{"channel":"web"},"notes":"Confirmed by phone",...}
api -X DELETE "$B/v1/transactions/$TXN" -H "authorization: Bearer $ACCESS" >&2        # pending -> canceled
# {"id":"txn_01M8...","status":"canceled",...}

# Ask a customer for money: payment_url is the page they pay on (open it in a browser; the sandbox
# takes the card 4242 4242 4242 4242). Here the sandbox's simulate endpoint plays the customer.
PAYMENT=$(api -X POST "$B/v1/payments" -H "authorization: Bearer $ACCESS" -H 'content-type: application/json' \
  -d '{"purpose":"invoice","amount":4999,"currency":"EUR","customer":{"email":"grace@example.com"},"reference_id":"INV-42"}')
PAY=$(jq -r .id <<<"$PAYMENT")
echo "customer page: $(jq -r .payment_url <<<"$PAYMENT")" >&2
# customer page: http://127.0.0.1:3000/pay/waVCprvA2059m9e7qMffgZDjZzXrxL82
api -X POST "$B/v1/payments/$PAY/simulate" -H "authorization: Bearer $ACCESS" -H 'content-type: application/json' \
  -d '{"outcome":"succeeded"}' >&2                                                      # books a posted credit
# {"id":"pay_01M8...","amount":4999,"currency":"EUR","status":"succeeded","provider":"sandbox","livemode":false,...}
STATUS=$(api "$B/v1/payments/$PAY/status" -H "authorization: Bearer $ACCESS" | jq -r .status)
api "$B/v1/account/balances" -H "authorization: Bearer $ACCESS" >&2                      # posted 4999 EUR
# {"account_id":"acc_01M8...","balances":[{"currency":"EUR","posted":4999,"pending":4999,"available":4999,...}]}
api "$B/v1/events?limit=5" -H "authorization: Bearer $ACCESS" >&2                        # what happened, newest first
# {"data":[{"id":"evt_01M8...","type":"balance.updated","sequence":11,...},{...,"type":"transaction.created",...},...],"has_more":true,...}

# Rotate the refresh token (the old one is spent), then log out.
TOKENS=$(api -X POST "$B/v1/auth/refresh" -H "authorization: Bearer $REFRESH")
ACCESS=$(jq -r .access_token <<<"$TOKENS")
REFRESH=$(jq -r .refresh_token <<<"$TOKENS")
api -X DELETE "$B/v1/auth/session" -H "authorization: Bearer $ACCESS" >&2
# {"success":true,"invalidated_session_id":"ses_01M8...","revoked_tokens":3,"revoked_at":"..."}

[ "$STATUS" = succeeded ] || { echo "the payment request is $STATUS, not succeeded" >&2; exit 1; }
echo "first session completed: payment $PAY succeeded" >&2
# first session completed: payment pay_01M8... succeeded

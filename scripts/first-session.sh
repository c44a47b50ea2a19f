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
LOGIN=$(api -X POST "$B/v1/auth/login" -H 'content-type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}")
ACCESS=$(jq -r .access_token <<<"$LOGIN")
REFRESH=$(jq -r .refresh_token <<<"$LOGIN")

# Open a business account (its owner is you), then book a payment with an Idempotency-Key.
api -X POST "$B/v1/accounts" -H "authorization: Bearer $ACCESS" -H 'content-type: application/json' \
  -d '{"type":"business","name":"Analytical Engines","email":"billing@example.com"}' >&2
TXN=$(api -X POST "$B/v1/transactions" -H "authorization: Bearer $ACCESS" -H 'content-type: application/json' \
  -H "idempotency-key: order-1042-$(date +%s%N)" \
  -d '{"type":"payment","amount":1250,"currency":"EUR","description":"Order 1042","metadata":{"order_id":"1042"}}' | jq -r .id)
api -g "$B/v1/transactions?status=pending&metadata[order_id]=1042" -H "authorization: Bearer $ACCESS" >&2   # -g: brackets are not a curl glob
api -X PATCH "$B/v1/transactions/$TXN" -H "authorization: Bearer $ACCESS" -H 'content-type: application/json' \
  -d '{"metadata":{"channel":"web","order_id":null},"notes":"Confirmed by phone"}' >&2
api -X DELETE "$B/v1/transactions/$TXN" -H "authorization: Bearer $ACCESS" >&2        # pending -> canceled

# Ask a customer for money: payment_url is the page they pay on (open it in a browser; the sandbox
# takes the card 4242 4242 4242 4242). Here the sandbox's simulate endpoint plays the customer.
PAYMENT=$(api -X POST "$B/v1/payments" -H "authorization: Bearer $ACCESS" -H 'content-type: application/json' \
  -d '{"purpose":"invoice","amount":4999,"currency":"EUR","customer":{"email":"grace@example.com"},"reference_id":"INV-42"}')
PAY=$(jq -r .id <<<"$PAYMENT")
echo "customer page: $(jq -r .payment_url <<<"$PAYMENT")" >&2
api -X POST "$B/v1/payments/$PAY/simulate" -H "authorization: Bearer $ACCESS" -H 'content-type: application/json' \
  -d '{"outcome":"succeeded"}' >&2                                                      # books a posted credit
STATUS=$(api "$B/v1/payments/$PAY/status" -H "authorization: Bearer $ACCESS" | jq -r .status)
api "$B/v1/account/balances" -H "authorization: Bearer $ACCESS" >&2                      # posted 4999 EUR
api "$B/v1/events?limit=5" -H "authorization: Bearer $ACCESS" >&2                        # what happened, newest first

# Rotate the refresh token (the old one is spent), then log out.
TOKENS=$(api -X POST "$B/v1/auth/refresh" -H "authorization: Bearer $REFRESH")
ACCESS=$(jq -r .access_token <<<"$TOKENS")
REFRESH=$(jq -r .refresh_token <<<"$TOKENS")
api -X DELETE "$B/v1/auth/session" -H "authorization: Bearer $ACCESS" >&2

[ "$STATUS" = succeeded ] || { echo "the payment request is $STATUS, not succeeded" >&2; exit 1; }
echo "first session completed: payment $PAY succeeded" >&2

import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../../common/pagination/page.dto';
import {
  CAPTURE_METHODS,
  CaptureMethod,
  PAYMENT_FAILURE_CODES,
  PaymentFailureCode,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  PaymentMetadata,
  PaymentPurpose,
  PaymentRequest,
  PaymentStatus,
} from '../entities/payment-request.entity';
import { effectiveStatus } from '../payment-status';

/** A nullable enum lists null among its values (OpenAPI 3.0), or validators refuse the null it allows. */
const FAILURE_CODE_SCHEMA = {
  enum: [...PAYMENT_FAILURE_CODES, null],
  nullable: true,
  description: 'Why the request failed; null unless `status` is failed.',
};

const TIMESTAMP = '2026-11-21T10:15:30.123Z';

export class PaymentCustomerResponseDto {
  @ApiProperty({ example: 'grace@example.com' })
  email: string;

  @ApiProperty({ type: String, nullable: true, example: 'Grace Hopper' })
  name: string | null;
}

export class PaymentResponseDto {
  @ApiProperty({ example: 'pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  id: string;

  @ApiProperty({ example: 'acc_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  account_id: string;

  @ApiProperty({ enum: PAYMENT_PURPOSES, example: 'invoice' })
  purpose: PaymentPurpose;

  @ApiProperty({ type: String, nullable: true, example: 'INV-2026-00042' })
  reference_id: string | null;

  @ApiProperty({ type: 'integer', format: 'int64', example: 4999, description: 'Minor units of the currency.' })
  amount: number;

  @ApiProperty({ example: 'EUR' })
  currency: string;

  @ApiProperty({ type: String, nullable: true, example: 'Invoice 42: consulting, November' })
  description: string | null;

  @ApiProperty({ type: PaymentCustomerResponseDto })
  customer: PaymentCustomerResponseDto;

  @ApiProperty({ enum: CAPTURE_METHODS, example: 'automatic' })
  capture_method: CaptureMethod;

  @ApiProperty({ enum: PAYMENT_STATUSES, example: 'pending', description: 'A pending or authorized request reads as expired from expires_at on.' })
  status: PaymentStatus;

  @ApiProperty({ ...FAILURE_CODE_SCHEMA, example: null })
  failure_code: PaymentFailureCode | null;

  @ApiProperty({
    enum: [...PAYMENT_FAILURE_CODES, null],
    nullable: true,
    example: null,
    description: "Why the customer's last attempt was declined (the request stays `pending` and the page lets them try again); null before any.",
  })
  last_failure_code: PaymentFailureCode | null;

  @ApiProperty({ example: 'sandbox', description: 'The provider chosen at creation (GET /v1/payment_providers); every later step of the request goes to it.' })
  provider: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description:
      'How the provider knows the request: for `bank_transfer`, the ISO 11649 RF creditor reference the customer quotes on the transfer (print it on the invoice). Null for the sandbox.',
  })
  provider_reference: string | null;

  @ApiProperty({ example: false, description: "The account's mode: true for live money. The sandbox and `simulate` serve test requests only." })
  livemode: boolean;

  @ApiProperty({
    example: 'https://checkout.example/pay/Xk3v9QzR7bT2mN8pL4wY6cJ1hF5dS0aE',
    description:
      "Where the customer pays: the hosted page (`{PUBLIC_BASE_URL}/pay/{checkout_token}`), or, for a provider that takes the customer to its own page (`checkout: redirect` in `GET /v1/payment_providers`, such as Stripe Checkout), that provider's page.",
  })
  payment_url: string;

  @ApiProperty({ example: '2026-11-28T10:15:30.123Z' })
  expires_at: string;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { order_id: '1042' } })
  metadata: PaymentMetadata;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'The posted credit transaction, once the request succeeded.' })
  transaction_id: string | null;

  @ApiProperty({
    type: 'integer',
    format: 'int64',
    example: 0,
    description: 'What the success charged (and its credit booked): `amount`, or less when a manual capture took part of the authorization. 0 before.',
  })
  amount_captured: number;

  @ApiProperty({ type: 'integer', format: 'int64', example: 0, description: 'The sum of its refunds that are pending or succeeded; never more than `amount_captured`.' })
  amount_refunded: number;

  @ApiProperty({ example: false, description: 'True once refunds (pending or succeeded) give back all of `amount_captured`.' })
  refunded: boolean;

  @ApiProperty({ example: TIMESTAMP })
  created_at: string;

  @ApiProperty({ example: TIMESTAMP })
  updated_at: string;

  @ApiProperty({ type: String, nullable: true, example: null })
  paid_at: string | null;
}

export class PaymentPageDto extends PageOf(PaymentResponseDto) {}

export class PaymentStatusResponseDto {
  @ApiProperty({ example: 'pay_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  payment_id: string;

  @ApiProperty({ enum: PAYMENT_STATUSES, example: 'succeeded' })
  status: PaymentStatus;

  @ApiProperty({ ...FAILURE_CODE_SCHEMA, example: null })
  failure_code: PaymentFailureCode | null;

  @ApiProperty({ type: 'integer', format: 'int64', example: 4999, description: 'Minor units of the currency.' })
  amount: number;

  @ApiProperty({ example: 'EUR' })
  currency: string;

  @ApiProperty({ example: '2026-11-28T10:15:30.123Z' })
  expires_at: string;

  @ApiProperty({ type: String, nullable: true, example: TIMESTAMP })
  paid_at: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'txn_01JDQ4Z8X9T2M3N4P5Q6R7S8T9' })
  transaction_id: string | null;

  @ApiProperty({ example: TIMESTAMP })
  updated_at: string;
}

export function toPaymentResponse(payment: PaymentRequest, now = new Date()): PaymentResponseDto {
  return {
    id: payment.id,
    account_id: payment.accountId,
    purpose: payment.purpose,
    reference_id: payment.referenceId,
    amount: payment.amount,
    currency: payment.currency,
    description: payment.description,
    customer: { email: payment.customerEmail, name: payment.customerName },
    capture_method: payment.captureMethod,
    status: effectiveStatus(payment, now),
    failure_code: payment.failureCode,
    last_failure_code: payment.lastFailureCode,
    provider: payment.provider,
    provider_reference: payment.providerReference,
    livemode: payment.livemode,
    payment_url: payment.paymentUrl,
    expires_at: payment.expiresAt.toISOString(),
    metadata: payment.metadata,
    transaction_id: payment.transactionId,
    amount_captured: payment.amountCaptured,
    amount_refunded: payment.amountRefunded,
    refunded: payment.amountCaptured > 0 && payment.amountRefunded >= payment.amountCaptured,
    created_at: payment.createdAt.toISOString(),
    updated_at: payment.updatedAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
  };
}

export function toPaymentStatusResponse(payment: PaymentRequest, now = new Date()): PaymentStatusResponseDto {
  return {
    payment_id: payment.id,
    status: effectiveStatus(payment, now),
    failure_code: payment.failureCode,
    amount: payment.amount,
    currency: payment.currency,
    expires_at: payment.expiresAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
    transaction_id: payment.transactionId,
    updated_at: payment.updatedAt.toISOString(),
  };
}

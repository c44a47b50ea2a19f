import { ApiProperty } from '@nestjs/swagger';
import { Mode, MODES } from '../../config/modes';
import { CHECKOUT_KINDS, CheckoutKind, PaymentProvider } from '../providers/payment-provider';

export class PaymentProviderCapabilitiesDto {
  @ApiProperty({ example: true, description: 'The hosted page collects a card.' })
  card_on_page: boolean;

  @ApiProperty({ example: true, description: '`capture_method: manual` is offered: the customer authorizes, you capture.' })
  manual_capture: boolean;

  @ApiProperty({ example: false, description: "A succeeded request's money can be given back through the provider." })
  refunds: boolean;

  @ApiProperty({ example: false, description: 'The money arrives after the customer leaves the page (bank_transfer: when a bank statement shows it).' })
  asynchronous_settlement: boolean;
}

export class PaymentProviderResponseDto {
  @ApiProperty({ example: 'sandbox', description: 'What `provider` names on a payment request.' })
  name: string;

  @ApiProperty({ enum: MODES, isArray: true, example: ['test'], description: 'The account modes it serves: the sandbox moves no real money and serves test accounts only.' })
  modes: Mode[];

  @ApiProperty({ type: PaymentProviderCapabilitiesDto })
  capabilities: PaymentProviderCapabilitiesDto;

  @ApiProperty({
    enum: CHECKOUT_KINDS,
    example: 'card_form',
    description:
      "What `payment_url` shows the customer of a pending request: a card form (`card_form`), the payee's bank details and the reference to quote " +
      "(`bank_transfer`), or a `303` redirect to the provider's own hosted page (`redirect`, e.g. Stripe Checkout), which reports the outcome back by signed notification.",
  })
  checkout: CheckoutKind;
}

export class PaymentProviderListDto {
  @ApiProperty({
    type: PaymentProviderResponseDto,
    isArray: true,
    description: 'In order of preference (PAYMENT_PROVIDERS): a request without `provider` goes to the first that serves its mode.',
  })
  data: PaymentProviderResponseDto[];
}

export function toPaymentProviderResponse(provider: PaymentProvider): PaymentProviderResponseDto {
  const { cardOnPage, manualCapture, refunds, asynchronousSettlement } = provider.capabilities;
  return {
    name: provider.name,
    modes: [...provider.modes],
    capabilities: { card_on_page: cardOnPage, manual_capture: manualCapture, refunds, asynchronous_settlement: asynchronousSettlement },
    checkout: provider.checkout,
  };
}

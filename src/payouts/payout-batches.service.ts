import { Injectable } from '@nestjs/common';
import { AuthErrors } from '../auth/auth.errors';
import { AuthenticatedUser, isAdmin } from '../common/access/caller';
import { AuditLog } from '../common/audit/audit-log';
import { unsealText } from '../common/crypto/sealed-text';
import { EventLog } from '../common/events/event-log';
import { creationTimeOf, isId, newId } from '../common/ids/ids';
import { Page } from '../common/pagination/page';
import { PaginationQueryDto } from '../common/pagination/pagination-query.dto';
import { AppConfig } from '../config/app-config';
import { Database } from '../database/database';
import { CreatePayoutBatchRequestDto, PayoutBatchResponseDto, toPayoutBatchResponse } from './dto/payout-batch.dto';
import { PayoutBatch } from './entities/payout-batch.entity';
import { CreditTransfer, DebtorAccount, pain001 } from './pain001';
import { PayoutErrors } from './payouts.errors';
import { PayoutsRepository } from './payouts.repository';
import { payoutEvent, PayoutsService } from './payouts.service';

/** Payouts read per page while a file is written: its memory is one page's, whatever the size of the batch. */
export const FILE_PAGE_SIZE = 1000;

/**
 * Batch files (contract section 23): an admin puts the pending live EUR payouts (all, or those named) into one
 * pain.001.001.09 file. The payouts' conditional update decides which batch each joins, so racing batches never
 * share one; the file is built again from the rows on each download (it would hold the IBANs: never stored).
 */
@Injectable()
export class PayoutBatchesService {
  private readonly debtor: DebtorAccount;

  constructor(
    private readonly db: Database,
    private readonly payouts: PayoutsRepository,
    private readonly payoutsService: PayoutsService,
    private readonly events: EventLog,
    private readonly audit: AuditLog,
    config: AppConfig,
  ) {
    const { iban, bic, beneficiary } = config.payments.bankTransfer;
    this.debtor = { iban, bic, name: beneficiary };
  }

  create(caller: AuthenticatedUser, request: CreatePayoutBatchRequestDto): Promise<PayoutBatchResponseDto> {
    requireAdmin(caller);
    const named = request.payout_ids === undefined ? null : [...new Set(request.payout_ids.filter((id) => isId('po', id)))];
    return this.db.transaction(async (manager) => {
      const id = newId('pob');
      const createdAt = creationTimeOf(id);
      const batch: PayoutBatch = { id, payoutCount: 0, totalAmount: 0, currency: 'EUR', executionDate: createdAt.toISOString().slice(0, 10), createdBy: caller.userId, createdAt };
      // The batch row first (the payouts' foreign key), then the conditional updates that claim the payouts for it.
      await this.payouts.insertBatch(manager, batch);
      const claimed = named !== null && named.length === 0 ? [] : await this.payouts.claimForBatch(manager, id, createdAt, named);
      if (claimed.length === 0) throw PayoutErrors.batchEmpty();
      const moved = await this.payouts.findByIds(manager, claimed);
      const total = moved.reduce((sum, payout) => sum + payout.amount, 0);
      await this.payouts.setBatchTotals(manager, id, moved.length, total);
      const done: PayoutBatch = { ...batch, payoutCount: moved.length, totalAmount: total };
      await this.events.lockStreams(manager, [...new Set(moved.map((payout) => payout.accountId))]);
      await this.audit.record(manager, { action: 'payout_batch.created', accountId: null, target: { type: 'payout_batch', id }, reason: `${moved.length} payouts` });
      await this.events.record(
        manager,
        moved.map((payout) => payoutEvent('payout.in_transit', payout)),
      );
      return toPayoutBatchResponse(done);
    });
  }

  list(caller: AuthenticatedUser, pagination: PaginationQueryDto): Promise<Page<PayoutBatchResponseDto>> {
    requireAdmin(caller);
    return this.db.run((manager) => this.payouts.pageBatches(manager, pagination, toPayoutBatchResponse));
  }

  async get(caller: AuthenticatedUser, batchId: string): Promise<PayoutBatchResponseDto> {
    return toPayoutBatchResponse(await this.findBatch(caller, batchId));
  }

  /** The batch's pain.001 file, written a page of payouts at a time as the response is read. */
  async file(caller: AuthenticatedUser, batchId: string): Promise<AsyncGenerator<string>> {
    const batch = await this.findBatch(caller, batchId);
    return pain001(batch, this.debtor, this.transfers(batch.id));
  }

  private async *transfers(batchId: string): AsyncGenerator<CreditTransfer[]> {
    const key = this.payoutsService.destinationKey;
    let after = '';
    for (;;) {
      const page = await this.db.run((manager) => this.payouts.batchPage(manager, batchId, after, FILE_PAGE_SIZE));
      if (page.length === 0) return;
      yield page.map((payout) => ({
        endToEndId: payout.id,
        amount: payout.amount,
        currency: payout.currency,
        iban: unsealText(payout.ibanSealed, key),
        bic: payout.bic,
        name: payout.destinationName,
        reference: payout.reference,
      }));
      after = page[page.length - 1].id;
    }
  }

  private async findBatch(caller: AuthenticatedUser, batchId: string): Promise<PayoutBatch> {
    requireAdmin(caller);
    if (!isId('pob', batchId)) throw PayoutErrors.batchNotFound();
    const batch = await this.db.run((manager) => this.payouts.findBatch(manager, batchId));
    if (batch === null) throw PayoutErrors.batchNotFound();
    return batch;
  }
}

function requireAdmin(caller: AuthenticatedUser): void {
  if (!isAdmin(caller)) throw AuthErrors.insufficientPermissions('Only an admin may handle payout batches.');
}

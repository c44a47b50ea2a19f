import { Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * The one place webhook hosts are looked up (at creation, at PATCH and before
 * each delivery): the seam where tests answer for DNS, so that no test ever
 * depends on, or connects to, an outside address.
 */
@Injectable()
export class HostResolver {
  lookup(host: string): Promise<ResolvedAddress[]> {
    return lookup(host, { all: true });
  }
}

import { randomBytes } from 'node:crypto';
import type { CreateCustomerRequest, CreateCustomerResponse } from '@auxilio/domain';
import { AppError } from '../lib/errors.ts';
import type { PaymentCustomersRepository } from '../repositories/payment-customers.ts';
import type { Repositories } from '../repositories/index.ts';

// SPEC 7 POST /dispatch/cCustomer ("create customer", payload not shown): decision 127.

/** Registers a paying customer with a card payment provider (ARCHITECTURE decision 7). */
export interface CardCustomerProvider {
  /** Stored with each customer, so customers of another provider are never reused. */
  readonly name: string;
  /**
   * The provider's new customer id (SPEC 3 Payment "customerIdStripe"). Provider failures are
   * thrown as AppError 503 UNAVAILABLE.
   */
  createCustomer(customer: {
    accountId: string;
    branch: string;
    name: string;
    email: string;
    phone: string;
  }): Promise<string>;
}

/** The embedded sandbox (decision 290): ids generated locally, nothing leaves the server. */
export const sandboxCardCustomerProvider: CardCustomerProvider = {
  name: 'sandbox',
  createCustomer: () => Promise.resolve(`cus_sandbox_${randomBytes(12).toString('base64url')}`),
};

function badRequest(field: string, message: string): AppError {
  return new AppError('BAD_REQUEST', message, `body.${field}`);
}

/**
 * The paying customer of the account with this e-mail (compared without case): registered with the
 * provider on the first call, the same `customerIdStripe` on every later one. The account must
 * exist and be of the given branch (400 naming the field otherwise).
 */
export async function createPaymentCustomer(
  repos: Pick<Repositories, 'accounts'>,
  customers: PaymentCustomersRepository,
  provider: CardCustomerProvider,
  request: CreateCustomerRequest,
): Promise<CreateCustomerResponse> {
  const account = await repos.accounts.findById(request.account_id);
  if (!account) throw badRequest('account_id', `No account has the id '${request.account_id}'`);
  if (account.branch !== request.branch) {
    throw badRequest('branch', `The account's branch is ${account.branch}`);
  }
  const email = request.email.toLowerCase();
  const known = await customers.find(provider.name, account._id, email);
  if (known) return { customerIdStripe: known.id };
  const id = await provider.createCustomer({
    accountId: account._id,
    branch: account.branch,
    name: request.name,
    email,
    phone: request.phone,
  });
  const stored = await customers.insertOnce({
    id,
    provider: provider.name,
    accountId: account._id,
    branch: account.branch,
    name: request.name,
    email,
    phone: request.phone,
  });
  return { customerIdStripe: stored.id };
}

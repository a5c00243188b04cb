import {
  withAllowedRedirect,
  type Account,
  type Campaign,
  type Integration,
} from '@auxilio/domain';
import { notFound } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';

// SPEC 7: GET /accounts/{id}, /accounts/salesforce/{id}, /accounts/campaigns/{name},
// /api/v2/accounts/{id}/integrations.

type Repos = Pick<Repositories, 'accounts' | 'campaigns' | 'integrations'>;

export async function getAccount(repos: Repos, id: string): Promise<Account> {
  const account = await repos.accounts.findById(id);
  if (!account) throw notFound('Account', id);
  return account;
}

export async function getAccountBySalesforceId(
  repos: Repos,
  salesforceId: string,
): Promise<Account> {
  const account = await repos.accounts.findBySalesforceId(salesforceId);
  if (!account) throw notFound('Account with salesforce id', salesforceId);
  return account;
}

export async function getCampaign(repos: Repos, name: string): Promise<Campaign> {
  const campaign = await repos.campaigns.findByName(name);
  if (!campaign) throw notFound('Campaign', name);
  return campaign;
}

/**
 * The account's integrations; 404 when the account itself does not exist (not an empty list). A
 * success redirect that is not https or not on the integration's allowed list is handed out as null
 * (decision 630): the PWA never sees a link it must not follow.
 */
export async function listAccountIntegrations(
  repos: Repos,
  accountId: string,
): Promise<Integration[]> {
  await getAccount(repos, accountId);
  const stored = await repos.integrations.listForAccount(accountId);
  return stored.map(withAllowedRedirect);
}

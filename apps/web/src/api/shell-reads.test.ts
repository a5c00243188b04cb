import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { testConfig } from '../test/fixtures.ts';
import { fakeCommonApi, testAccount, TEST_ACCOUNT_ID } from '../test/fake-common-api.ts';
import { accountKeys } from './get-account.ts';
import { prefetchShellReads } from './shell-reads.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the frame reads the account and its integrations as soon as the config is known', () => {
  it('asks once for each, into the entries the frame reads', async () => {
    const requests = fakeCommonApi();
    const queryClient = createQueryClient();
    prefetchShellReads(queryClient, testConfig(), TEST_ACCOUNT_ID);
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(accountKeys.detail(TEST_ACCOUNT_ID))).toEqual(testAccount());
    });
    expect(requests.map((request) => request.url.pathname)).toEqual([
      `/common/accounts/${TEST_ACCOUNT_ID}`,
      `/common/api/v2/accounts/${TEST_ACCOUNT_ID}/integrations`,
    ]);
    // Asked again while it is fresh, as the frame's first render does: not read twice.
    prefetchShellReads(queryClient, testConfig(), TEST_ACCOUNT_ID);
    await vi.waitFor(() => {
      expect(queryClient.isFetching()).toBe(0);
    });
    const accountReads = requests.filter((request) =>
      request.url.pathname.endsWith(TEST_ACCOUNT_ID),
    );
    expect(accountReads).toHaveLength(1);
  });

  it('asks for nothing without an account', () => {
    const requests = fakeCommonApi();
    prefetchShellReads(createQueryClient(), testConfig(), null);
    expect(requests).toEqual([]);
  });
});

import { Stack, Tabs } from '@mantine/core';
import { IconUsersGroup, IconWallet } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { AffiliateReferrers } from './affiliate-referrers';
import { AFFILIATE_TEXT } from './affiliate-strings';
import { AffiliateWithdrawals, withdrawalFilterOf } from './affiliate-withdrawals';

type Tab = 'withdrawal' | 'referrer';

/**
 * /admin/affiliate (issue 23): 'Penarikan', the owners' withdrawal requests (those waiting first)
 * to approve, mark paid or reject; and 'Referrer', who brought whom and what it earned. The tab, the
 * status filter and the search stay in the address (?tab=referrer&q=…, ?status=approved).
 */
export function AdminAffiliatePage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'referrer' ? 'referrer' : 'withdrawal';
  const q = params.get('q')?.trim() ?? '';
  const set = (change: Record<string, string | null>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [name, value] of Object.entries(change)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      return next;
    });

  return (
    <Stack gap="md" data-testid="admin-affiliate-page">
      <PageHeader title={AFFILIATE_TEXT.heading} description={AFFILIATE_TEXT.description} />
      <Tabs
        value={tab}
        onChange={(value) =>
          set(value === 'referrer' ? { tab: 'referrer', status: null } : { tab: null, q: null })
        }
        keepMounted={false}
      >
        <Tabs.List aria-label={AFFILIATE_TEXT.tabsLabel} mb="md">
          <Tabs.Tab
            value="withdrawal"
            leftSection={<IconWallet size={16} aria-hidden />}
            data-testid="tab-withdrawal"
          >
            {AFFILIATE_TEXT.tabWithdrawals}
          </Tabs.Tab>
          <Tabs.Tab
            value="referrer"
            leftSection={<IconUsersGroup size={16} aria-hidden />}
            data-testid="tab-referrer"
          >
            {AFFILIATE_TEXT.tabReferrers}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="withdrawal">
          <AffiliateWithdrawals
            filter={withdrawalFilterOf(params.get('status'))}
            onFilter={(status) => set({ status: status === 'requested' ? null : status })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="referrer">
          <AffiliateReferrers q={q} onSearch={(next) => set({ q: next || null })} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

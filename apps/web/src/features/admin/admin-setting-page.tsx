import { useState, type ComponentType } from 'react';
import { Button, ScrollArea, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCreditCard,
  IconGift,
  IconHistory,
  IconReceipt2,
  IconShieldLock,
  IconUserCircle,
  IconWorld,
} from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { SettingAffiliateSection } from './setting-affiliate-section';
import { SettingBillingSection } from './setting-billing-section';
import { SettingOperatorSection } from './setting-operator-section';
import { SettingPaymentSection } from './setting-payment-section';
import { SettingProfileSection } from './setting-profile-section';
import { SettingSiteSection } from './setting-site-section';
import { SETTING_TEXT } from './setting-strings';

interface Section {
  value: string;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  Content: ComponentType;
}

const SECTIONS: readonly Section[] = [
  { value: 'profil', label: SETTING_TEXT.profile, icon: IconUserCircle, Content: SettingProfileSection },
  { value: 'paket', label: SETTING_TEXT.billing, icon: IconReceipt2, Content: SettingBillingSection },
  { value: 'pembayaran', label: SETTING_TEXT.payment, icon: IconCreditCard, Content: SettingPaymentSection },
  { value: 'afiliasi', label: SETTING_TEXT.affiliate, icon: IconGift, Content: SettingAffiliateSection },
  { value: 'situs', label: SETTING_TEXT.site, icon: IconWorld, Content: SettingSiteSection },
  { value: 'operator', label: SETTING_TEXT.operators, icon: IconShieldLock, Content: SettingOperatorSection },
];

/** At this width and below the sections' menu runs across the top. */
const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * /admin/setting (issue 23): the operator's settings in sections, a menu on the left (tabs across the
 * top on phones), the section kept in the address (?section=paket). Each section loads and saves on
 * its own; a section once opened stays mounted, so switching keeps what was typed.
 */
export function AdminSettingPage() {
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const asked = params.get('section');
  const active = SECTIONS.some((s) => s.value === asked) ? asked! : SECTIONS[0]!.value;
  const [opened, setOpened] = useState<string[]>([active]);
  if (!opened.includes(active)) setOpened([...opened, active]);

  const list = (
    <Tabs.List
      aria-label={SETTING_TEXT.sectionsLabel}
      style={phone ? { flexWrap: 'nowrap' } : { minWidth: 200 }}
    >
      {SECTIONS.map(({ value, label, icon: Icon }) => (
        <Tabs.Tab
          key={value}
          value={value}
          leftSection={<Icon size={18} aria-hidden />}
          data-testid={`section-${value}`}
        >
          {label}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );

  return (
    <Stack gap="md" data-testid="admin-setting-page">
      <PageHeader
        title={SETTING_TEXT.heading}
        description={SETTING_TEXT.description}
        actions={
          <Button
            component={Link}
            to="/admin/audit"
            variant="default"
            leftSection={<IconHistory size={18} aria-hidden />}
            data-testid="audit-link"
          >
            {SETTING_TEXT.audit}
          </Button>
        }
      />
      <Tabs
        value={active}
        onChange={(value) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            if (value && value !== SECTIONS[0]!.value) next.set('section', value);
            else next.delete('section');
            return next;
          })
        }
        orientation={phone ? 'horizontal' : 'vertical'}
        variant={phone ? 'default' : 'pills'}
      >
        {phone ? (
          <ScrollArea type="never" mb="md">
            {list}
          </ScrollArea>
        ) : (
          list
        )}
        {SECTIONS.map(({ value, Content }) => (
          <Tabs.Panel key={value} value={value} pl={phone ? 0 : 'lg'} style={{ minWidth: 0 }}>
            {opened.includes(value) ? <Content /> : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

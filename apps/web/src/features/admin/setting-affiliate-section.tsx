import { SimpleGrid } from '@mantine/core';
import { billingSettings, t, type BillingSettings } from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { useBillingSettings, useSaveBillingSettings } from '../../resources/admin/admin-settings';
import { numberOrUndefined, useSettingForm, type NumberValue } from './setting-form';
import { MoneyInput, SettingPending, SettingSection, WholeNumberInput } from './setting-section';
import { SETTING_TEXT } from './setting-strings';

interface AffiliateValues {
  commissionPercent: NumberValue;
  minimumWithdrawal: NumberValue;
}

/**
 * 'Afiliasi': the referrer's commission and the least withdrawal. They live in the billing document
 * (PUT /admin/billing), so the stored plans and prices go back as they are.
 */
export function SettingAffiliateSection() {
  const query = useBillingSettings();
  if (!query.data) return <SettingPending failed={query.isError} onRetry={() => void query.refetch()} />;
  return <AffiliateForm settings={query.data} />;
}

function AffiliateForm({ settings }: { settings: BillingSettings }) {
  const toast = useToast();
  const save = useSaveBillingSettings();
  const form = useSettingForm<AffiliateValues>(settings.affiliate);
  const set = (field: keyof AffiliateValues) => (value: NumberValue) =>
    form.change((v) => ({ ...v, [field]: value }), `affiliate.${field}`);

  const submit = () => {
    const body = form.check(billingSettings, {
      ...settings,
      affiliate: {
        commissionPercent: numberOrUndefined(form.values.commissionPercent),
        minimumWithdrawal: numberOrUndefined(form.values.minimumWithdrawal),
      },
    });
    if (!body) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(saved.affiliate);
        toast.show({ title: t('common.success'), message: SETTING_TEXT.saved, type: 'success' });
      },
      onError: (error) => form.fail(error),
    });
  };

  return (
    <SettingSection
      title={SETTING_TEXT.affiliate}
      description={SETTING_TEXT.affiliateDescription}
      onSubmit={submit}
      pending={save.isPending}
      formError={form.formError}
      maw={640}
      testId="setting-affiliate"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <WholeNumberInput
          label={SETTING_TEXT.commission}
          description={SETTING_TEXT.commissionHint}
          value={form.values.commissionPercent}
          onChange={set('commissionPercent')}
          suffix="%"
          error={form.errors['affiliate.commissionPercent']}
          data-testid="affiliate-commission"
        />
        <MoneyInput
          label={SETTING_TEXT.minimumWithdrawal}
          description={SETTING_TEXT.minimumWithdrawalHint}
          value={form.values.minimumWithdrawal}
          onChange={set('minimumWithdrawal')}
          error={form.errors['affiliate.minimumWithdrawal']}
          data-testid="affiliate-minimum"
        />
      </SimpleGrid>
    </SettingSection>
  );
}

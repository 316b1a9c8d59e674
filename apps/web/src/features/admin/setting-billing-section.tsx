import { Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  billingSettings,
  DURATION_MONTHS,
  interpolate,
  t,
  type BillingSettings,
  type DurationMonths,
} from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { useBillingSettings, useSaveBillingSettings } from '../../resources/admin/admin-settings';
import { billingBodyOf, billingPathOf, billingValuesOf, type BillingValues } from './setting-billing-values';
import { useSettingForm, type NumberValue } from './setting-form';
import { SettingPlanEditor } from './setting-plan-editor';
import { SettingQuotePreview } from './setting-quote-preview';
import { SettingGroup, SettingPending, SettingSection, WholeNumberInput } from './setting-section';
import { SETTING_TEXT } from './setting-strings';

/** 'Paket & Harga': plans, durations' discounts, the trial and PPN (GET/PUT /admin/billing). */
export function SettingBillingSection() {
  const query = useBillingSettings();
  if (!query.data) return <SettingPending failed={query.isError} onRetry={() => void query.refetch()} />;
  return <BillingForm settings={query.data} />;
}

function BillingForm({ settings }: { settings: BillingSettings }) {
  const toast = useToast();
  const save = useSaveBillingSettings();
  const form = useSettingForm(() => billingValuesOf(settings));
  const { values, errors } = form;

  const setDuration = (months: DurationMonths, change: Partial<BillingValues['durations'][DurationMonths]>) =>
    form.change(
      (v) => ({ ...v, durations: { ...v.durations, [months]: { ...v.durations[months], ...change } } }),
      `durations.m${months}.discountPercent`,
    );
  const setPpn = (field: keyof BillingValues['ppn']) => (value: NumberValue) =>
    form.change((v) => ({ ...v, ppn: { ...v.ppn, [field]: value } }), `ppn.${field}`);

  const submit = () => {
    const rename = billingPathOf(values);
    // the affiliate programme is saved by its own section: the stored one goes back as it is
    const body = form.check(billingSettings, billingBodyOf(values, settings.affiliate), rename);
    if (!body) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(billingValuesOf(saved));
        toast.show({ title: t('common.success'), message: SETTING_TEXT.saved, type: 'success' });
      },
      onError: (error) => form.fail(error, rename),
    });
  };

  const { ratePercent, baseNumerator, baseDenominator } = values.ppn;
  const effective =
    ratePercent !== '' && baseNumerator !== '' && baseDenominator
      ? Math.round(((ratePercent * baseNumerator) / baseDenominator) * 100) / 100
      : null;

  return (
    <SettingSection
      title={SETTING_TEXT.billing}
      description={SETTING_TEXT.billingDescription}
      onSubmit={submit}
      pending={save.isPending}
      formError={form.formError}
      testId="setting-billing"
    >
      <SettingGroup title={SETTING_TEXT.plansHeading}>
        <SettingPlanEditor form={form} />
      </SettingGroup>

      <SettingGroup title={SETTING_TEXT.durationsHeading} hint={SETTING_TEXT.durationsHint}>
        {errors.durations ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {errors.durations}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {DURATION_MONTHS.map((months) => {
            const duration = values.durations[months];
            return (
              <Stack key={months} gap={6} data-testid="duration-row" data-months={months}>
                <Checkbox
                  label={interpolate(SETTING_TEXT.durationMonths, { months })}
                  checked={duration.offered}
                  onChange={(e) => setDuration(months, { offered: e.currentTarget.checked })}
                  data-testid="duration-offered"
                />
                <WholeNumberInput
                  label={interpolate(SETTING_TEXT.durationDiscount, { months })}
                  value={duration.discountPercent}
                  onChange={(discountPercent) => setDuration(months, { discountPercent })}
                  disabled={!duration.offered}
                  suffix="%"
                  error={errors[`durations.m${months}.discountPercent`]}
                  data-testid="duration-discount"
                />
              </Stack>
            );
          })}
        </SimpleGrid>
      </SettingGroup>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <SettingGroup title={SETTING_TEXT.trialHeading}>
          <WholeNumberInput
            label={SETTING_TEXT.trialDays}
            description={SETTING_TEXT.trialHint}
            value={values.trialDays}
            onChange={(trialDays) => form.change((v) => ({ ...v, trialDays }), 'trialDays')}
            error={errors.trialDays}
            data-testid="trial-days"
          />
        </SettingGroup>
        <SettingGroup title={SETTING_TEXT.ppnHeading}>
          <WholeNumberInput
            label={SETTING_TEXT.ppnRate}
            value={ratePercent}
            onChange={setPpn('ratePercent')}
            suffix="%"
            error={errors['ppn.ratePercent']}
            data-testid="ppn-rate"
          />
          <Group grow gap="sm" align="flex-start">
            <WholeNumberInput
              label={SETTING_TEXT.ppnNumerator}
              value={baseNumerator}
              onChange={setPpn('baseNumerator')}
              error={errors['ppn.baseNumerator']}
              data-testid="ppn-numerator"
            />
            <WholeNumberInput
              label={SETTING_TEXT.ppnDenominator}
              value={baseDenominator}
              onChange={setPpn('baseDenominator')}
              error={errors['ppn.baseDenominator']}
              data-testid="ppn-denominator"
            />
          </Group>
          {errors.ppn ? (
            <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="ppn-error">
              {errors.ppn}
            </Text>
          ) : effective !== null ? (
            <Text size="sm" c="dimmed">
              {interpolate(SETTING_TEXT.ppnHint, {
                rate: ratePercent,
                numerator: baseNumerator,
                denominator: baseDenominator,
                effective: String(effective).replace('.', ','),
              })}
            </Text>
          ) : null}
        </SettingGroup>
      </SimpleGrid>

      <SettingGroup title={SETTING_TEXT.previewHeading}>
        <SettingQuotePreview values={values} />
      </SettingGroup>
    </SettingSection>
  );
}

import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { interpolate } from '@sapa/contracts';
import { emptyPlan, type BillingValues, type PlanRow } from './setting-billing-values';
import type { SettingForm } from './setting-form';
import { MoneyInput, WholeNumberInput } from './setting-section';
import { SETTING_TEXT } from './setting-strings';

/** The document allows 1 to 10 plans. */
const MAX_PLANS = 10;

/**
 * The plans, one card each (key, name, monthly price, numbers, agents, broadcasts a month), with
 * 'Tambah paket' and a remove button on each while more than one is left.
 */
export function SettingPlanEditor({ form }: { form: SettingForm<BillingValues> }) {
  const plans = form.values.plans;
  const setPlan = (index: number, field: keyof Omit<PlanRow, 'rowId'>) => (value: PlanRow[typeof field]) =>
    form.change(
      (v) => ({ ...v, plans: v.plans.map((p, i) => (i === index ? { ...p, [field]: value } : p)) }),
      `plans.${index}.${field}`,
    );
  const remove = (index: number) => {
    form.clearUnder('plans');
    form.change((v) => ({ ...v, plans: v.plans.filter((_, i) => i !== index) }));
  };
  const add = () => form.change((v) => ({ ...v, plans: [...v.plans, emptyPlan()] }), 'plans');
  const err = (index: number, field: string) => form.errors[`plans.${index}.${field}`];

  return (
    <Stack gap="sm" data-testid="plan-editor">
      {form.errors.plans ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="plans-error">
          {form.errors.plans}
        </Text>
      ) : null}
      {plans.map((plan, index) => {
        const title = interpolate(SETTING_TEXT.planTitle, { n: index + 1 });
        return (
          <Paper key={plan.rowId} withBorder radius="md" p="md" data-testid="plan-row">
            <Group justify="space-between" mb="sm" wrap="nowrap">
              <Text fw={650} size="sm">
                {plan.name.trim() ? `${title} · ${plan.name}` : title}
              </Text>
              <Tooltip label={SETTING_TEXT.remove} disabled={plans.length <= 1}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={36}
                  onClick={() => remove(index)}
                  disabled={plans.length <= 1}
                  aria-label={interpolate(SETTING_TEXT.planRemove, { name: plan.name.trim() || title })}
                  data-testid="plan-remove"
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
              <TextInput
                label={SETTING_TEXT.planKey}
                description={SETTING_TEXT.planKeyHint}
                value={plan.key}
                onChange={(e) => setPlan(index, 'key')(e.currentTarget.value)}
                error={err(index, 'key')}
                autoComplete="off"
                inputWrapperOrder={['label', 'input', 'error', 'description']}
                data-testid="plan-key"
              />
              <TextInput
                label={SETTING_TEXT.planName}
                value={plan.name}
                onChange={(e) => setPlan(index, 'name')(e.currentTarget.value)}
                error={err(index, 'name')}
                autoComplete="off"
                data-testid="plan-name"
              />
              <MoneyInput
                label={SETTING_TEXT.planPrice}
                value={plan.monthlyPrice}
                onChange={setPlan(index, 'monthlyPrice')}
                error={err(index, 'monthlyPrice')}
                data-testid="plan-price"
              />
              <WholeNumberInput
                label={SETTING_TEXT.planNumbers}
                value={plan.numbers}
                onChange={setPlan(index, 'numbers')}
                error={err(index, 'numbers')}
                data-testid="plan-numbers"
              />
              <WholeNumberInput
                label={SETTING_TEXT.planAgents}
                value={plan.agents}
                onChange={setPlan(index, 'agents')}
                error={err(index, 'agents')}
                data-testid="plan-agents"
              />
              <WholeNumberInput
                label={SETTING_TEXT.planBroadcasts}
                value={plan.broadcastsPerMonth}
                onChange={setPlan(index, 'broadcastsPerMonth')}
                error={err(index, 'broadcastsPerMonth')}
                thousandSeparator="."
                data-testid="plan-broadcasts"
              />
            </SimpleGrid>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          disabled={plans.length >= MAX_PLANS}
          data-testid="plan-add"
        >
          {SETTING_TEXT.planAdd}
        </Button>
      </Group>
    </Stack>
  );
}

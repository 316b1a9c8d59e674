import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CLOUD_PRICING_CATEGORIES,
  interpolate,
  siteSettings,
  t,
  type CloudPricingCategory,
  type SiteSettings,
} from '@sapa/contracts';
import { useToast } from '../../components/toast/use-toast';
import { useSaveSiteSettings, useSiteSettings } from '../../resources/admin/admin-settings';
import { newRowId } from './setting-billing-values';
import { numberOrUndefined, useSettingForm, type NumberValue } from './setting-form';
import { MoneyInput, SettingGroup, SettingPending, SettingSection } from './setting-section';
import { SETTING_TEXT } from './setting-strings';

const MAX_BETA_PATHS = 20;

type LinkName = keyof SiteSettings['links'];

interface SiteValues {
  betaPaths: { rowId: string; path: string }[];
  links: SiteSettings['links'];
  cloudPrices: Record<CloudPricingCategory, NumberValue>;
}

const valuesOf = (site: SiteSettings): SiteValues => ({
  betaPaths: site.betaPaths.map((path) => ({ rowId: newRowId(), path })),
  links: { ...site.links },
  cloudPrices: { ...site.cloudPrices },
});

const LINKS: { name: LinkName; label: string; hint?: string; placeholder: string }[] = [
  { name: 'tutorial', label: SETTING_TEXT.linkTutorial, placeholder: SETTING_TEXT.urlPlaceholder },
  {
    name: 'customerService',
    label: SETTING_TEXT.linkCustomerService,
    placeholder: SETTING_TEXT.urlPlaceholder,
  },
  {
    name: 'article',
    label: SETTING_TEXT.linkArticle,
    hint: SETTING_TEXT.linkArticleHint,
    placeholder: '/artikel',
  },
];

/** 'Situs': the pages only beta users may open and the 'Menu Lainnya' links (GET/PUT /admin/setting/site). */
export function SettingSiteSection() {
  const query = useSiteSettings();
  if (!query.data) return <SettingPending failed={query.isError} onRetry={() => void query.refetch()} />;
  return <SiteForm site={query.data} />;
}

function SiteForm({ site }: { site: SiteSettings }) {
  const toast = useToast();
  const save = useSaveSiteSettings();
  const form = useSettingForm(() => valuesOf(site));
  const { values, errors } = form;

  const setPath = (index: number) => (path: string) =>
    form.change(
      (v) => ({ ...v, betaPaths: v.betaPaths.map((p, i) => (i === index ? { ...p, path } : p)) }),
      `betaPaths.${index}`,
    );
  const removePath = (index: number) => {
    form.clearUnder('betaPaths');
    form.change((v) => ({ ...v, betaPaths: v.betaPaths.filter((_, i) => i !== index) }));
  };
  const addPath = () =>
    form.change((v) => ({ ...v, betaPaths: [...v.betaPaths, { rowId: newRowId(), path: '' }] }));
  const setLink = (name: LinkName) => (value: string) =>
    form.change((v) => ({ ...v, links: { ...v.links, [name]: value } }), `links.${name}`);
  const setPrice = (category: CloudPricingCategory) => (value: NumberValue) =>
    form.change(
      (v) => ({ ...v, cloudPrices: { ...v.cloudPrices, [category]: value } }),
      `cloudPrices.${category}`,
    );

  const submit = () => {
    const body = form.check(siteSettings, {
      betaPaths: values.betaPaths.map((p) => p.path),
      links: {
        tutorial: values.links.tutorial.trim(),
        customerService: values.links.customerService.trim(),
        article: values.links.article,
      },
      cloudPrices: Object.fromEntries(
        CLOUD_PRICING_CATEGORIES.map((c) => [c, numberOrUndefined(values.cloudPrices[c])]),
      ),
    });
    if (!body) return;
    save.mutate(body, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast.show({ title: t('common.success'), message: SETTING_TEXT.saved, type: 'success' });
      },
      onError: (error) => form.fail(error),
    });
  };

  return (
    <SettingSection
      title={SETTING_TEXT.site}
      description={SETTING_TEXT.siteDescription}
      onSubmit={submit}
      pending={save.isPending}
      formError={form.formError}
      maw={640}
      testId="setting-site"
    >
      <SettingGroup title={SETTING_TEXT.betaHeading} hint={SETTING_TEXT.betaHint}>
        {values.betaPaths.length ? null : (
          <Text size="sm" c="dimmed" data-testid="beta-empty">
            {SETTING_TEXT.betaEmpty}
          </Text>
        )}
        {values.betaPaths.map((row, index) => {
          const n = index + 1;
          return (
            <Group key={row.rowId} gap="xs" align="flex-start" wrap="nowrap" data-testid="beta-row">
              <TextInput
                aria-label={interpolate(SETTING_TEXT.betaPath, { n })}
                placeholder={SETTING_TEXT.betaPlaceholder}
                value={row.path}
                onChange={(e) => setPath(index)(e.currentTarget.value)}
                error={errors[`betaPaths.${index}`]}
                autoComplete="off"
                spellCheck={false}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="beta-path"
              />
              <Tooltip label={SETTING_TEXT.remove}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={42}
                  onClick={() => removePath(index)}
                  aria-label={interpolate(SETTING_TEXT.betaRemove, { n })}
                  data-testid="beta-remove"
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        })}
        {errors.betaPaths ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {errors.betaPaths}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={addPath}
            disabled={values.betaPaths.length >= MAX_BETA_PATHS}
            data-testid="beta-add"
          >
            {SETTING_TEXT.betaAdd}
          </Button>
        </Group>
      </SettingGroup>

      <SettingGroup title={SETTING_TEXT.linksHeading}>
        <Stack gap="sm">
          {LINKS.map((link) => (
            <TextInput
              key={link.name}
              label={link.label}
              description={link.hint}
              placeholder={link.placeholder}
              type={link.name === 'article' ? 'text' : 'url'}
              inputMode="url"
              value={values.links[link.name]}
              onChange={(e) => setLink(link.name)(e.currentTarget.value)}
              error={errors[`links.${link.name}`]}
              autoComplete="off"
              spellCheck={false}
              data-testid={`link-${link.name}`}
            />
          ))}
        </Stack>
      </SettingGroup>

      <SettingGroup title={SETTING_TEXT.pricesHeading} hint={SETTING_TEXT.pricesHint}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {CLOUD_PRICING_CATEGORIES.map((category) => (
            <MoneyInput
              key={category}
              label={SETTING_TEXT[`price.${category}`]}
              value={values.cloudPrices[category]}
              onChange={setPrice(category)}
              error={errors[`cloudPrices.${category}`]}
              data-testid={`price-${category}`}
            />
          ))}
        </SimpleGrid>
      </SettingGroup>
    </SettingSection>
  );
}

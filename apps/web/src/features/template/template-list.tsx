import type { ReactNode } from 'react';
import { Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { MESSAGE_TYPE_NAMES, type ChatTemplate } from '@sapa/contracts';
import type { PagedListState } from '../../components/paged-list';
import { MessageTypeIcon } from '../../components/message-type-icon';
import { SettingList, SettingRow, type SettingListText } from '../../components/setting-list/setting-list';
import { templateSummary } from './template-form';
import { TEMPLATE_TEXT } from './template-strings';

const LIST_TEXT: SettingListText = {
  ...TEMPLATE_TEXT,
  loading: 'Memuat template',
  listLabel: 'Daftar template',
};

function TemplateRow({ template, actions }: { template: ChatTemplate; actions: ReactNode }) {
  const typeName = MESSAGE_TYPE_NAMES[template.type];
  const summary = templateSummary(template) || typeName;
  return (
    <SettingRow
      data-testid="template-row"
      data-type={template.type}
      media={
        <ThemeIcon variant="light" size={36} radius="md" title={typeName}>
          <MessageTypeIcon type={template.type} size={18} />
          <VisuallyHidden>{typeName}</VisuallyHidden>
        </ThemeIcon>
      }
      actions={actions}
    >
      <Text fw={600} size="sm" truncate title={template.title}>
        {template.title}
      </Text>
      <Text size="sm" c="dimmed" truncate title={summary} data-testid="template-summary">
        {summary}
      </Text>
    </SettingRow>
  );
}

export interface TemplateListProps extends PagedListState {
  templates: ChatTemplate[] | undefined;
  onEdit: (template: ChatTemplate) => void;
  onDelete: (template: ChatTemplate) => void;
}

/** The templates, alphabetical: skeletons while loading, an empty state, rows and 'Lebih Banyak'. */
export function TemplateList({ templates, ...state }: TemplateListProps) {
  return (
    <SettingList
      {...state}
      items={templates}
      text={LIST_TEXT}
      testIdPrefix="template"
      emptyIcon={IconTemplate}
      skeletonWidths={(i) => [`${40 - (i % 3) * 8}%`, `${75 - (i % 4) * 10}%`]}
      actionLabels={(template) => [`Ubah template ${template.title}`, `Hapus template ${template.title}`]}
      deleteColor="gray"
      renderItem={(template, actions) => <TemplateRow template={template} actions={actions} />}
    />
  );
}

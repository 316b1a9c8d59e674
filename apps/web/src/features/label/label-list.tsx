import type { CSSProperties, ReactNode } from 'react';
import { Text } from '@mantine/core';
import { IconTag, IconTags } from '@tabler/icons-react';
import { LABEL_MESSAGES, labelTextColor, type Label, interpolate } from '@sapa/contracts';
import type { PagedListState } from '../../components/paged-list';
import { SettingList, SettingRow, type SettingListText } from '../../components/setting-list/setting-list';
import { LABEL_TEXT } from './label-strings';
import './labels.css';

const LIST_TEXT: SettingListText = {
  ...LABEL_TEXT,
  notFoundTitle: LABEL_MESSAGES.searchEmpty,
  emptyTitle: LABEL_MESSAGES.empty,
  emptyBody: LABEL_MESSAGES.emptyHint,
};

function LabelRow({ label, actions }: { label: Label; actions: ReactNode }) {
  return (
    <SettingRow
      data-testid="label-row"
      data-label-id={label._id}
      media={
        <span
          className="sapa-label-row-swatch"
          style={
            { '--label-color': label.color, '--label-text': labelTextColor(label.color) } as CSSProperties
          }
          title={label.color}
          data-testid="label-swatch"
          data-color={label.color}
          aria-hidden
        >
          <IconTag size={18} stroke={1.8} />
        </span>
      }
      actions={actions}
    >
      <Text fw={600} size="sm" truncate title={label.name} data-testid="label-name-text">
        {label.name}
      </Text>
      <Text size="sm" c="dimmed" data-testid="label-total">
        {interpolate(LABEL_MESSAGES.total, { count: label.total.toLocaleString('id-ID') })}
      </Text>
    </SettingRow>
  );
}

export interface LabelListProps extends PagedListState {
  labels: Label[] | undefined;
  onEdit: (label: Label) => void;
  onDelete: (label: Label) => void;
}

/** The labels, alphabetical: skeletons while loading, empty states, rows and 'Lebih Banyak'. */
export function LabelList({ labels, ...state }: LabelListProps) {
  return (
    <SettingList
      {...state}
      items={labels}
      text={LIST_TEXT}
      testIdPrefix="label"
      emptyIcon={IconTags}
      skeletonWidths={(i) => [`${36 - (i % 3) * 8}%`, `${22 - (i % 2) * 6}%`]}
      actionLabels={(label) => [`Ubah label ${label.name}`, `Hapus label ${label.name}`]}
      deleteColor="red"
      actionTestIds
      renderItem={(label, actions) => <LabelRow label={label} actions={actions} />}
    />
  );
}

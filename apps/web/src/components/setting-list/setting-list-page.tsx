import type { ReactNode } from 'react';
import { Paper } from '@mantine/core';
import type { ListPage } from '../use-list-page';
import { SettingListHeader } from './setting-list-header';

/** The header strings of a Pengaturan list. */
export interface SettingListPageText {
  heading: string;
  description: string;
  add: string;
  searchLabel: string;
  searchPlaceholder: string;
  clearSearch: string;
}

/**
 * A Pengaturan list screen (labels, templates): the header with add and search, the list in a
 * panel, and for the owner the form and delete dialogs.
 */
export function SettingListPage<T>({
  page,
  searching,
  text,
  readOnlyNote,
  testIdPrefix,
  list,
  dialogs,
}: {
  page: ListPage<T>;
  /** a new search is loading */
  searching: boolean;
  text: SettingListPageText;
  /** what agents see instead of the add button */
  readOnlyNote: string;
  /** 'label' gives label-add, label-read-only and label-search */
  testIdPrefix: string;
  list: ReactNode;
  /** shown to the owner only */
  dialogs: ReactNode;
}) {
  return (
    <>
      <SettingListHeader
        heading={text.heading}
        description={text.description}
        readOnly={page.readOnly}
        readOnlyNote={readOnlyNote}
        addLabel={text.add}
        onAdd={() => page.openForm(null)}
        search={page.search}
        onSearch={page.setSearch}
        searching={searching}
        searchLabel={text.searchLabel}
        searchPlaceholder={text.searchPlaceholder}
        clearSearchLabel={text.clearSearch}
        testIdPrefix={testIdPrefix}
      />

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {list}
      </Paper>

      {page.readOnly ? null : dialogs}
    </>
  );
}

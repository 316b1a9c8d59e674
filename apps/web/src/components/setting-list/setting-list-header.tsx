import { ListHeader } from '../list-header';
import { SearchInput } from '../search-input';

export interface SettingListHeaderProps {
  heading: string;
  description: string;
  /** agents see the list only: no add button, and this note instead */
  readOnly: boolean;
  readOnlyNote: string;
  addLabel: string;
  onAdd: () => void;
  search: string;
  onSearch: (value: string) => void;
  /** a new search is loading */
  searching: boolean;
  searchLabel: string;
  searchPlaceholder: string;
  clearSearchLabel: string;
  /** 'label' gives label-add, label-read-only and label-search */
  testIdPrefix: string;
}

/**
 * The head of a Pengaturan list (labels, templates): title, what it is for, the add button (or the
 * read-only note for agents) and the search box (Escape or the cross clears it).
 */
export function SettingListHeader({
  heading,
  description,
  readOnly,
  readOnlyNote,
  addLabel,
  onAdd,
  search,
  onSearch,
  searching,
  searchLabel,
  searchPlaceholder,
  clearSearchLabel,
  testIdPrefix,
}: SettingListHeaderProps) {
  return (
    <ListHeader
      heading={heading}
      description={description}
      owner={{ readOnly, readOnlyNote, addLabel, onAdd, testIdPrefix }}
    >
      <SearchInput
        mt="md"
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={search}
        onChange={onSearch}
        searching={searching}
        clearLabel={clearSearchLabel}
        testId={`${testIdPrefix}-search`}
      />
    </ListHeader>
  );
}

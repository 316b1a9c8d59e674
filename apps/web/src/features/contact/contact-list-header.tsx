import type { ReactNode } from 'react';
import { Box, Group } from '@mantine/core';
import { CONTACT_MESSAGES } from '@sapa/contracts';
import { ListHeader, OwnerOnlyNote } from '../../components/list-header';
import { SearchInput, type SearchInputProps } from '../../components/search-input';
import { CONTACT_TEXT } from './contact-strings';

export type ContactSearchProps = Omit<SearchInputProps, 'clearLabel' | 'mt'>;

/** The search box of the Kontak lists: Escape or the cross clears it. */
export function ContactSearch(props: ContactSearchProps) {
  return <SearchInput {...props} clearLabel={CONTACT_TEXT.clearSearch} />;
}

/** The note agents see instead of the owner's actions. */
export function ReadOnlyNote({ testId }: { testId: string }) {
  return <OwnerOnlyNote message={CONTACT_MESSAGES.ownerOnly} testId={testId} />;
}

export interface ContactListHeaderProps {
  heading: ReactNode;
  description: ReactNode;
  /** the buttons on the right (wrap under the text on a phone) */
  actions?: ReactNode;
  /** agents: the owner-only note under the heading */
  readOnly: boolean;
  readOnlyTestId: string;
  search: ContactSearchProps;
}

/** The head of a Kontak list, like Pengaturan's: title, what it is for, actions and the search box. */
export function ContactListHeader({
  heading,
  description,
  actions,
  readOnly,
  readOnlyTestId,
  search,
}: ContactListHeaderProps) {
  return (
    <ListHeader
      heading={heading}
      description={description}
      actions={
        actions ? (
          <Group gap="xs" className="sapa-contact-actions">
            {actions}
          </Group>
        ) : null
      }
    >
      {readOnly ? (
        <Box mt="md">
          <ReadOnlyNote testId={readOnlyTestId} />
        </Box>
      ) : null}
      <Box mt="md">
        <ContactSearch {...search} />
      </Box>
    </ListHeader>
  );
}

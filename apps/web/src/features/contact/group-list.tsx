import { ActionIcon, Button, Menu, Text, ThemeIcon } from '@mantine/core';
import { IconDots, IconPencil, IconPlus, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateLong, type ContactGroup, interpolate } from '@sapa/contracts';
import { ListSkeleton, PagedList, type PagedListState } from '../../components/paged-list';
import { EmptyState, LoadFailed, LoadMore, NotFoundState } from '../../components/list-states';
import { CONTACT_TEXT, formatCount } from './contact-strings';
import './contact.css';

/** 'Kolom: Kota, Email, +2' (three names at most), or 'Tanpa kolom tambahan'. */
export function columnSummary(columns: readonly string[]): string {
  if (!columns.length) return CONTACT_TEXT.groupNoColumns;
  const shown = columns.slice(0, 3).join(', ');
  const more = columns.length > 3 ? `, +${columns.length - 3}` : '';
  return interpolate(CONTACT_TEXT.groupColumns, { names: shown + more });
}

function GroupRow({
  group,
  readOnly,
  onRename,
  onDelete,
}: {
  group: ContactGroup;
  readOnly: boolean;
  onRename: (group: ContactGroup) => void;
  onDelete: (group: ContactGroup) => void;
}) {
  return (
    <li className="sapa-group-row" data-testid="group-row" data-group-id={group._id}>
      <ThemeIcon size={40} radius="md" variant="light" aria-hidden className="sapa-group-row-icon">
        <IconUsersGroup size={20} stroke={1.7} />
      </ThemeIcon>
      <div className="sapa-group-row-text">
        <Link
          to={`/user/contact/broadcast/${encodeURIComponent(group._id)}`}
          className="sapa-group-link"
          data-testid="group-link"
        >
          <Text
            component="span"
            display="block"
            fw={600}
            size="sm"
            truncate
            title={group.name}
            data-testid="group-name"
          >
            {group.name}
          </Text>
        </Link>
        <Text size="sm" c="dimmed" className="sapa-group-meta">
          <span data-testid="group-total">
            {interpolate(CONTACT_TEXT.groupContacts, { count: formatCount(group.total) })}
          </span>
          <span aria-hidden> · </span>
          <span
            data-testid="group-columns"
            title={group.columns.join(', ') || undefined}
            className="sapa-group-columns"
          >
            {columnSummary(group.columns)}
          </span>
        </Text>
      </div>
      <Text size="xs" c="dimmed" className="sapa-group-updated" data-testid="group-updated">
        {interpolate(CONTACT_TEXT.groupUpdatedAt, { date: formatDateLong(group.updatedAt) })}
      </Text>
      {readOnly ? null : (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size={36}
              className="sapa-group-menu"
              aria-label={interpolate(CONTACT_TEXT.groupMenu, { name: group.name })}
              data-testid="group-menu"
            >
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconPencil size={16} />}
              onClick={() => onRename(group)}
              data-testid="group-rename"
            >
              {CONTACT_TEXT.renameGroup}
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onDelete(group)}
              data-testid="group-delete"
            >
              {CONTACT_TEXT.delete}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </li>
  );
}

export interface GroupListProps extends PagedListState {
  groups: ContactGroup[] | undefined;
  onRename: (group: ContactGroup) => void;
  onDelete: (group: ContactGroup) => void;
}

/** The groups, newest change first: skeletons, empty states, rows linking to each group, 'Lebih Banyak'. */
export function GroupList({ groups, onRename, onDelete, ...state }: GroupListProps) {
  return (
    <PagedList
      items={groups}
      // the skeleton stays until the groups come or fail
      loading={state.loading || !state.failed}
      failed={state.failed}
      search={state.search}
      skeleton={
        <ListSkeleton
          testId="group-skeleton"
          label={CONTACT_TEXT.groupsLoading}
          iconSize={40}
          widths={(i) => [`${40 - (i % 3) * 8}%`, `${56 - (i % 2) * 12}%`]}
          rowClassName="sapa-contact-skeleton-row"
        />
      }
      failedState={
        <LoadFailed text={CONTACT_TEXT.groupsLoadFailed} onRetry={state.onRetry} testId="group-load-failed" />
      }
      notFound={<NotFoundState title={CONTACT_TEXT.groupsNotFound} testId="group-not-found" />}
      empty={
        <EmptyState
          icon={IconUsersGroup}
          title={CONTACT_TEXT.groupsEmpty}
          hint={state.readOnly ? CONTACT_TEXT.groupsEmptyAgent : CONTACT_TEXT.groupsEmptyHint}
          testId="group-empty"
          action={
            state.readOnly ? null : (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={state.onAdd}
                data-testid="group-add-empty"
              >
                {CONTACT_TEXT.addGroup}
              </Button>
            )
          }
        />
      }
      loadMore={
        state.hasNextPage ? (
          <LoadMore onClick={state.onLoadMore} loading={state.loadingMore} testId="group-more" />
        ) : null
      }
      listClassName="sapa-group-list"
      listLabel={CONTACT_TEXT.groupsList}
      renderItem={(group) => (
        <GroupRow group={group} readOnly={state.readOnly} onRename={onRename} onDelete={onDelete} />
      )}
    />
  );
}

import { LABEL_MESSAGES, type Label } from '@sapa/contracts';
import { pagedListOf, useListPage } from '../../components/use-list-page';
import { SettingListPage } from '../../components/setting-list/setting-list-page';
import { LabelDeleteDialog } from './label-delete-dialog';
import { LabelFormModal } from './label-form-modal';
import { LabelList } from './label-list';
import { useLabelPages } from '../../resources/label/label-queries';
import { LABEL_TEXT } from './label-strings';

/**
 * Pengaturan > Label: the tenant's conversation labels with how many chats carry each. The owner
 * adds, renames, recolours and deletes them; agents see the list read-only (they label chats in
 * the chat drawer).
 */
export function LabelSettings() {
  const page = useListPage<Label>();
  const list = pagedListOf(useLabelPages(page.debounced), page);

  return (
    <SettingListPage
      page={page}
      searching={list.searching}
      text={LABEL_TEXT}
      readOnlyNote={LABEL_MESSAGES.ownerOnly}
      testIdPrefix="label"
      list={
        <LabelList labels={list.items} {...list.props} onEdit={page.openForm} onDelete={page.setDeleting} />
      }
      dialogs={
        <>
          <LabelFormModal opened={page.form.opened} label={page.form.item} onClose={page.closeForm} />
          <LabelDeleteDialog label={page.deleting} onClose={() => page.setDeleting(null)} />
        </>
      }
    />
  );
}

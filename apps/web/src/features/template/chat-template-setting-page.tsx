import type { ChatTemplate } from '@sapa/contracts';
import { pagedListOf, useListPage } from '../../components/use-list-page';
import { SettingListPage } from '../../components/setting-list/setting-list-page';
import { TemplateDeleteDialog } from './template-delete-dialog';
import { TemplateFormModal } from './template-form-modal';
import { TemplateList } from './template-list';
import { useTemplatePages } from '../../resources/template/template-queries';
import { TEMPLATE_TEXT } from './template-strings';

/**
 * Pengaturan > Template Pesan: the tenant's saved replies, used in the composer by typing '/'. The
 * owner adds, edits and deletes them (text, image, video, audio, document, location, contact);
 * agents see the list read-only.
 */
export function ChatTemplateSettingPage() {
  const page = useListPage<ChatTemplate>();
  const list = pagedListOf(useTemplatePages(page.debounced), page);

  return (
    <SettingListPage
      page={page}
      searching={list.searching}
      text={TEMPLATE_TEXT}
      readOnlyNote={TEMPLATE_TEXT.readOnly}
      testIdPrefix="template"
      list={
        <TemplateList
          templates={list.items}
          {...list.props}
          onEdit={page.openForm}
          onDelete={page.setDeleting}
        />
      }
      dialogs={
        <>
          <TemplateFormModal opened={page.form.opened} template={page.form.item} onClose={page.closeForm} />
          <TemplateDeleteDialog template={page.deleting} onClose={() => page.setDeleting(null)} />
        </>
      }
    />
  );
}

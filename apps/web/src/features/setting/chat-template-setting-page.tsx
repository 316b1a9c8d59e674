import { IconTemplate } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';

/** Template Pesan: filled in by a later issue; for now a friendly empty state. */
export function ChatTemplateSettingPage() {
  return (
    <ComingSoon
      title="Template Pesan"
      description="Simpan balasan yang sering dipakai lalu panggil dengan mengetik / di kolom pesan."
      icon={IconTemplate}
      withHeader={false}
    />
  );
}

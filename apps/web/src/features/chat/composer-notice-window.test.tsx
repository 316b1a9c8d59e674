import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Chat } from '@sapa/contracts';
import { makeChat } from '../../test/chat-fixtures';
import { renderWithProviders } from '../../test/render';
import { ComposerNotice, replyBlock } from './composer-notice';

const now = Date.parse('2026-01-10T12:00:00.000Z');
const dayAgo = '2026-01-09T11:00:00.000Z';

function renderNotice(account: Partial<Chat['account']>, fromSenderAt: string | null, onPick = vi.fn()) {
  const chat = makeChat({
    account: { type: 'whatsapp', label: { name: 'X' }, provider: 'meta', replyWindowHours: 24, ...account },
    fromSenderAt,
  });
  const block = replyBlock(chat, null, now);
  if (!block) throw new Error('the window should be closed');
  renderWithProviders(<ComposerNotice chat={chat} block={block} myAgentId={null} onPickTemplate={onPick} />);
  return { notice: screen.getByTestId('composer-notice'), onPick };
}

describe('the composer’s notice when the reply window has closed (spec §4, issue 25)', () => {
  it('says the spec’s exact words on Instagram, with no button', () => {
    const { notice } = renderNotice({ type: 'instagram' }, dayAgo);
    expect(notice.textContent).toBe(
      'Percakapan dibatasi karena pesan terakhir dari pengguna lebih dari 24 jam',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('names Messenger’s hours', () => {
    const { notice } = renderNotice({ type: 'messenger', replyWindowHours: 168 }, '2026-01-01T00:00:00.000Z');
    expect(notice.textContent).toBe(
      'Percakapan dibatasi karena pesan terakhir dari pengguna lebih dari 168 jam',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("offers 'Pilih template' on the WhatsApp Cloud API", () => {
    const { notice, onPick } = renderNotice({ provider: 'whatsapp-cloud' }, dayAgo);
    expect(notice.textContent).toContain(
      'Sudah lebih dari 24 jam sejak pesan terakhir pelanggan. WhatsApp hanya mengizinkan template pesan yang disetujui',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pilih template' }));
    expect(onPick).toHaveBeenCalledTimes(1);
  });

  it('says a Cloud API conversation the customer has not started opens with a template too', () => {
    const { notice } = renderNotice({ provider: 'whatsapp-cloud' }, null);
    expect(notice.textContent).toContain('Pelanggan belum mengirim pesan di percakapan ini.');
    expect(screen.getByRole('button', { name: 'Pilih template' })).toBeTruthy();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CaptionStepModal, PreviewBody } from './send-preview';

const testIds = { step: 'step', caption: 'caption', submit: 'submit' };

describe('CaptionStepModal', () => {
  it('titles the kind, starts from the draft caption and sends it trimmed on Enter', async () => {
    const onSend = vi.fn();
    const draft = { kind: 'video' as const, caption: 'awal', id: 7 };
    renderWithProviders(
      <CaptionStepModal
        draft={draft}
        onClose={() => {}}
        onSend={onSend}
        preview={() => <span data-testid="preview" />}
        stageClassName="extra"
        testIds={testIds}
      />,
    );
    expect(await screen.findByText('Kirim Video')).toBeTruthy();
    expect(screen.getByTestId('preview').parentElement?.className).toBe('sapa-send-preview-stage extra');
    const caption = screen.getByTestId('caption') as HTMLTextAreaElement;
    expect(caption.value).toBe('awal');
    fireEvent.keyDown(caption, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(caption, { target: { value: '  baru  ' } });
    fireEvent.keyDown(caption, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith({ kind: 'video', caption: 'baru', id: 7 });
  });

  it('is closed without a draft', () => {
    renderWithProviders(
      <CaptionStepModal
        draft={null}
        onClose={() => {}}
        onSend={() => {}}
        preview={() => null}
        testIds={testIds}
      />,
    );
    expect(screen.queryByTestId('step')).toBeNull();
  });
});

describe('PreviewBody', () => {
  it('shows a picture from its url, and a card with name, size and the no-preview note otherwise', () => {
    const { rerender } = renderWithProviders(
      <PreviewBody kind="image" src="blob:a" name="a.png" size={1} noPreview />,
    );
    expect(screen.getByAltText('Pratinjau gambar').getAttribute('src')).toBe('blob:a');
    rerender(<PreviewBody kind="document" src={null} name="a.pdf" size={null} noPreview docTestId="doc" />);
    expect(screen.getByTestId('doc').textContent).toBe('a.pdfPratinjau tidak tersedia');
    rerender(<PreviewBody kind="image" src={null} name="a.png" size={2} noPreview={false} docTestId="doc" />);
    expect(screen.getByTestId('doc').textContent).toBe('a.png2 kB');
  });
});

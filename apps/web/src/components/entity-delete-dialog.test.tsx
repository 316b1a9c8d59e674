import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { t } from '@sapa/contracts';
import { renderWithProviders } from '../test/render';
import { EntityDeleteDialog, type DeleteMutation } from './entity-delete-dialog';

interface Thing {
  _id: string;
  name: string;
}
type Answer = { message: string };
type Options = Parameters<DeleteMutation<Answer>['mutate']>[1];

const THING: Thing = { _id: 't1', name: 'Benda' };

/** A mutation whose outcome the test decides by calling the options it was given. */
function fakeMutation(isPending = false) {
  const calls: { id: string; options: Options }[] = [];
  const remove: DeleteMutation<Answer> = {
    isPending,
    mutate: (id, options) => calls.push({ id, options }),
  };
  return { remove, calls };
}

function setup(
  props: Partial<Parameters<typeof EntityDeleteDialog<Thing, Answer>>[0]> & {
    remove: DeleteMutation<Answer>;
  },
) {
  const onClose = vi.fn();
  const onDeleted = vi.fn(() => expect(onClose).toHaveBeenCalled());
  const body = vi.fn((shown: Thing | null) => <span>Hapus {shown?.name ?? ''}?</span>);
  const ui = (entity: Thing | null) => (
    <EntityDeleteDialog<Thing, Answer>
      entity={entity}
      onClose={onClose}
      onDeleted={onDeleted}
      title="Hapus Benda"
      testId="thing-delete-confirm"
      submitTestId="thing-delete-submit"
      {...props}
    >
      {body}
    </EntityDeleteDialog>
  );
  const view = renderWithProviders(ui(THING));
  return { onClose, onDeleted, body, rerender: (entity: Thing | null) => view.rerender(ui(entity)) };
}

const submit = () => fireEvent.click(screen.getByTestId('thing-delete-submit'));

describe('EntityDeleteDialog', () => {
  it('shows the title and body, deletes by id, toasts the server message, closes, then reports', async () => {
    const { remove, calls } = fakeMutation();
    const { onClose, onDeleted } = setup({ remove });
    const dialog = await screen.findByTestId('thing-delete-confirm');
    expect(within(dialog).getByText('Hapus Benda?')).toBeTruthy();
    expect(screen.getByText('Hapus Benda')).toBeTruthy();

    submit();
    expect(calls.map((c) => c.id)).toEqual(['t1']);
    calls[0]!.options.onSuccess({ message: 'Benda berhasil dihapus' });
    expect(await screen.findByTestId('toast-title')).toHaveProperty('textContent', t('common.success'));
    expect(screen.getByTestId('toast-message').textContent).toBe('Benda berhasil dihapus');
    expect(screen.getByTestId('toast').getAttribute('data-type')).toBe('success');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('toasts a fixed success text when given one', async () => {
    const { remove, calls } = fakeMutation();
    setup({ remove, successMessage: () => 'Selesai' });
    submit();
    calls[0]!.options.onSuccess({ message: 'dari server' });
    expect((await screen.findByTestId('toast-message')).textContent).toBe('Selesai');
  });

  it("toasts the server's refusal and stays open", async () => {
    const { remove, calls } = fakeMutation();
    const { onClose, onDeleted } = setup({ remove });
    submit();
    calls[0]!.options.onError(new Error('Benda masih dipakai'));
    expect((await screen.findByTestId('toast-title')).textContent).toBe(t('common.failed'));
    expect(screen.getByTestId('toast-message').textContent).toBe('Benda masih dipakai');
    expect(screen.getByTestId('toast').getAttribute('data-type')).toBe('error');
    expect(onClose).not.toHaveBeenCalled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('does not delete twice while the deletion runs', async () => {
    const { remove, calls } = fakeMutation(true);
    setup({ remove });
    await screen.findByTestId('thing-delete-confirm');
    submit();
    expect(calls).toHaveLength(0);
  });

  it('keeps the last entity in the body while the dialog closes', async () => {
    const { remove } = fakeMutation();
    const { body, rerender } = setup({ remove });
    await screen.findByTestId('thing-delete-confirm');
    rerender(null);
    expect(body).toHaveBeenLastCalledWith(THING);
  });
});

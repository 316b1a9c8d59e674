import { Fragment, useState, type ComponentPropsWithoutRef, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, TextInput, type ModalProps, type TextInputProps } from '@mantine/core';
import { t } from '@sapa/contracts';
import { FormAlert } from './form-alert';
import { useToast } from './toast/use-toast';

const TITLE_STYLES = { title: { fontWeight: 650 } };
const LARGE_TITLE_STYLES = { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } };

/** How many times `opened` has turned true: a key that mounts the content afresh on each opening. */
export function useOpenings(opened: boolean): number {
  const [openings, setOpenings] = useState({ count: 0, opened: false });
  if (opened !== openings.opened) setOpenings({ count: openings.count + (opened ? 1 : 0), opened });
  return openings.count;
}

export interface SaveCallbacks<R> {
  onSuccess: (answer: R) => void;
  onError: (error: unknown) => void;
}

/**
 * The callbacks for a form's save mutation: a success toasts 'Berhasil' with `message`, ends the form
 * (`onDone`, which closes its modal), then runs `after`; a refusal goes to `onError`.
 */
export function useSaveCallbacks(onDone: () => void, onError: (error: unknown) => void) {
  const toast = useToast();
  return <R = unknown,>(
    message: string | ((answer: R) => string),
    after?: (answer: R) => void,
  ): SaveCallbacks<R> => ({
    onSuccess: (answer) => {
      toast.show({
        title: t('common.success'),
        message: typeof message === 'string' ? message : message(answer),
        type: 'success',
      });
      onDone();
      after?.(answer);
    },
    onError,
  });
}

export interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  /** the title in the large font size as well as bold */
  largeTitle?: boolean;
  /** wraps the content in a div with this data-testid */
  testId?: string;
  /** each opening mounts the content afresh; the content stays as it was while the modal closes */
  resetOnOpen?: boolean;
  children: ReactNode;
}

/** The centred modal of the small create/edit forms: a bold title and an 'x' that says what it does. */
export function FormModal({
  opened,
  onClose,
  title,
  size,
  largeTitle = false,
  testId,
  resetOnOpen = false,
  children,
}: FormModalProps) {
  const openings = useOpenings(opened);
  const content = resetOnOpen ? <Fragment key={openings}>{children}</Fragment> : children;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size={size}
      closeButtonProps={{ 'aria-label': 'Tutup' }}
      styles={largeTitle ? LARGE_TITLE_STYLES : TITLE_STYLES}
    >
      {testId ? <div data-testid={testId}>{content}</div> : content}
    </Modal>
  );
}

export interface ModalFormProps extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit'> {
  /** called on submit (Enter or the submit button) unless a save is pending */
  onSubmit: () => void;
  pending: boolean;
  /** the refusal shown above the fields */
  formError: string | null;
  onCancel: () => void;
  /** the cancel button's text, 'Batal' by default */
  cancelLabel?: string;
  /** the submit button's text, 'Simpan' by default */
  submitLabel?: string;
  submitTestId?: string;
  /** shown above the form's alert */
  header?: ReactNode;
  /** a small gap above the buttons */
  spacedActions?: boolean;
}

/**
 * The form inside a FormModal: the alert above the fields, then the fields, then 'Batal' (disabled
 * while saving) and the submit button (loading while saving). Validation is left to the fields.
 */
export function ModalForm({
  onSubmit,
  pending,
  formError,
  onCancel,
  cancelLabel = 'Batal',
  submitLabel = 'Simpan',
  submitTestId,
  header,
  spacedActions = true,
  children,
  ...formProps
}: ModalFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate {...formProps}>
      <Stack gap="md">
        {header}
        <FormAlert message={formError} />
        {children}
        <Group justify="flex-end" gap="sm" mt={spacedActions ? 'xs' : undefined}>
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" loading={pending} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A form's first field, a name: focused on opening, not autofilled, its length limit under it. */
export function NameInput({ label, placeholder, max, ...props }: TextInputProps & { max: number }) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      description={`Maksimal ${max} karakter`}
      data-autofocus
      autoComplete="off"
      {...props}
    />
  );
}

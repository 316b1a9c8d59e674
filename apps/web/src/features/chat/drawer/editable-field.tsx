import { useEffect, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';

export interface EditableFieldProps {
  label: string;
  value: string;
  placeholder?: string;
  inputMode?: 'text' | 'numeric';
  /** checks before saving; a message refuses */
  validate?: (value: string) => string | null;
  onSave: (value: string) => Promise<unknown>;
  testId: string;
  /** how the value reads while not edited (a phone in the one format, issue 21) */
  format?: (value: string) => string;
}

/**
 * spec §2 drawer: a value with a pencil; editing shows a tick (saves, as does Enter) and a cross
 * (cancels, as does Escape, which then does not close the drawer).
 */
export function EditableField({
  label,
  value,
  placeholder,
  inputMode,
  validate,
  onSave,
  testId,
  format,
}: EditableFieldProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!editing) setDraft(value);
  }, [value, editing]);

  const cancel = () => {
    setEditing(false);
    setDraft(value);
    setError(null);
  };
  const save = async () => {
    const next = draft.trim();
    const refusal = validate?.(next) ?? null;
    if (refusal) {
      setError(refusal);
      return;
    }
    if (next === value) {
      cancel();
      return;
    }
    setSaving(true);
    try {
      await onSave(next);
      setEditing(false);
      setError(null);
    } catch {
      // the toast says why; the field stays open to fix
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };

  if (!editing) {
    return (
      <div data-testid={testId}>
        <Text size="xs" c="dimmed" fw={500}>
          {label}
        </Text>
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={`${testId}-value`}>
            {(format ? format(value) : value) || '-'}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Ubah ${label}`}
            onClick={() => setEditing(true)}
          >
            <IconPencil size={16} stroke={1.8} />
          </ActionIcon>
        </Group>
      </div>
    );
  }
  return (
    <TextInput
      label={label}
      value={draft}
      placeholder={placeholder}
      inputMode={inputMode}
      autoFocus
      error={error}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        setError(null);
      }}
      onKeyDown={onKeyDown}
      data-testid={`${testId}-input`}
      rightSectionWidth={64}
      rightSection={
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label="Simpan" loading={saving} onClick={() => void save()}>
            <IconCheck size={16} stroke={2} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label="Batal" onClick={cancel}>
            <IconX size={16} stroke={2} />
          </ActionIcon>
        </Group>
      }
    />
  );
}

import type { CSSProperties } from 'react';
import { ActionIcon, CloseButton, Group, Loader, TextInput, type MantineSpacing } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  /** a new search is loading */
  searching: boolean;
  label: string;
  placeholder: string;
  /** the cross's aria-label */
  clearLabel: string;
  testId: string;
  mt?: MantineSpacing;
}

/** A search box that searches as one types (the list debounces): Escape or the cross clears it. */
export function SearchInput({
  value,
  onChange,
  searching,
  label,
  placeholder,
  clearLabel,
  testId,
  mt,
}: SearchInputProps) {
  return (
    <TextInput
      mt={mt}
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && value) {
          event.preventDefault();
          onChange('');
        }
      }}
      leftSection={<IconSearch size={18} stroke={1.7} />}
      rightSection={
        searching ? (
          <Loader size={16} />
        ) : value ? (
          <CloseButton size="sm" aria-label={clearLabel} onClick={() => onChange('')} />
        ) : null
      }
      data-testid={testId}
    />
  );
}

export interface SearchFormProps {
  /** the text in the box, not yet searched */
  draft: string;
  onDraftChange: (draft: string) => void;
  /** the search to run: the trimmed draft on Enter or the button, '' once the box is emptied */
  onApply: (search: string) => void;
  label: string;
  placeholder: string;
  /** the cross's aria-label */
  clearLabel: string;
  /** the search button's aria-label */
  buttonLabel: string;
  testId: string;
  buttonTestId: string;
  /** lays out the input and the button (unless `grouped`) */
  className?: string;
  /** the input and the button in a Group of their own */
  grouped?: boolean;
  inputStyle?: CSSProperties;
}

/**
 * A search form that searches on Enter or its button (role="search"); emptying the box, by typing
 * or with the cross, searches for everything again.
 */
export function SearchForm({
  draft,
  onDraftChange,
  onApply,
  label,
  placeholder,
  clearLabel,
  buttonLabel,
  testId,
  buttonTestId,
  className,
  grouped = false,
  inputStyle,
}: SearchFormProps) {
  const fields = (
    <>
      <TextInput
        size="sm"
        style={inputStyle}
        enterKeyHint="search"
        aria-label={label}
        placeholder={placeholder}
        value={draft}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onDraftChange(value);
          if (!value) onApply('');
        }}
        leftSection={<IconSearch size={16} stroke={1.8} aria-hidden />}
        rightSection={
          draft ? (
            <CloseButton
              size="sm"
              aria-label={clearLabel}
              onClick={() => {
                onDraftChange('');
                onApply('');
              }}
            />
          ) : null
        }
        data-testid={testId}
      />
      <ActionIcon type="submit" size={36} variant="light" aria-label={buttonLabel} data-testid={buttonTestId}>
        <IconSearch size={18} stroke={1.8} />
      </ActionIcon>
    </>
  );
  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft.trim());
      }}
    >
      {grouped ? (
        <Group gap={6} wrap="nowrap">
          {fields}
        </Group>
      ) : (
        fields
      )}
    </form>
  );
}

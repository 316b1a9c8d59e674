import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconFileSpreadsheet, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  CONTACT_LIMITS,
  groupBody,
  startImportBody,
  type ContactGroup,
  type ContactImport,
  type StartImportBody,
  WEB_MESSAGES,
  interpolate,
  CONTACT_MESSAGES,
} from '@sapa/contracts';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-error';
import { baseName } from '../contact-format';
import { useGroupPicker } from '../../../resources/group/group-queries';
import { formatCount } from '../contact-strings';
import {
  adaptMapping,
  choiceToTarget,
  duplicateTargets,
  guessMapping,
  newColumnName,
  type MappingChoice,
} from './guess-mapping';
import { startImport } from './import-api';
import { IMPORT_TEXT } from './import-strings';

type TargetMode = 'existing' | 'new';

/** The mapping Select's options for one header, grouped: contact data, the group's columns, the rest. */
function mappingOptions(header: string, columns: readonly string[]) {
  const existing = columns.some((c) => c.toLowerCase() === header.trim().toLowerCase());
  const canCreate = !existing && newColumnName(header) !== null;
  return [
    {
      group: IMPORT_TEXT.groupFixed,
      items: [
        { value: 'name', label: IMPORT_TEXT.optionName },
        { value: 'phoneNumber', label: IMPORT_TEXT.optionPhone },
      ],
    },
    ...(columns.length
      ? [
          {
            group: IMPORT_TEXT.groupExistingColumns,
            items: columns.map((c) => ({ value: `column:${c}`, label: c })),
          },
        ]
      : []),
    {
      group: IMPORT_TEXT.groupOther,
      items: [
        ...(canCreate
          ? [{ value: 'new', label: interpolate(IMPORT_TEXT.optionNew, { header: header.trim() }) }]
          : []),
        { value: 'ignore', label: IMPORT_TEXT.optionIgnore },
      ],
    },
  ];
}

export interface ImportMappingStepProps {
  item: ContactImport;
  /** the group the wizard was opened from, chosen already */
  initialGroup: ContactGroup | null;
  onStarted: (item: ContactImport) => void;
  onBack: () => void;
}

/**
 * Step 2: the target group (an existing one, or a new one by name) and, for each column of the file,
 * where it goes; the first rows of the file below. 'Mulai Impor' checks the mapping like the
 * server would, then starts the import.
 */
export function ImportMappingStep({ item, initialGroup, onStarted, onBack }: ImportMappingStepProps) {
  const headers = item.headers;
  const [mode, setMode] = useState<TargetMode | null>(initialGroup ? 'existing' : null);
  const [group, setGroup] = useState<ContactGroup | null>(initialGroup);
  const [groupName, setGroupName] = useState(() =>
    baseName(item.fileName).slice(0, CONTACT_LIMITS.groupNameMax),
  );
  const [pickerSearch, setPickerSearch] = useState('');
  const [debounced] = useDebouncedValue(pickerSearch.trim(), 300);
  const [choices, setChoices] = useState<MappingChoice[]>(() =>
    guessMapping(headers, initialGroup?.columns ?? []),
  );
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const [errors, setErrors] = useState<{ group?: string; groupName?: string; form?: string }>({});
  const start = useMutation({ mutationFn: (body: StartImportBody) => startImport(item._id, body) });

  // the selected group's name in the box is not a search
  const search = group && debounced === group.name ? '' : debounced;
  const picker = useGroupPicker(search);
  const pickerGroups = picker.data?.docs;
  // with no group yet, the first import goes to a new group
  const effectiveMode: TargetMode =
    mode ?? (!search && pickerGroups && pickerGroups.length === 0 ? 'new' : 'existing');
  const columns = useMemo(
    () => (effectiveMode === 'existing' ? (group?.columns ?? []) : []),
    [effectiveMode, group],
  );
  const duplicates = duplicateTargets(choices, headers);

  const retarget = (nextMode: TargetMode, nextGroup: ContactGroup | null) => {
    const nextColumns = nextMode === 'existing' ? (nextGroup?.columns ?? []) : [];
    setChoices(adaptMapping(choices, headers, nextColumns, touched));
    setErrors({});
  };

  const groupOptions = useMemo(() => {
    const list = [...(pickerGroups ?? [])];
    if (group && !list.some((g) => g._id === group._id)) list.unshift(group);
    return list;
  }, [pickerGroups, group]);

  const submit = () => {
    if (start.isPending) return;
    const next: typeof errors = {};
    let body: StartImportBody | null = null;
    const mapping = choices.map((choice, i) => choiceToTarget(choice, headers[i] ?? ''));
    if (effectiveMode === 'existing') {
      if (!group) next.group = CONTACT_MESSAGES.importGroupRequired;
      else body = { groupId: group._id, mapping };
    } else {
      const parsed = groupBody.safeParse({ name: groupName });
      if (!parsed.success) next.groupName = parsed.error.issues[0]?.message;
      else body = { groupName: parsed.data.name, mapping };
    }
    if (body) {
      const checked = startImportBody.safeParse(body);
      const issue = checked.success ? null : checked.error.issues.find((i) => i.path[0] !== 'groupId');
      const newColumns = new Set(
        mapping.flatMap((m) =>
          m.target === 'column' && !columns.some((c) => c.toLowerCase() === m.column.toLowerCase())
            ? [m.column.toLowerCase()]
            : [],
        ),
      );
      if (issue) next.form = issue.message;
      else if (columns.length + newColumns.size > CONTACT_LIMITS.columnsPerGroup)
        next.form = interpolate(CONTACT_MESSAGES.columnsTooMany, { max: CONTACT_LIMITS.columnsPerGroup });
    }
    setErrors(next);
    if (!body || next.form || next.group || next.groupName) return;
    start.mutate(body, {
      onSuccess: onStarted,
      onError: (error) => setErrors({ form: errorMessage(error, WEB_MESSAGES.unexpectedError) }),
    });
  };

  return (
    <Stack gap="lg" data-testid="import-step-mapping">
      <Group gap="sm" className="sapa-import-file">
        <IconFileSpreadsheet size={22} stroke={1.6} aria-hidden />
        <Box style={{ minWidth: 0, flex: '1 1 160px' }}>
          <Text fw={600} size="sm" truncate title={item.fileName} data-testid="import-file-name">
            {item.fileName}
          </Text>
          <Text size="sm" c="dimmed" data-testid="import-total-rows">
            {interpolate(IMPORT_TEXT.fileRows, { count: formatCount(item.totalRows) })}
          </Text>
        </Box>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={15} />}
          onClick={onBack}
          disabled={start.isPending}
          data-testid="import-back"
        >
          {IMPORT_TEXT.back}
        </Button>
      </Group>

      <Stack gap="xs">
        <Title order={4} fz="md">
          {IMPORT_TEXT.targetHeading}
        </Title>
        <SegmentedControl
          value={effectiveMode}
          onChange={(value) => {
            const next = value as TargetMode;
            setMode(next);
            retarget(next, group);
          }}
          data={[
            { value: 'existing', label: IMPORT_TEXT.targetExisting },
            { value: 'new', label: IMPORT_TEXT.targetNew },
          ]}
          data-testid="import-target-mode"
          fullWidth
        />
        {effectiveMode === 'existing' ? (
          <Select
            label={IMPORT_TEXT.targetGroupLabel}
            placeholder={IMPORT_TEXT.targetGroupPlaceholder}
            searchable
            searchValue={pickerSearch}
            onSearchChange={setPickerSearch}
            nothingFoundMessage={picker.isFetching ? undefined : IMPORT_TEXT.targetGroupEmpty}
            data={groupOptions.map((g) => ({ value: g._id, label: g.name }))}
            value={group?._id ?? null}
            onChange={(id) => {
              const next = groupOptions.find((g) => g._id === id) ?? null;
              setGroup(next);
              retarget('existing', next);
            }}
            error={errors.group}
            comboboxProps={{ withinPortal: true }}
            size="md"
            data-testid="import-group-select"
          />
        ) : (
          <TextInput
            label={IMPORT_TEXT.newGroupLabel}
            description={`Maksimal ${CONTACT_LIMITS.groupNameMax} karakter`}
            value={groupName}
            onChange={(event) => {
              setGroupName(event.currentTarget.value);
              if (errors.groupName) setErrors((e) => ({ ...e, groupName: undefined }));
            }}
            error={errors.groupName}
            autoComplete="off"
            data-testid="import-group-name"
          />
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={4} fz="md">
          {IMPORT_TEXT.mappingHeading}
        </Title>
        <Text size="sm" c="dimmed">
          {IMPORT_TEXT.mappingIntro}
        </Text>
        <Paper withBorder radius="md" className="sapa-import-mapping">
          <ul className="sapa-import-mapping-list">
            {headers.map((header, i) => {
              const example = item.preview.find((row) => row[i]?.trim())?.[i];
              const shownHeader = header.trim() || IMPORT_TEXT.mappingEmptyHeader;
              return (
                <li key={i} className="sapa-import-mapping-row" data-testid="import-mapping-row">
                  <div className="sapa-import-mapping-header">
                    <Text fw={600} size="sm" truncate title={shownHeader}>
                      {shownHeader}
                    </Text>
                    {example ? (
                      <Text size="xs" c="dimmed" truncate title={example}>
                        {example}
                      </Text>
                    ) : null}
                  </div>
                  <NativeSelect
                    className="sapa-import-mapping-select"
                    aria-label={interpolate(IMPORT_TEXT.mappingFor, { header: shownHeader })}
                    size="sm"
                    value={choices[i] ?? 'ignore'}
                    data={mappingOptions(header, columns)}
                    error={duplicates.has(i) ? true : undefined}
                    onChange={(event) => {
                      const value = event.currentTarget.value as MappingChoice;
                      setChoices((list) => list.map((c, j) => (j === i ? value : c)));
                      setTouched((set) => new Set(set).add(i));
                      if (errors.form) setErrors((e) => ({ ...e, form: undefined }));
                    }}
                    data-testid={`import-mapping-${i}`}
                    data-choice={choices[i] ?? 'ignore'}
                  />
                </li>
              );
            })}
          </ul>
        </Paper>
      </Stack>

      {item.preview.length ? (
        <Stack gap="xs">
          <Title order={4} fz="md">
            {IMPORT_TEXT.previewHeading}
          </Title>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer minWidth={Math.max(320, headers.length * 140)} type="native">
              <Table
                striped
                verticalSpacing={6}
                horizontalSpacing="sm"
                fz="xs"
                className="sapa-import-preview"
                data-testid="import-preview"
              >
                <Table.Caption>
                  {interpolate(IMPORT_TEXT.previewCaption, { count: item.preview.length })}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    {headers.map((header, i) => (
                      <Table.Th key={i}>{header.trim() || IMPORT_TEXT.mappingEmptyHeader}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {item.preview.map((row, r) => (
                    <Table.Tr key={r}>
                      {headers.map((_, i) => (
                        <Table.Td key={i} className="sapa-import-preview-cell" title={row[i] ?? ''}>
                          {row[i] ?? ''}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </Stack>
      ) : null}

      {errors.form ? (
        <div data-testid="import-error">
          <FormAlert message={errors.form} />
        </div>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          onClick={submit}
          loading={start.isPending}
          data-testid="import-start"
        >
          {IMPORT_TEXT.start}
        </Button>
      </Group>
    </Stack>
  );
}
